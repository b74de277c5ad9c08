/** A URL without `user:password@`: what the agent gave may carry them, nothing websift keeps or returns does. */
export function withoutCredentials(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.username === "" && parsed.password === "") return url;
  parsed.username = "";
  parsed.password = "";
  return parsed.href;
}

/** A scrubber for messages about `url`: removes its userinfo and password wherever a layer echoed them. */
export function credentialScrubber(url: string): (text: string) => string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return (text) => text;
  }
  const secrets = [parsed.username && parsed.password ? `${parsed.username}:${parsed.password}@` : "", parsed.username ? `${parsed.username}@` : "", parsed.password, parsed.password ? decodeURIComponentSafe(parsed.password) : ""]
    .filter((secret) => secret.length >= 3)
    .sort((a, b) => b.length - a.length);
  if (secrets.length === 0) return (text) => text;
  return (text) => secrets.reduce((scrubbed, secret) => scrubbed.split(secret).join(secret.endsWith("@") ? "" : "REDACTED"), text);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
