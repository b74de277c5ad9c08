// Fetches and remembers robots.txt per origin (through the same guarded transport) and answers whether a URL
// may be fetched. Unreachable robots.txt (5xx, network failure) means "disallow all", as RFC 9309 asks.
import { runFetchAttempt, type ExchangeOpener } from "./fetch-attempt.js";
import type { ResolvedFetchRequest } from "./resolve-request.js";
import { isAllowedByRobots, parseRobotsTxt, type RobotsRules } from "./robots.js";
import { readSharedRobotsRules, writeSharedRobotsRules } from "./redis/robots-rules-cache.js";
import type { SharedFetchState } from "./redis/shared-state.js";

const ROBOTS_TTL_MS = 60 * 60 * 1000;
const ROBOTS_MAX_BYTES = 512_000;
const ALLOW_ALL: RobotsRules = { allow: [], disallow: [] };
const DISALLOW_ALL: RobotsRules = { allow: [], disallow: ["/"] };

const rulesByOrigin = new Map<string, { rules: RobotsRules; expiresAt: number }>();

async function fetchRobotsRules(origin: string, base: ResolvedFetchRequest, openExchange: ExchangeOpener, signal: AbortSignal): Promise<RobotsRules> {
  const request: ResolvedFetchRequest = {
    ...base, url: new URL("/robots.txt", origin), method: "GET", headers: {}, body: undefined,
    maxBytes: ROBOTS_MAX_BYTES, maxDecompressedBytes: ROBOTS_MAX_BYTES * 4, followRedirects: true, maxRedirects: 5,
    acceptContentTypes: ["*/*"], cache: undefined, respectRobots: false,
  };
  const result = await runFetchAttempt({ request, openExchange, guardDestinations: true, signal });
  if (result.outcome === "ok" && result.body !== null && result.bodyEncoding === "text") return parseRobotsTxt(result.body);
  if (result.status !== null && result.status >= 400 && result.status < 500) return ALLOW_ALL;
  if ((result.status !== null && result.status >= 500) || result.outcome === "network_error" || result.outcome === "timeout") return DISALLOW_ALL;
  return ALLOW_ALL; // refused / dns_failed: the page fetch itself will report that
}

/** With Redis, the rules one instance fetched serve all; when Redis is unavailable, the process's own memory does. */
async function sharedRules(shared: SharedFetchState, origin: string, fetchRules: () => Promise<RobotsRules>): Promise<RobotsRules | undefined> {
  const known = await readSharedRobotsRules(shared, origin);
  if (known === undefined) return undefined;
  if (known !== null) return known;
  const rules = await fetchRules();
  await writeSharedRobotsRules(shared, origin, rules, ROBOTS_TTL_MS);
  return rules;
}

export function createRobotsGate(base: ResolvedFetchRequest, openExchange: ExchangeOpener, signal: AbortSignal, shared?: SharedFetchState): (url: URL) => Promise<string | null> {
  return async (url: URL) => {
    const fetchRules = (): Promise<RobotsRules> => fetchRobotsRules(url.origin, base, openExchange, signal);
    let rules = shared === undefined ? undefined : await sharedRules(shared, url.origin, fetchRules);
    if (rules === undefined) {
      const now = Date.now();
      let entry = rulesByOrigin.get(url.origin);
      if (entry === undefined || entry.expiresAt < now) {
        entry = { rules: await fetchRules(), expiresAt: now + ROBOTS_TTL_MS };
        rulesByOrigin.set(url.origin, entry);
      }
      rules = entry.rules;
    }
    return isAllowedByRobots(rules, url) ? null : `robots.txt of ${url.origin} disallows ${url.pathname}`;
  };
}

/** Forget remembered robots.txt rules (tests, long-running servers). */
export function clearRobotsCache(): void {
  rulesByOrigin.clear();
}
