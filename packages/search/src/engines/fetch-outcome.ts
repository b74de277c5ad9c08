import type { Envelope, FetchResponse } from "@websift/contracts";
import { emptyRun, type EngineRun } from "./port.js";

export interface EngineStatusHints {
  /** What a 401/403 means for this engine (keyed APIs: auth_failed; SearXNG: JSON disabled). */
  on401?: EngineRun["outcome"];
  on403?: EngineRun["outcome"];
  on402?: EngineRun["outcome"];
  detail403?: string;
}

/**
 * Map the fetch layer's Envelope onto an engine outcome when the reply is not a usable body.
 * Returns null when the fetch succeeded and the body should be parsed. A failure is never `empty`.
 */
export function failedRunFromFetch(name: string, envelope: Envelope<FetchResponse>, hints: EngineStatusHints = {}): EngineRun | null {
  const data = envelope.data;
  if (!data) {
    const message = envelope.error?.message ?? "the fetch layer gave no reply";
    return emptyRun(name, envelope.error?.code === "invalid_request" ? "refused" : "unreachable", message);
  }
  const status = data.status ?? null;
  const statusText = status === null ? "" : ` (HTTP ${status})`;
  const reply = fetchErrorReply(data);
  const retryAfterS = retryAfterSeconds(data, reply.headers);
  // The service's own words, when its error answer has any (JSON `message`/`error`/..., or a line of text).
  const said = serviceErrorMessage(reply.errorBody);
  const saidText = said === null ? "" : `: ${said}`;
  const waitText = retryAfterS !== null ? `; retry after ${retryAfterS} s` : "";
  switch (data.outcome) {
    case "ok":
      return null;
    case "rate_limited":
      return emptyRun(name, "rate_limited", `${name} asked us to slow down${statusText}${saidText}${waitText}.`, retryAfterS);
    case "blocked":
      // fetch files 401 as a block (`auth_required`); for a keyed API it means the key was rejected.
      if (status === 401) return emptyRun(name, hints.on401 ?? "auth_failed", `${name} rejected the credentials${statusText}.`);
      if (status === 403 && hints.on403) return emptyRun(name, hints.on403, hints.detail403 ?? `${name} refused the request${statusText}.`);
      if (status === 429) return emptyRun(name, "rate_limited", `${name} asked us to slow down${statusText}${waitText}.`, retryAfterS);
      return emptyRun(name, "blocked", `${name} answered with a block page (${data.block_reason ?? "unknown block"})${statusText}.`);
    case "http_error":
      if (status === 401) return emptyRun(name, hints.on401 ?? "auth_failed", `${name} rejected the credentials${statusText}${saidText}.`);
      if (status === 402) return emptyRun(name, hints.on402 ?? "quota_exhausted", `${name} says the plan or quota is exhausted${statusText}${saidText}.`);
      if (status === 403) return emptyRun(name, hints.on403 ?? "blocked", hints.detail403 ?? `${name} refused the request${statusText}${saidText}.`);
      if (status === 404) return emptyRun(name, "not_found", `${name} has no such endpoint${statusText}; check its URL.`);
      // A 429 the fetch layer did not file as rate limiting (an injected or replayed reply) is still one.
      if (status === 429) return emptyRun(name, "rate_limited", `${name} asked us to slow down${statusText}${saidText}${waitText}.`, retryAfterS);
      // 503 with Retry-After is an outage with a known end: keep the wait.
      if (status !== null && status >= 500) return emptyRun(name, "server_error", `${name} failed on its side${statusText}${saidText}${waitText}.`, retryAfterS);
      return emptyRun(name, "http_error", `${name} answered with an HTTP error${statusText}${saidText}.`);
    case "refused":
      return emptyRun(name, "refused", data.detail ?? `the request to ${name} was refused by the SSRF guard.`);
    case "timeout":
      return emptyRun(name, "timeout", `${name} did not answer in time.`);
    case "too_large":
      return emptyRun(name, "too_large", `${name}'s reply was larger than the size limit.`);
    case "not_in_archive":
      return emptyRun(name, "not_in_archive", `the replay archive holds no reply from ${name} for this query.`);
    case "unsupported_content":
      return emptyRun(name, "parse_failed", `${name} answered with content websift cannot read (${data.content_type ?? "unknown type"}).`);
    default:
      return emptyRun(name, "unreachable", `${name} could not be reached (${data.outcome}${data.detail ? `: ${data.detail}` : ""}).`);
  }
}

const MESSAGE_CHARS = 200;

/** One line of a service's text, bounded, without the closing period (the report adds its own). */
export function serviceText(raw: string): string | null {
  const text = raw.replace(/\s+/g, " ").trim().slice(0, MESSAGE_CHARS).replace(/[\s.]+$/, "");
  return text === "" ? null : text;
}

/**
 * The service's own reason in an error answer: a JSON error's `message`, `error` (string or `{message}`),
 * `detail`, `info` or `httpReason`, or the first line of a plain-text answer. Null for HTML (a web page, not a
 * reason) and for anything without one.
 */
function serviceErrorMessage(errorBody: string | null): string | null {
  if (errorBody === null || errorBody.trim() === "") return null;
  const reply = parseJsonBody(errorBody);
  if (reply === undefined) {
    if (/^\s*</.test(errorBody)) return null;
    return serviceText(errorBody.split(/\r?\n/).find((line) => line.trim() !== "") ?? "");
  }
  if (!reply || typeof reply !== "object") return null;
  const body = reply as Record<string, unknown>;
  const nested = body["error"] && typeof body["error"] === "object" ? (body["error"] as Record<string, unknown>) : {};
  for (const candidate of [body["message"], body["error"], nested["message"], nested["detail"], nested["info"], body["detail"], body["info"], body["httpReason"]]) {
    if (typeof candidate === "string") {
      const text = serviceText(candidate);
      if (text !== null) return text;
    }
  }
  return null;
}

/**
 * Seconds to wait before the next call: the fetch layer's parsed Retry-After, else the Retry-After header
 * itself (whole seconds or an HTTP date), else null. A reply from an injected fetch may carry only the header.
 */
export function retryAfterSeconds(data: FetchResponse, headers: Record<string, string>, now = Date.now()): number | null {
  const parsed = (data as { retry_after_s?: unknown }).retry_after_s;
  if (typeof parsed === "number" && Number.isFinite(parsed) && parsed >= 0) return parsed;
  const header = headers["retry-after"]?.trim();
  if (header === undefined || header === "") return null;
  if (/^\d+$/.test(header)) return Number(header);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

export function parseJsonBody(body: string | null): unknown {
  if (body === null) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** What fetch passes on about a failed reply besides its outcome (contract fields `error_body` and `headers`). */
export interface FetchErrorReply {
  /** The start of the API's own error answer (JSON or text); null for block pages and ok replies. */
  errorBody: string | null;
  /** Rate-limit and retry headers, lower-case names; only those present. */
  headers: Record<string, string>;
}

/**
 * Reads `error_body` and `headers` from a fetch reply. Both are optional in the contract, so a reply without
 * them (an older fetch layer, a replayed envelope) reads as "nothing known", never as an error.
 */
export function fetchErrorReply(data: FetchResponse | null | undefined): FetchErrorReply {
  const fields = (data ?? {}) as { error_body?: unknown; headers?: unknown };
  const errorBody = typeof fields.error_body === "string" ? fields.error_body : null;
  const headers: Record<string, string> = {};
  if (fields.headers && typeof fields.headers === "object") {
    for (const [name, value] of Object.entries(fields.headers)) if (typeof value === "string") headers[name.toLowerCase()] = value;
  }
  return { errorBody, headers };
}
