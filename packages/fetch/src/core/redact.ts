// Keeps secrets out of messages, results and archives: URL credentials, API keys in query strings,
// and credential-bearing headers.
//
// URL credentials (`http://user:password@host/`) are still sent to the target as Basic auth, because a caller who
// wrote them meant that server to get them. got sends them from the hop's URL, so a relative (same-origin)
// redirect keeps them and an absolute redirect elsewhere does not. They are never echoed back: every URL that
// leaves the layer (result, redirect chain, messages, cache, WARC) passes through a function of this file, and
// the cache key holds them only inside its hash (pages fetched with other credentials must not be shared).

const SECRET_QUERY_PARAMS = new Set([
  "key", "api_key", "apikey", "api-key", "access_token", "token", "auth", "subscription_token", "client_secret",
  "secret", "password", "sig", "signature", "appid", "app_id", "app_key",
]);

export const SECRET_HEADERS = new Set([
  "authorization", "proxy-authorization", "cookie", "set-cookie", "x-subscription-token", "x-api-key", "api-key",
  "x-auth-token",
]);

const REDACTED = "REDACTED";

/** The URL without user:password, for messages and results. */
export function stripUrlCredentials(url: URL): string {
  if (url.username === "" && url.password === "") return url.href;
  const copy = new URL(url.href);
  copy.username = "";
  copy.password = "";
  return copy.href;
}

// scheme://userinfo@ inside free text; greedy up to the last "@" before the host, as URL parsers read it.
const USERINFO_IN_TEXT = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#]*@/gi;

/**
 * Free text (a transport or proxy library's message, an unparseable Location value) with the user:password of any
 * URL in it removed: the last line of defence for text this layer did not build itself.
 */
export function stripCredentialsFromText(text: string): string {
  return text.replace(USERINFO_IN_TEXT, "$1");
}

// Schemes whose userinfo the URL parser always splits out; elsewhere "user:pw@host/x" parses as scheme "user:".
const SPECIAL_SCHEMES = new Set(["http:", "https:", "ws:", "wss:", "ftp:", "file:"]);

/** A raw, possibly invalid URL string made safe to put in an error message. */
export function describeUrlForMessage(raw: string): string {
  try {
    const url = new URL(raw);
    if (SPECIAL_SCHEMES.has(url.protocol)) return stripUrlCredentials(url);
  } catch {
    // unparseable: scrubbed as text below
  }
  // Drop any userinfo, with a scheme or without one ("user:pw@host/x").
  return JSON.stringify(stripCredentialsFromText(raw).replace(/^[^\s/?#]*@/, "").slice(0, 200));
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

// Headers whose value is a URL that may carry user:password (a server echoing the caller's, a caller's Referer).
const URL_HEADERS = new Set(["location", "content-location", "referer"]);
const RELATIVE_BASE = "http://relative.invalid/";

/**
 * A header's URL value (absolute, scheme-relative or relative) without user:password. Values without
 * credentials are returned byte for byte, so replay sees the Location the server sent.
 */
export function stripHeaderUrlCredentials(value: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value, RELATIVE_BASE);
  } catch {
    return stripCredentialsFromText(value);
  }
  if (parsed.username === "" && parsed.password === "") return value;
  const stripped = stripUrlCredentials(parsed);
  // A scheme-relative value stays scheme-relative (WHATWG parsers read backslashes as slashes here).
  return /^\s*[\\/]{2}/.test(value) ? stripped.slice(parsed.protocol.length) : stripped;
}

export function redactHeaders(headers: Array<[string, string]>): Array<[string, string]> {
  return headers.map(([name, value]) => {
    const lower = name.toLowerCase();
    if (SECRET_HEADERS.has(lower)) return [name, REDACTED];
    return [name, URL_HEADERS.has(lower) ? stripHeaderUrlCredentials(value) : value];
  });
}
