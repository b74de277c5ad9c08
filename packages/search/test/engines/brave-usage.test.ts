import { readdir, readFile, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BRAVE_USAGE_FILE, readBraveUsage, reserveBraveRequest, type UsageClock } from "../../src/engines/brave-usage.js";
import { stateDir } from "./engine-server.js";

/** A clock that only moves when the code under test sleeps. */
function fakeClock(start: number): UsageClock & { slept: number[] } {
  let now = start;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
}

const NOON = Date.UTC(2026, 0, 15, 12, 0, 0);

describe("brave usage (budget and 1 request/second)", () => {
  it("counts requests per UTC day and refuses once the budget is spent", async () => {
    const dir = await stateDir();
    const clock = fakeClock(NOON);
    expect(await reserveBraveRequest(dir, 2, clock)).toMatchObject({ allowed: true, used_today: 1, waited_ms: 0 });
    expect(await reserveBraveRequest(dir, 2, clock)).toMatchObject({ allowed: true, used_today: 2, waited_ms: 1000 });
    expect(await reserveBraveRequest(dir, 2, clock)).toEqual({ allowed: false, used_today: 2, budget: 2 });
    expect(await readBraveUsage(dir)).toEqual({ day: "2026-01-15", requests: 2, last_request_ms: NOON + 1000 });
    // Nothing but the state file is left behind: no temp files, no lock.
    expect(await readdir(dir)).toEqual([BRAVE_USAGE_FILE]);
  });

  it("resets at 00:00 UTC", async () => {
    const dir = await stateDir();
    const clock = fakeClock(Date.UTC(2026, 0, 15, 23, 59, 59, 500));
    expect((await reserveBraveRequest(dir, 1, clock)).allowed).toBe(true);
    // Still 15 January: the budget is spent.
    expect(await reserveBraveRequest(dir, 1, clock)).toMatchObject({ allowed: false });
    clock.now = () => Date.UTC(2026, 0, 16, 0, 0, 5);
    expect(await reserveBraveRequest(dir, 1, clock)).toMatchObject({ allowed: true, used_today: 1 });
  });

  it("waits at most one second, even when the stamp lies in the future", async () => {
    const dir = await stateDir();
    await writeFile(join(dir, BRAVE_USAGE_FILE), JSON.stringify({ day: "2026-01-15", requests: 0, last_request_ms: NOON + 3_600_000 }));
    const clock = fakeClock(NOON);
    expect(await reserveBraveRequest(dir, undefined, clock)).toMatchObject({ allowed: true, waited_ms: 1000 });
  });

  it("serialises parallel callers: each is counted once and spaced by a second", async () => {
    const dir = await stateDir();
    const clock = fakeClock(NOON);
    const all = await Promise.all(Array.from({ length: 5 }, () => reserveBraveRequest(dir, 3, clock)));
    expect(all.filter((reservation) => reservation.allowed)).toHaveLength(3);
    expect(all.filter((reservation) => !reservation.allowed)).toHaveLength(2);
    expect(clock.slept.filter((ms) => ms === 1000)).toHaveLength(2);
    expect((await readBraveUsage(dir))?.requests).toBe(3);
  });

  it("treats an unreadable state file as a fresh count and replaces it atomically", async () => {
    const dir = await stateDir();
    await writeFile(join(dir, BRAVE_USAGE_FILE), "{not json");
    expect(await reserveBraveRequest(dir, 5, fakeClock(NOON))).toMatchObject({ allowed: true, used_today: 1 });
    expect(JSON.parse(await readFile(join(dir, BRAVE_USAGE_FILE), "utf8"))).toMatchObject({ requests: 1 });
  });

  it("breaks a stale lock left by a dead process", async () => {
    const dir = await stateDir();
    const lock = join(dir, "brave-usage.lock");
    await writeFile(lock, "");
    const old = new Date(Date.now() - 60_000);
    await utimes(lock, old, old);
    expect((await reserveBraveRequest(dir, 5, fakeClock(NOON))).allowed).toBe(true);
  });
});
