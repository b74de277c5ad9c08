// Keeps secrets out of messages, results and archives: URL credentials, API keys in query strings,
// and credential-bearing headers.

const SECRET_QUERY_PARAMS = new Set([
  "key", "api_key", "apikey", "api-key", "access_token", "token", "auth", "subscription_token", "client_secret",
  "secret", "password", "sig", "signature", "appid", "app_id", "app_key",
]);

export const SECRET_HEADERS = new Set([
  "authorization", "proxy-authorization", "cookie", "set-cookie", "x-subscription-token", "x-api-key", "api-key",
  "x-auth-token",
]);

export const REDACTED = "REDACTED";

/** The URL without user:password, for messages and results. */
export function stripUrlCredentials(url: URL): string {
  if (url.username === "" && url.password === "") return url.href;
  const copy = new URL(url.href);
  copy.username = "";
  copy.password = "";
  return copy.href;
}

/** A raw, possibly invalid URL string made safe to put in an error message. */
export function describeUrlForMessage(raw: string): string {
  try {
    return stripUrlCredentials(new URL(raw));
  } catch {
    return JSON.stringify(raw.replace(/\/\/[^/@]*@/, "//").slice(0, 200));
  }
}

function isSecretQueryParam(name: string): boolean {
  const lower = name.toLowerCase();
  return SECRET_QUERY_PARAMS.has(lower) || lower.endsWith("_key") || lower.endsWith("apikey") || lower.endsWith("_token");
}

/** The URL with credentials and fragment removed and secret query values replaced, as written to archives. */
export function redactUrl(url: URL): string {
  const copy = new URL(stripUrlCredentials(url));
  copy.hash = ""; // never sent to the server, so not part of an exchange
  // searchParams.set re-serialises the whole query, so it is touched only when a secret is present.
  for (const name of [...new Set(copy.searchParams.keys())]) {
    if (isSecretQueryParam(name)) copy.searchParams.set(name, REDACTED);
  }
  return copy.href;
}

export function redactHeaders(headers: Array<[string, string]>): Array<[string, string]> {
  return headers.map(([name, value]) => [name, SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value]);
}
