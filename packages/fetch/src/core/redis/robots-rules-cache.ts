// robots.txt rules on Redis, per origin, expiring by Redis (SET ... PX): one instance fetches an origin's
// robots.txt and the others read its rules.
import type { RobotsRules } from "../robots.js";
import { robotsKey } from "./redis-keys.js";
import type { SharedFetchState } from "./shared-state.js";

/** Rules, null on a miss, undefined when Redis is unavailable. */
export async function readSharedRobotsRules(shared: SharedFetchState, origin: string): Promise<RobotsRules | null | undefined> {
  const value = await shared.attempt((client) => client.get(robotsKey(origin)));
  if (value === undefined || value === null) return value;
  try {
    const rules = JSON.parse(value) as RobotsRules;
    return Array.isArray(rules.allow) && Array.isArray(rules.disallow) ? rules : null;
  } catch {
    return null;
  }
}

export async function writeSharedRobotsRules(shared: SharedFetchState, origin: string, rules: RobotsRules, ttlMs: number): Promise<void> {
  await shared.attempt((client) => client.set(robotsKey(origin), JSON.stringify(rules), "PX", ttlMs));
}
