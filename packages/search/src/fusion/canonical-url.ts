/** Query parameters that only track a click; removing them never changes the page. */
const TRACKING_PARAMETERS = new Set([
  "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "fbclid", "msclkid", "mc_eid", "mc_cid", "igshid", "yclid",
  "_hsenc", "_hsmi", "mkt_tok", "oly_anon_id", "oly_enc_id", "vero_id", "wickedid", "twclid", "ttclid", "li_fat_id",
  "s_cid", "ref_src", "spm",
]);

function isTrackingParameter(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith("utm_") || TRACKING_PARAMETERS.has(lower);
}

const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };

/**
 * The URL used to recognise one page across engines: lowercase scheme and host, no `www.`, no
 * default port, no fragment, no tracking parameters, the remaining parameters sorted. http and
 * https stay distinct (they can serve different content). Unparseable input is returned trimmed.
 */
export function canonicalizeUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return raw.trim();
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return url.toString();
  url.hash = "";
  url.username = "";
  url.password = "";
  let host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (host.startsWith("www.")) host = host.slice(4);
  url.hostname = host;
  if (url.port === DEFAULT_PORTS[url.protocol]) url.port = "";
  const kept = [...url.searchParams.entries()].filter(([name]) => !isTrackingParameter(name));
  kept.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  url.search = "";
  for (const [name, value] of kept) url.searchParams.append(name, value);
  return url.toString();
}
