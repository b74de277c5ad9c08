// `scheme://user:password@` at the start of a URL the WHATWG parser could not read.
const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i;

/**
 * The URL without `user:password@`: a stored or returned URL never carries credentials (the
 * manifest is plain text, and URLs go back to the agent). Other URLs are returned exactly as given.
 */
export function stripUrlCredentials(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return url.replace(USERINFO, "$1");
  }
  if (parsed.username === "" && parsed.password === "") return url;
  parsed.username = "";
  parsed.password = "";
  return parsed.toString();
}
