import type { EngineReport, Envelope, FetchRequest, FetchResponse, HandlerResult, SearchRequest, SearchResponse } from "@websift/contracts";
import { loadSearchConfig } from "../config/load-config.js";
import { userStateDir } from "../config/paths.js";
import { engineAnswered } from "../engines/engine-answered.js";
import { recordEngineOutcomes } from "../engines/engine-status.js";
import { ENGINES, engineGroups } from "../engines/registry.js";
import type { EngineRun } from "../engines/port.js";
import { fuseResults, type RankedList } from "../fusion/fuse-results.js";
import { rankWithPolicy } from "../policy/apply-policy.js";
import { DEFAULT_POLICY_PATH, loadPolicy } from "../policy/load-policy.js";
import { resolveAngles } from "./angles.js";
import { runEngine, type TimedRun } from "./run-engines.js";
import { selectEngines } from "./select-engines.js";
import { currentSharedSearchState, resolveSearchRedisUrl, withSharedSearchState } from "../shared-state/shared-scope.js";

export interface SearchDependencies {
  fetch(request: FetchRequest): Promise<Envelope<FetchResponse>>;
  env: NodeJS.ProcessEnv;
  warn(message: string): void;
}

const DEFAULT_LIMITS = { instant: 10, standard: 20, deep: 30, research: 50 } as const;
/** Which outcome represents an engine across several angles: the most useful one. */
const OUTCOME_PREFERENCE = ["ok", "partial", "empty"];

function combineAngles(name: string, runs: TimedRun[]): EngineReport & { results: number } {
  const chosen =
    [...runs].sort((a, b) => {
      const ia = OUTCOME_PREFERENCE.indexOf(a.run.outcome);
      const ib = OUTCOME_PREFERENCE.indexOf(b.run.outcome);
      return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib);
    })[0]!.run;
  const failures = new Map<string, { engine: string; reason: string; suspended: boolean }>();
  for (const { run } of runs) for (const failure of run.upstream_failures) failures.set(`${failure.engine}\u0000${failure.reason}`, failure);
  const count = runs.reduce((sum, { run }) => sum + run.results.length, 0);
  const report: EngineReport & { results: number } = {
    name,
    outcome: chosen.outcome,
    detail: chosen.detail,
    retry_after_s: chosen.retry_after_s,
    result_count: count,
    group: ENGINES.get(name)!.group,
    elapsed_ms: Math.max(...runs.map((run) => run.elapsed_ms)),
    upstream_failures: [...failures.values()].sort((a, b) => a.engine.localeCompare(b.engine) || a.reason.localeCompare(b.reason)),
    results: count,
  };
  return report;
}

function overallOutcome(reports: EngineReport[], rawCount: number): SearchResponse["outcome"] {
  const anyFailed = reports.some((report) => !engineAnswered(report.outcome) || report.outcome === "partial");
  if (rawCount > 0) return anyFailed ? "partial" : "ok";
  return reports.some((report) => !engineAnswered(report.outcome)) ? "engines_failed" : "empty";
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter((value) => value.trim() !== ""))];
}

type JobResult = { angle: string; name: string; timed: TimedRun };

/**
 * Opt-in fallbacks from config: when an engine fails, its configured fallback runs too, and the
 * reply says so (`fallback_for`). Nothing answers in a failed engine's place unless asked.
 */
async function runFallbacks(
  finished: JobResult[],
  selected: string[],
  fallbacks: Record<string, string>,
  angles: string[],
  options: Omit<Parameters<typeof runEngine>[1], "query">,
): Promise<Map<string, string>> {
  const fallbackFor = new Map<string, string>();
  for (const name of selected) {
    const fallback = fallbacks[name];
    if (!fallback || selected.includes(fallback) || fallbackFor.has(fallback) || !ENGINES.has(fallback)) continue;
    const failed = finished.filter((job) => job.name === name).every((job) => !engineAnswered(job.timed.run.outcome));
    if (failed) fallbackFor.set(fallback, name);
  }
  const extra = await Promise.all(
    [...fallbackFor.keys()].flatMap((name) => angles.map(async (angle) => ({ angle, name, timed: await runEngine(name, { ...options, query: angle }) }))),
  );
  finished.push(...extra);
  return fallbackFor;
}

/**
 * The search layer: choose engines, run every (angle, engine) pair concurrently through the fetch
 * layer, report each engine's outcome, fuse with de-correlated RRF, apply the policy, and say
 * honestly what happened overall.
 */
export function runSearch(request: SearchRequest, dependencies: SearchDependencies): Promise<HandlerResult<SearchResponse>> {
  // The request's redis_url, else WEBSIFT_REDIS_URL: where Brave's budget and the engines' state live for this search.
  const redisUrl = resolveSearchRedisUrl(request.redis_url, dependencies.env);
  return withSharedSearchState(redisUrl, dependencies.warn, () => searchWithSharedState(request, dependencies));
}

/** A fetch that fell back from Redis says so in its own reply; the search's reply says it once too. */
function noteFetchRedisWarnings(envelope: Envelope<FetchResponse>): Envelope<FetchResponse> {
  const fallback = envelope.meta.warnings.find((warning) => warning.startsWith("redis_unavailable:"));
  if (fallback !== undefined) currentSharedSearchState()?.noteUnavailable(`the fetch layer: ${fallback.slice(fallback.indexOf("(") + 1, fallback.indexOf(")"))}`);
  return envelope;
}

async function searchWithSharedState(request: SearchRequest, dependencies: SearchDependencies): Promise<HandlerResult<SearchResponse>> {
  const { env } = dependencies;
  const config = loadSearchConfig(env);
  const policy = loadPolicy(request.policy_file ?? DEFAULT_POLICY_PATH);
  const tier = request.tier ?? "standard";
  const selection = selectEngines(request.engines, config, env, request.searxng_url);
  let names = selection.names;
  if (tier === "instant" && names.length > 2) names = names.slice(0, 2);
  if (names.length === 0) {
    return { failure: { code: "not_configured", message: "No search engine is selected or configured; pass --engines or configure SearXNG (WEBSIFT_SEARXNG_URL)." } };
  }
  const angles = resolveAngles(request.query, tier, request.angles, env);
  const limit = request.limit ?? DEFAULT_LIMITS[tier];
  const perEngineLimit = Math.min(50, Math.max(10, limit));
  const fetchThroughLayer = (fetchRequest: FetchRequest): Promise<Envelope<FetchResponse>> =>
    dependencies.fetch({
      ...fetchRequest,
      ...(request.allow_private_hosts ? { allow_private_hosts: true } : {}),
      ...(request.record_warc ? { record_warc: request.record_warc } : {}),
      ...(request.replay_warc ? { replay_warc: request.replay_warc } : {}),
      // Without it fetch reads WEBSIFT_REDIS_URL itself, as this layer does.
      ...(request.redis_url ? { redis_url: request.redis_url } : {}),
    }).then(noteFetchRedisWarnings);
  const stateDir = userStateDir(env);
  const jobs = angles.flatMap((angle) =>
    names.map(async (name) => ({
      angle,
      name,
      timed: await runEngine(name, {
        query: angle,
        limit: perEngineLimit,
        timeRange: request.time_range,
        language: request.language,
        searxngUrl: request.searxng_url,
        config,
        env,
        stateDir,
        fetch: fetchThroughLayer,
      }),
    })),
  );
  const finished = await Promise.all(jobs);
  const fallbackFor = await runFallbacks(finished, names, config.fallbacks, angles, {
    limit: perEngineLimit,
    timeRange: request.time_range,
    language: request.language,
    searxngUrl: request.searxng_url,
    config,
    env,
    stateDir,
    fetch: fetchThroughLayer,
  });
  if (fallbackFor.size > 0) names = [...names, ...fallbackFor.keys()];

  const runsByEngine = new Map<string, TimedRun[]>();
  for (const { name, timed } of finished) runsByEngine.set(name, [...(runsByEngine.get(name) ?? []), timed]);
  const reports = names.map((name) => {
    const report = combineAngles(name, runsByEngine.get(name)!);
    const { results: _count, ...publicReport } = report;
    const replaced = fallbackFor.get(name);
    if (replaced) {
      publicReport.fallback_for = replaced;
      dependencies.warn(`${name} answered because ${replaced} failed (fallbacks in ${config.file ?? "config"}).`);
    }
    if (request.time_range && !ENGINES.get(name)!.supportsTimeRange && engineAnswered(publicReport.outcome)) {
      publicReport.detail = `${publicReport.detail ? `${publicReport.detail} ` : ""}This engine has no time filter: its results are not limited to the last ${request.time_range}.`;
      dependencies.warn(`${name} cannot filter by time; its results are unfiltered.`);
    }
    return publicReport;
  });
  // Not awaited: what each engine answered last is for `websift engines`, never worth the search's time.
  void recordEngineOutcomes(stateDir, reports);

  const lists: RankedList[] = finished.map(({ angle, timed }) => ({ angle: angles.length > 1 ? angle : "", run: timed.run }));
  const rawCount = finished.reduce((sum, { timed }) => sum + timed.run.results.length, 0);
  const fused = fuseResults(lists, engineGroups());
  const ranked = rankWithPolicy(fused, policy, request.explain === true, limit);
  const results = ranked.results;
  const runs: EngineRun[] = finished.map(({ timed }) => timed.run);
  const outcome = overallOutcome(reports, rawCount);
  const data: SearchResponse = {
    query: request.query,
    outcome,
    raw_result_count: rawCount,
    returned_count: results.length,
    dropped_count: ranked.dropped.length,
    engines: reports,
    results,
    suggestions: unique(runs.flatMap((run) => run.suggestions)),
    answers: unique(runs.flatMap((run) => run.answers)),
    corrections: unique(runs.flatMap((run) => run.corrections)),
  };
  data.policy = { source: policy.source, extraction: { ...policy.extraction } };
  if (request.explain) data.dropped = ranked.dropped;
  if (angles.length > 1) data.angles = angles;
  if (selection.source !== "request") dependencies.warn(`engines chosen by ${selection.source}: ${names.join(", ")}`);
  if (outcome === "engines_failed") {
    const failed = reports.filter((report) => !engineAnswered(report.outcome)).map((report) => `${report.name}: ${report.outcome}`);
    const upstream = reports.flatMap((report) => report.upstream_failures ?? []).map((failure) => failure.engine);
    return {
      failure: {
        code: "engines_failed",
        message: `No results: every engine failed (${failed.join("; ")}${upstream.length > 0 ? `; upstream: ${upstream.join(", ")}` : ""}). This is a failure, not an empty answer.`,
        retryable: reports.some((report) => ["rate_limited", "timeout", "unreachable", "server_error"].includes(report.outcome)),
        data,
      },
    };
  }
  return { data };
}
