import { createHash } from "node:crypto";
import { StoreLayerError } from "../errors.js";
import { stripUrlCredentials } from "./url-credentials.js";

// Query parameters that only track the visitor; they would give one page several handles.
const TRACKING_PARAM = /^(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_ga|_gl|yclid|igshid)$/i;

/**
 * Canonical form used for identity: fragment dropped, tracking parameters dropped, remaining
 * parameters sorted (stable order), host lower-cased and default port removed (WHATWG URL does those).
 */
export function canonicalizeUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch (cause) {
    throw new StoreLayerError("invalid_request", `Cannot add page: url "${stripUrlCredentials(url)}" is not an absolute URL.`, {
      details: { field: "url" },
      cause,
    });
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new StoreLayerError("invalid_request", `Cannot add page: url scheme "${parsed.protocol}" is not http or https.`, {
      details: { field: "url" },
    });
  }
  parsed.hash = "";
  parsed.username = "";
  parsed.password = "";
  const kept = [...parsed.searchParams.entries()].filter(([key]) => !TRACKING_PARAM.test(key));
  kept.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  parsed.search = new URLSearchParams(kept).toString();
  return parsed.toString();
}

/** Hostname without "www.", reduced to characters safe in a file name on every platform. */
export function siteOf(canonicalUrl: string): string {
  const host = new URL(canonicalUrl).hostname.toLowerCase().replace(/^www\./, "");
  const safe = host.replace(/[^a-z0-9.-]+/g, "-").replace(/^[.-]+|[.-]+$/g, "");
  return (safe || "site").slice(0, 63);
}

/** `<site>~<first 12 hex of sha-256(canonical URL)>`: readable, stable, filename-safe. */
export function handleForUrl(canonicalUrl: string): string {
  const digest = createHash("sha256").update(canonicalUrl, "utf8").digest("hex").slice(0, 12);
  return `${siteOf(canonicalUrl)}~${digest}`;
}

const HANDLE_SHAPE = /^[a-z0-9.-]{1,63}~[0-9a-f]{12}$/;

export function isHandle(value: unknown): value is string {
  return typeof value === "string" && HANDLE_SHAPE.test(value);
}

/** Validates a caller-supplied handle; the shape also rules out path traversal into the store. */
export function assertHandle(handle: unknown, operation: string): string {
  if (!isHandle(handle)) {
    throw new StoreLayerError("invalid_request", `Cannot ${operation}: handle ${JSON.stringify(handle)} is not of the form <site>~<12 hex>.`, {
      details: { field: "handle" },
    });
  }
  return handle;
}
