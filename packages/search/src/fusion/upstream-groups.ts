import { lowerCase } from "../lower-case.js";

/**
 * Correlation groups: engines that serve results from one index agree because they are the same
 * source, not because the page is good. They count once in fusion, at their best rank.
 */
const UPSTREAM_GROUPS: Record<string, string> = {
  google: "google",
  startpage: "google",
  "google news": "google",
  bing: "bing",
  duckduckgo: "bing",
  yahoo: "bing",
  ecosia: "bing",
  qwant: "bing",
  brave: "brave",
  mojeek: "mojeek",
  wikipedia: "wikipedia",
  stackexchange: "stackexchange",
  stackoverflow: "stackexchange",
  github: "github",
  hackernews: "hackernews",
  "hacker news": "hackernews",
};

export function groupOfEngine(engine: string, fallbackGroups: ReadonlyMap<string, string>): string {
  const name = lowerCase(engine);
  // Upstream names come from the SearXNG server: `constructor` or `__proto__` must not read Object's own members.
  return fallbackGroups.get(name) ?? (Object.hasOwn(UPSTREAM_GROUPS, name) ? UPSTREAM_GROUPS[name]! : name);
}
