// An injected fetch that hands an engine one service reply the way the fetch layer would: the reply as `body`
// for outcome `ok`, as `error_body` (first 4096 characters) otherwise, with the status and the caller-facing
// (lower-case, rate-limit/retry) headers. Nothing reaches the network.
import type { Envelope, FetchRequest, FetchResponse } from "@websift/contracts";
import type { EngineContext, EngineSettings } from "../../src/engines/port.js";
import { stateDir } from "./engine-server.js";

export interface ServiceReply {
  status: number;
  outcome?: FetchResponse["outcome"];
  body: string;
  headers?: Record<string, string>;
  contentType?: string;
  retryAfterS?: number | null;
}

const CALLER_HEADERS = ["retry-after", "x-ratelimit-remaining", "x-ratelimit-reset", "x-ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"];

function injectedFetch(reply: ServiceReply, sent: FetchRequest[] = []): (request: FetchRequest) => Promise<Envelope<FetchResponse>> {
  return async (request) => {
    sent.push(request);
    const outcome = reply.outcome ?? (reply.status >= 200 && reply.status < 300 ? "ok" : "http_error");
    const headers = Object.fromEntries(Object.entries(reply.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]).filter(([name]) => CALLER_HEADERS.includes(name!)));
    const data = {
      url: request.url,
      final_url: request.url,
      status: reply.status,
      outcome,
      fetched_via: "network",
      blocked: outcome === "blocked",
      block_reason: null,
      retry_after_s: reply.retryAfterS ?? null,
      content_type: reply.contentType ?? "application/json",
      charset: "utf-8",
      bytes: reply.body.length,
      body: outcome === "ok" ? reply.body : null,
      body_encoding: "text",
      redirects: [],
      tier_attempts: [0],
      elapsed_ms: 1,
      cache_age_s: null,
      detail: null,
      error_body: outcome === "ok" ? null : reply.body.slice(0, 4096),
      headers,
    } as unknown as FetchResponse;
    return { contract: "fetch", contract_version: "1.0.0", ok: true, data, error: null, meta: { layer: "fetch", elapsed_ms: 1, request_id: "test", warnings: [] } } as unknown as Envelope<FetchResponse>;
  };
}

/** The context the acceptance checks build: query, limit, stateDir, fetch and settings, nothing else. */
export async function injectedContext(
  reply: ServiceReply,
  options: { settings?: Partial<EngineSettings>; stateDir?: string; sent?: FetchRequest[]; limit?: number } = {},
): Promise<EngineContext> {
  const settings: EngineSettings = { base_url: undefined, api_key: undefined, key_problem: undefined, enabled: true, timeout_ms: 5_000, daily_budget: undefined, ...options.settings };
  return {
    query: "typescript generics",
    limit: options.limit ?? 20,
    stateDir: options.stateDir ?? (await stateDir()),
    fetch: injectedFetch(reply, options.sent),
    settings,
  } as EngineContext;
}
