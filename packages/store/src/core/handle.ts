import { createHash } from "node:crypto";
import { canonicalizeUrl } from "@websift/contracts";
import { StoreLayerError } from "../errors.js";
import { stripUrlCredentials } from "./url-credentials.js";

/**
 * The page's identity: its canonical URL (the one URL identity of websift). The contract already
 * holds the URL to an absolute http(s) URI; what JSON Schema cannot say is that the WHATWG parser
 * must read it too, so that is the one check left here.
 */
export function pageIdentity(url: string, field: string, operation: string): string {
  const canonical = canonicalizeUrl(url);
  if (canonical === null) {
    throw new StoreLayerError("invalid_request", `Cannot ${operation}: ${field} "${stripUrlCredentials(url).slice(0, 200)}" is not a URL a browser could open; send an absolute http(s) URL with a valid host.`, {
      details: { field },
    });
  }
  return canonical;
}

/** Hostname without "www.", reduced to characters safe in a file name on every platform. */
export function siteOf(canonicalUrl: string): string {
  const host = new URL(canonicalUrl).hostname.toLowerCase().replace(/^www\./, "");
  const safe = host.replace(/[^a-z0-9.-]+/g, "-").replace(/^[.-]+|[.-]+$/g, "");
  return (safe || "site").slice(0, 63);
}

/** `<site>~<first 12 hex of sha-256(canonical URL)>`: readable, stable, filename-safe (the store contract's `$defs.handle`). */
export function handleForUrl(canonicalUrl: string): string {
  const digest = createHash("sha256").update(canonicalUrl, "utf8").digest("hex").slice(0, 12);
  return `${siteOf(canonicalUrl)}~${digest}`;
}
