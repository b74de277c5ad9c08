/**
 * One URL identity for every layer: search fuses results by it, the store derives handles from it,
 * format folds duplicate items by it and agent-io looks pages up by it. Two URLs are the same page when
 * their canonical forms are equal.
 */

/** Query parameters that only track a click or a visitor; removing them never changes the page. */
const TRACKING_PARAMETERS = new Set([
  "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "fbclid", "msclkid", "mc_eid", "mc_cid", "igshid", "yclid",
  "_hsenc", "_hsmi", "mkt_tok", "oly_anon_id", "oly_enc_id", "vero_id", "wickedid", "twclid", "ttclid", "li_fat_id",
  "s_cid", "ref_src", "spm", "_ga", "_gl",
]);

const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };

export function isTrackingParameter(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith("utm_") || TRACKING_PARAMETERS.has(lower);
}

function byNameThenValue([a, av]: [string, string], [b, bv]: [string, string]): number {
  if (a !== b) return a < b ? -1 : 1;
  return av < bv ? -1 : av > bv ? 1 : 0;
}

/**
 * The canonical form of an absolute http(s) URL, or null for anything else: lowercase scheme and host,
 * no `www.`, no trailing dot, no default port, no credentials, no fragment, no tracking parameters, the
 * remaining parameters sorted. http and https stay distinct (they can serve different content), and so
 * do paths that differ only by a trailing slash.
 */
export function canonicalizeUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  // Each setter re-serialises the whole URL, so a part that is already canonical is left alone.
  // A "#" or "?" left in the href marks an empty fragment or query, which the setters also remove.
  if (url.href.includes("#")) url.hash = "";
  if (url.username !== "") url.username = "";
  if (url.password !== "") url.password = "";
  let host = url.hostname.toLowerCase().replace(/\.$/, "");
  // `www.example.org` is `example.org`; `www.com` is a site of its own.
  if (host.startsWith("www.") && host.slice(4).includes(".")) host = host.slice(4);
  if (host !== url.hostname) url.hostname = host;
  if (url.port === DEFAULT_PORTS[url.protocol]) url.port = "";
  if (url.href.includes("?")) {
    const kept = [...url.searchParams.entries()].filter(([name]) => !isTrackingParameter(name)).sort(byNameThenValue);
    // One assignment of the form-encoded parameters (what appending them one by one would leave), not one update each.
    url.search = kept.length === 0 ? "" : new URLSearchParams(kept).toString();
  }
  return url.href;
}

/** True when both strings are absolute http(s) URLs of the same page. */
export function isSameUrl(a: string, b: string): boolean {
  const left = canonicalizeUrl(a);
  return left !== null && left === canonicalizeUrl(b);
}
