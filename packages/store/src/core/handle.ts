import { createHash } from "node:crypto";
import { canonicalizeUrl } from "@websift/contracts";
import { stripUrlCredentials } from "./url-credentials.js";

// scheme://[user@]host[:port]rest, as the store contract's `$defs.page_url` pattern has it.
const URL_PARTS = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)(?:[^\s/?#@\\]*@)?([^\s/?#@\\]*?)((?::[0-9]*)?(?:[/?#]\S*)?)$/;

/**
 * The page's identity: its canonical URL (the one URL identity of websift). A URL that matches the
 * contract but that the WHATWG parser cannot read (port 99999, host `999.999.999.999`) is still a
 * page someone read: its identity is its text with the scheme and host lower-cased and the
 * credentials and fragment dropped, so adding it twice still gives one handle.
 */
export function pageIdentity(url: string): string {
  const canonical = canonicalizeUrl(url);
  if (canonical !== null) return canonical;
  const trimmed = stripUrlCredentials(url.trim()).replace(/#.*$/s, "");
  const parts = URL_PARTS.exec(trimmed);
  return parts ? `${parts[1]!.toLowerCase()}${parts[2]!.toLowerCase()}${parts[3]}` : trimmed;
}

function hostOf(identity: string): string {
  try {
    return new URL(identity).hostname;
  } catch {
    return URL_PARTS.exec(identity)?.[2] ?? "";
  }
}

/** Hostname without "www.", reduced to characters safe in a file name on every platform. */
export function siteOf(identity: string): string {
  const host = hostOf(identity).toLowerCase().replace(/^www\./, "");
  const safe = host.replace(/[^a-z0-9.-]+/g, "-").replace(/^[.-]+|[.-]+$/g, "");
  return (safe || "site").slice(0, 63);
}

/** `<site>~<first 12 hex of sha-256(identity)>`: readable, stable, filename-safe (the store contract's `$defs.handle`). */
export function handleForUrl(identity: string): string {
  const digest = createHash("sha256").update(identity, "utf8").digest("hex").slice(0, 12);
  return `${siteOf(identity)}~${digest}`;
}
