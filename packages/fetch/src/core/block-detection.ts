// Recognises anti-bot and block pages by vendor markers in headers and body, with status fallbacks.
// A detected block is never returned as page content.

export interface BlockVerdict {
  reason: string;
  /** A stealthier client (tier 1) may get through; false for rate limits, auth and legal blocks. */
  escalatable: boolean;
}

export interface ResponseForBlockCheck {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The decoded start of the body (a few tens of KB is plenty for every marker). */
  bodyText: string;
  bodyBytes: number;
  retryAfterHeader: string | undefined;
  /** Media type of the body (declared or sniffed), when known. */
  mediaType?: string;
}

// Block pages are small; a long 200 page that mentions a vendor is an article, not a block.
const SHORT_BODY_BYTES = 4096;
const CHALLENGE_PAGE_MAX_BYTES = 200_000;

function header(headers: ResponseForBlockCheck["headers"], name: string): string {
  const value = headers[name];
  if (value === undefined) return "";
  return (Array.isArray(value) ? value.join(", ") : value).toLowerCase();
}

function bodyHas(body: string, markers: string[]): boolean {
  return markers.some((marker) => body.includes(marker));
}

function detectCloudflare(response: ResponseForBlockCheck, body: string): BlockVerdict | null {
  const mitigated = header(response.headers, "cf-mitigated");
  if (mitigated.includes("challenge")) return { reason: "cloudflare_challenge", escalatable: true };
  const fromCloudflare = header(response.headers, "server").includes("cloudflare") || header(response.headers, "cf-ray") !== "";
  const challengeMarkers = ["/cdn-cgi/challenge-platform/", "window._cf_chl_opt", "cf-browser-verification", "cf_chl_"];
  if (bodyHas(body, challengeMarkers) && response.bodyBytes < CHALLENGE_PAGE_MAX_BYTES) return { reason: "cloudflare_challenge", escalatable: true };
  if (response.status >= 400 && (fromCloudflare || body.includes("cloudflare"))) {
    if (/error code:? ?1020|error 1020/i.test(body)) return { reason: "cloudflare_firewall", escalatable: true };
    if (body.includes("<title>just a moment...</title>") || body.includes("attention required! | cloudflare")) {
      return { reason: "cloudflare_challenge", escalatable: true };
    }
  }
  return null;
}

function detectDataDome(response: ResponseForBlockCheck, body: string): BlockVerdict | null {
  const cookie = header(response.headers, "set-cookie");
  const viaHeader = header(response.headers, "x-datadome") !== "" || header(response.headers, "x-dd-b") !== "" || cookie.includes("datadome=");
  const viaBody = bodyHas(body, ["captcha-delivery.com", "geo.captcha-delivery", "datadome"]);
  if (viaBody && response.bodyBytes < CHALLENGE_PAGE_MAX_BYTES && (response.status >= 400 || body.includes("captcha-delivery.com"))) {
    return { reason: "datadome", escalatable: true };
  }
  if (viaHeader && response.status === 403) return { reason: "datadome", escalatable: true };
  return null;
}

function detectPerimeterX(response: ResponseForBlockCheck, body: string): BlockVerdict | null {
  const markers = ["_pxappid", "px-captcha", "captcha.px-cdn.net", "client.perimeterx.net", "/_px/", "px-cloud.net"];
  if (bodyHas(body, markers) && response.bodyBytes < CHALLENGE_PAGE_MAX_BYTES && (response.status >= 400 || body.includes("px-captcha"))) {
    return { reason: "perimeterx", escalatable: true };
  }
  return null;
}

function detectAkamai(response: ResponseForBlockCheck, body: string): BlockVerdict | null {
  const server = header(response.headers, "server");
  if (response.status < 400 && !body.includes("/_sec/cp_challenge/")) return null;
  if (body.includes("/_sec/cp_challenge/")) return { reason: "akamai", escalatable: true };
  const akamaiServer = server.includes("akamaighost") || server.includes("akamai");
  if (bodyHas(body, ["errors.edgesuite.net", "akamai reference"]) || (akamaiServer && body.includes("access denied"))) {
    return { reason: "akamai", escalatable: true };
  }
  return null;
}

function detectImperva(response: ResponseForBlockCheck, body: string): BlockVerdict | null {
  // Imperva (Incapsula) often blocks with HTTP 200 and a tiny page that loads a resource iframe.
  const markers = ["_incapsula_resource", "incapsula incident id", "request unsuccessful. incapsula"];
  if (bodyHas(body, markers) && response.bodyBytes < CHALLENGE_PAGE_MAX_BYTES) return { reason: "imperva", escalatable: true };
  return null;
}

function detectDdosGuard(response: ResponseForBlockCheck, body: string): BlockVerdict | null {
  const server = header(response.headers, "server");
  const markers = ["check.ddos-guard.net", "ddos-guard.net/", "<title>ddos-guard</title>", "ddos-guard"];
  if (response.bodyBytes >= CHALLENGE_PAGE_MAX_BYTES) return null;
  if (server.includes("ddos-guard") && (response.status === 403 || response.status === 503)) return { reason: "ddos_guard", escalatable: true };
  if (bodyHas(body, markers.slice(0, 3))) return { reason: "ddos_guard", escalatable: true };
  return null;
}

/**
 * A JSON body under a JSON content type is an API answering for itself (GitHub's rate limit, a missing scope),
 * not a bot check: vendor challenges are HTML, and the vendor detectors above still run first.
 */
function isJsonApiAnswer(response: ResponseForBlockCheck): boolean {
  const type = response.mediaType ?? "";
  if (type !== "application/json" && !type.endsWith("+json")) return false;
  const first = response.bodyText.trimStart().charAt(0);
  return first === "{" || first === "[";
}

const VENDOR_DETECTORS = [detectCloudflare, detectDataDome, detectPerimeterX, detectAkamai, detectImperva, detectDdosGuard];

/** Returns the block a response shows, or null for a normal response (including ordinary HTTP errors). */
export function detectBlockPage(response: ResponseForBlockCheck): BlockVerdict | null {
  if (response.status === 429) return { reason: "rate_limited", escalatable: false };
  if (response.status === 401) return { reason: "auth_required", escalatable: false };
  if (response.status === 451) return { reason: "legal_block", escalatable: false };
  const body = response.bodyText.toLowerCase();
  for (const detect of VENDOR_DETECTORS) {
    const verdict = detect(response, body);
    if (verdict !== null) return verdict;
  }
  if (response.status === 403 && response.bodyBytes < SHORT_BODY_BYTES && !isJsonApiAnswer(response)) {
    return { reason: "forbidden_suspected_bot", escalatable: true };
  }
  if (response.status === 503 && response.bodyBytes < SHORT_BODY_BYTES && response.retryAfterHeader === undefined) {
    // Never escalated: 5xx can be a real outage, and a second client would only add load.
    return { reason: "unavailable_suspected_block", escalatable: false };
  }
  return null;
}
