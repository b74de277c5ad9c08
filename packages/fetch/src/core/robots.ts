// robots.txt (RFC 9309): parse the groups, pick the one for our user agent, longest-match Allow/Disallow.

export interface RobotsRules {
  allow: string[];
  disallow: string[];
}

const ROBOTS_PRODUCT_TOKEN = "websift";

/** Rules for `productToken`, falling back to the `*` group; an empty rule set allows everything. */
export function parseRobotsTxt(text: string, productToken = ROBOTS_PRODUCT_TOKEN): RobotsRules {
  const groups: Array<{ agents: string[]; rules: RobotsRules }> = [];
  let current: { agents: string[]; rules: RobotsRules } | undefined;
  let lastWasAgent = false;
  for (const rawLine of text.split(/\r?\n|\r/)) {
    const line = rawLine.replace(/#.*$/, "").trim();
    const separator = line.indexOf(":");
    if (separator === -1) continue;
    const field = line.slice(0, separator).trim().toLowerCase();
    const value = line.slice(separator + 1).trim();
    if (field === "user-agent") {
      if (!lastWasAgent || current === undefined) {
        current = { agents: [], rules: { allow: [], disallow: [] } };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (current === undefined) continue;
    if (field === "allow" && value !== "") current.rules.allow.push(value);
    if (field === "disallow" && value !== "") current.rules.disallow.push(value);
  }
  const token = productToken.toLowerCase();
  const own = groups.filter((group) => group.agents.includes(token));
  const chosen = own.length > 0 ? own : groups.filter((group) => group.agents.includes("*"));
  return {
    allow: chosen.flatMap((group) => group.rules.allow),
    disallow: chosen.flatMap((group) => group.rules.disallow),
  };
}

function patternToRegExp(pattern: string): RegExp {
  const anchored = pattern.endsWith("$");
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${body}${anchored ? "$" : ""}`);
}

function longestMatch(patterns: string[], target: string): number {
  let longest = -1;
  for (const pattern of patterns) if (patternToRegExp(pattern).test(target) && pattern.length > longest) longest = pattern.length;
  return longest;
}

/** Whether `url` may be fetched; on a tie Allow wins (RFC 9309 section 2.2.2). */
export function isAllowedByRobots(rules: RobotsRules, url: URL): boolean {
  const target = `${url.pathname}${url.search}`;
  if (target === "/robots.txt") return true;
  const disallowed = longestMatch(rules.disallow, target);
  if (disallowed === -1) return true;
  return longestMatch(rules.allow, target) >= disallowed;
}
