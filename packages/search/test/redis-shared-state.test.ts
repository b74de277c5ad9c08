// The search layer's shared state on a real redis-server (random loopback port, own data dir): two
// websift-search processes with separate state directories spend one Brave budget and see each other's
// engine state; a killed Redis falls back to the local files with a warning, and sharing resumes after
// a restart. Brave is a local fake on loopback, as in the engine tests.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pendingEngineWait, recordEngineWait } from "../src/engines/engine-waits.js";
import { closeRedisClients } from "../src/shared-state/redis-connection.js";
import { withSharedSearchState } from "../src/shared-state/shared-scope.js";
import { json, startEngineServer, stateDir, type EngineServer } from "./engines/engine-server.js";
import { startRedisServer, type RedisServer } from "@websift/test-support/redis-server";
import { runSearchCli } from "./support/run-cli.js";

let redis: RedisServer;
let brave: EngineServer;
let configDir: string;

/** A Brave key that is not a placeholder, a local fake Brave and a daily budget of `budget`. */
function writeBraveConfig(budget: number): void {
  writeFileSync(join(configDir, "config.yaml"), `engines:\n  brave:\n    enabled: true\n    base_url: ${brave.origin}\n    daily_budget: ${budget}\n`);
}

/** One websift-search process: its own state dir (run-cli.ts makes one per call), the shared Redis. */
function searchInProcess(...args: string[]): ReturnType<typeof runSearchCli> {
  return runSearchCli(["typescript generics", "--engines", "brave", "--json", ...args], {
    WEBSIFT_CONFIG_DIR: configDir,
    BRAVE_SEARCH_API_KEY: "BSAtestkey0123456789abcdef",
    WEBSIFT_REDIS_URL: redis.url,
  });
}

beforeAll(async () => {
  redis = await startRedisServer();
  brave = await startEngineServer();
  brave.reply = await json("brave-results.json");
  configDir = mkdtempSync(join(tmpdir(), "websift-search-redis-config-"));
}, 30_000);

afterAll(async () => {
  await closeRedisClients();
  await brave?.close();
  await redis?.stop();
  rmSync(configDir, { recursive: true, force: true });
});

describe("two websift-search processes on one Redis", () => {
  it("spend Brave's daily budget once between them", async () => {
    writeBraveConfig(1);
    const runs = await Promise.all([searchInProcess(), searchInProcess()]);
    const outcomes = runs.map((run) => run.json.data.engines[0].outcome).sort();
    expect(outcomes).toEqual(["ok", "quota_exhausted"]);
    expect(brave.requests).toHaveLength(1);
    for (const run of runs) expect(run.json.meta.warnings.filter((warning: string) => warning.startsWith("redis_unavailable"))).toEqual([]);
  }, 30_000);

  it("a third process lists the budget and the last outcome they left", async () => {
    const listed = await runSearchCli(["--backends", "--json"], { WEBSIFT_CONFIG_DIR: configDir, BRAVE_SEARCH_API_KEY: "BSAtestkey0123456789abcdef", WEBSIFT_REDIS_URL: redis.url });
    const braveEntry = listed.json.data.backends.find((backend: { name: string }) => backend.name === "brave");
    expect(braveEntry.budget).toEqual({ used_today: 1, daily_limit: 1 });
    expect(["ok", "quota_exhausted"]).toContain(braveEntry.last.outcome);
  });

  it("an engine's wait recorded by one instance holds for another (the longer wait kept)", async () => {
    const [dirA, dirB] = [await stateDir(), await stateDir()];
    const warnings: string[] = [];
    const warn = (message: string): void => {
      warnings.push(message);
    };
    await withSharedSearchState(redis.url, warn, () => recordEngineWait(dirA, "stackexchange", 30, "backoff 30"));
    await withSharedSearchState(redis.url, warn, () => recordEngineWait(dirA, "stackexchange", 5, "backoff 5"));
    const seen = await withSharedSearchState(redis.url, warn, () => pendingEngineWait(dirB, "stackexchange"));
    expect(seen).toMatchObject({ reason: "backoff 30" });
    expect(seen!.seconds).toBeGreaterThan(25);
    // Without Redis, B's own state dir knows nothing of it.
    expect(await withSharedSearchState(undefined, warn, () => pendingEngineWait(dirB, "stackexchange"))).toBeNull();
    expect(warnings).toEqual([]);
  });
});

describe("Redis faults", () => {
  it("killed: the search still runs on the local files with a warning; after a restart the budget is shared again", async () => {
    writeBraveConfig(5);
    await redis.kill();
    try {
      const started = Date.now();
      const during = await searchInProcess();
      expect(during.json.ok).toBe(true);
      expect(during.json.data.engines[0].outcome).toBe("ok");
      expect(during.json.meta.warnings.join(" ")).toMatch(/^redis_unavailable: the shared search state at redis:\/\/127\.0\.0\.1:\d+/);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await redis.restart();
    }
    const after = await searchInProcess();
    expect(after.json.data.engines[0].outcome).toBe("ok");
    expect(after.json.meta.warnings.filter((warning: string) => warning.startsWith("redis_unavailable"))).toEqual([]);
    // The count survived the kill (AOF) and goes on from it: 1 before, 1 now; the outage's request was counted locally.
    const listed = await runSearchCli(["--backends", "--json"], { WEBSIFT_CONFIG_DIR: configDir, BRAVE_SEARCH_API_KEY: "BSAtestkey0123456789abcdef", WEBSIFT_REDIS_URL: redis.url });
    expect(listed.json.data.backends.find((backend: { name: string }) => backend.name === "brave").budget).toEqual({ used_today: 2, daily_limit: 5 });
    expect(brave.requests).toHaveLength(3);
  }, 60_000);
});
