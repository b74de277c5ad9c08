import { canonicalizeUrl, isTrackingParameter } from "@websift/contracts";

const SLASH = 0x2f;
const DOT = 0x2e;

/** Characters a path may hold and stay exactly as written by the WHATWG URL parser: unreserved, sub-delims, `:@/`. */
const PATH_CHARS = new Uint8Array(128);
for (const char of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/") PATH_CHARS[char.charCodeAt(0)] = 1;

/**
 * Characters of a query parameter's name or value that the form decoding and encoding `canonicalizeUrl` applies
 * (through URLSearchParams) leave as they are: ASCII letters, digits and `*-._`.
 */
const QUERY_CHARS = new Uint8Array(128);
for (const char of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*-._") QUERY_CHARS[char.charCodeAt(0)] = 1;

/** True for a-z and 0-9 (host labels in their canonical form: lower case ASCII). */
function isLowerAlnum(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39);
}

/**
 * True when `raw` is certain to be its own canonical form (`canonicalizeUrl(raw) === raw`), decided by reading its
 * characters once instead of parsing it. Only the plain shape most result URLs have qualifies: `http://` or
 * `https://`; a host of lower-case ASCII labels (letters, digits, `-`) joined by single dots, not starting with
 * `www.`, with no `xn--` label (IDNA), whose last label starts with a letter (so the parser never reads it as an IPv4
 * number), with no port or credentials; then a path starting with `/` of characters the parser keeps as written, with
 * no `%` and no `.` or `..` segment; and no query or fragment. Anything else answers false and is canonicalised in
 * full. A test holds this equal to `canonicalizeUrl` on generated URLs built to sit on either side of each condition.
 */
export function isCanonicalAsWritten(raw: string): boolean {
  let index: number;
  if (raw.startsWith("https://")) index = 8;
  else if (raw.startsWith("http://")) index = 7;
  else return false;
  const length = raw.length;
  const hostStart = index;
  if (raw.startsWith("www.", hostStart)) return false;
  let labelStart = index;
  for (; index < length; index += 1) {
    const code = raw.charCodeAt(index);
    if (code === SLASH) break;
    if (code === DOT) {
      if (index === labelStart) return false; // empty label
      labelStart = index + 1;
    } else if (code === 0x2d) {
      // `xn--` starts a punycode label, which the parser validates and may refuse
      if (index === labelStart + 3 && raw.startsWith("xn-", labelStart)) return false;
    } else if (!isLowerAlnum(code)) {
      return false;
    }
  }
  // no path (the parser adds `/`), an empty host, a trailing dot, or a last label that could be a number
  if (index === length || index === hostStart || labelStart === index) return false;
  const lastLabelFirst = raw.charCodeAt(labelStart);
  if (lastLabelFirst < 0x61 || lastLabelFirst > 0x7a) return false;
  // the path, segment by segment: `.` and `..` segments are resolved by the parser
  let segmentStart = index + 1;
  for (index += 1; index <= length; index += 1) {
    const code = index === length ? SLASH : raw.charCodeAt(index);
    if (code === SLASH) {
      const segment = index - segmentStart;
      if ((segment === 1 && raw.charCodeAt(segmentStart) === DOT) || (segment === 2 && raw.charCodeAt(segmentStart) === DOT && raw.charCodeAt(segmentStart + 1) === DOT)) return false;
      segmentStart = index + 1;
    } else if (code >= 128 || PATH_CHARS[code] !== 1) {
      return false;
    }
  }
  return true;
}

/**
 * `canonicalizeUrl(raw)` (the one URL identity, in @websift/contracts), without building a URL object for the common
 * shapes (parsing one costs about 1 KB of garbage, 4 KB with a query): see `canonicalAsRead`. Everything else is
 * canonicalised in full.
 */
export function canonicalUrl(raw: string): string | null {
  return canonicalAsRead(raw) ?? canonicalizeUrl(raw);
}

/**
 * The canonical form of `raw` when it can be read off the text; null when `raw` needs parsing. That is a URL canonical
 * as written (`isCanonicalAsWritten`) once three things are cut: a fragment (the parser ends the path at `#`; the
 * canonical form has none), a `www.` before a host name with a dot (the canonical host has none; `www.com` is a site
 * of its own), and a query of plain parameters (see `canonicalQuery`), which is rebuilt as canonicalizeUrl builds it.
 */
export function canonicalAsRead(raw: string): string | null {
  const hash = raw.indexOf("#");
  const withoutFragment = hash === -1 ? raw : raw.slice(0, hash);
  const question = withoutFragment.indexOf("?");
  let query = "";
  if (question !== -1) {
    const canonical = canonicalQuery(withoutFragment, question + 1);
    if (canonical === null) return null;
    query = canonical;
  }
  let url = question === -1 ? withoutFragment : withoutFragment.slice(0, question);
  if (!isCanonicalAsWritten(url)) {
    const hostStart = url.startsWith("https://www.") ? 8 : url.startsWith("http://www.") ? 7 : -1;
    if (hostStart === -1) return null;
    url = `${url.slice(0, hostStart)}${url.slice(hostStart + 4)}`;
    const hostEnd = url.indexOf("/", hostStart);
    if (hostEnd === -1 || url.lastIndexOf(".", hostEnd) <= hostStart || !isCanonicalAsWritten(url)) return null;
  }
  return query === "" ? url : `${url}?${query}`;
}

/**
 * The canonical query (without `?`) of the query that starts at `start` in `url`, as canonicalizeUrl gives it:
 * tracking parameters removed, the rest sorted by name then value and form-encoded; "" when none is left. Read off the
 * text only when every parameter is `name=value` of characters the form decoding and encoding leave as they are
 * (`QUERY_CHARS`), so each is its own decoded and its own encoded form; null otherwise (the URL is parsed then).
 */
function canonicalQuery(url: string, start: number): string | null {
  const kept: Array<{ name: string; value: string }> = [];
  let paramStart = start;
  let equals = -1;
  for (let index = start; index <= url.length; index += 1) {
    const code = index === url.length ? 0x26 : url.charCodeAt(index);
    if (code === 0x26) {
      // `&`: one parameter ends (an empty one, as in `a=1&&b=2`, is skipped as the form decoding skips it)
      if (index > paramStart) {
        if (equals === -1) return null;
        const name = url.slice(paramStart, equals);
        if (!isTrackingParameter(name)) kept.push({ name, value: url.slice(equals + 1, index) });
      }
      paramStart = index + 1;
      equals = -1;
    } else if (code === 0x3d && equals === -1) {
      equals = index;
    } else if (code >= 128 || QUERY_CHARS[code] !== 1) {
      return null;
    }
  }
  if (kept.length === 0) return "";
  // by name, then value (UTF-16 code units, as canonicalizeUrl sorts); an insertion sort, as a query has few parameters
  for (let index = 1; index < kept.length; index += 1) {
    const param = kept[index]!;
    let at = index;
    for (; at > 0; at -= 1) {
      const before = kept[at - 1]!;
      if (before.name < param.name || (before.name === param.name && before.value <= param.value)) break;
      kept[at] = before;
    }
    kept[at] = param;
  }
  let query = "";
  for (let index = 0; index < kept.length; index += 1) query += `${index === 0 ? "" : "&"}${kept[index]!.name}=${kept[index]!.value}`;
  return query;
}
