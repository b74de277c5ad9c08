import { getHostname } from "tldts";

/**
 * The host of a canonical URL (`canonicalizeUrl` output: `http(s)://`, no credentials, a path) read by position, when
 * it is a plain name of a-z, 0-9, `.` and `-` (what tldts gives back unchanged); null for anything else (a port, an
 * IPv6 literal, other characters), which is left to tldts.
 */
function canonicalHost(url: string): string | null {
  const start = url.indexOf("//") + 2;
  const end = url.indexOf("/", start);
  if (start === 1 || end === -1 || end === start) return null;
  for (let index = start; index < end; index += 1) {
    const code = url.charCodeAt(index);
    if (!((code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x2e || code === 0x2d)) return null;
  }
  return url.slice(start, end);
}

/**
 * Host of a URL, lowercased, without a trailing dot or a leading `www.`. With `canonical` (the URL is
 * `canonicalizeUrl` output), a plain host is read by position instead of parsing the URL again.
 */
export function hostOf(url: string, canonical = false): string {
  let host = (canonical ? canonicalHost(url) : null) ?? (getHostname(url) ?? "").toLowerCase();
  if (host.endsWith(".")) host = host.slice(0, -1);
  return host.startsWith("www.") ? host.slice(4) : host;
}

/** A host and every suffix after one of its dots (`a.b.c`, `b.c`, `c`): what host rules are looked up by. */
export function hostSuffixes(host: string): string[] {
  const suffixes = [host];
  for (let dot = host.indexOf("."); dot !== -1; dot = host.indexOf(".", dot + 1)) suffixes.push(host.slice(dot + 1));
  return suffixes;
}

/** A host rule as it is matched: trimmed, lower case, without a leading `*.` or one trailing dot. */
function normalizeHostRule(rule: string): string {
  return rule.trim().toLowerCase().replace(/^\*\./, "").replace(/\.$/, "");
}

/**
 * Host rules compiled into a map keyed by the domain each rule names. A rule matches its domain and every
 * subdomain of it, never a lookalike (`notgithub.com`): a host is looked up once for itself and once for each
 * suffix after one of its dots, so the cost grows with the host's labels, not with the number of rules. When
 * several rules match, the one listed first wins, as a scan of the list in order would find it.
 */
export class HostRuleIndex<T> {
  readonly #byDomain = new Map<string, { order: number; value: T }>();

  /** `entries` in priority order: the rule (as written in the policy) and what a match answers. */
  constructor(entries: Iterable<readonly [rule: string, value: T]>) {
    let order = 0;
    for (const [rule, value] of entries) {
      const domain = normalizeHostRule(rule);
      if (!this.#byDomain.has(domain)) this.#byDomain.set(domain, { order, value });
      order += 1;
    }
  }

  /** A list of rules that answers with the rule itself. */
  static of(rules: readonly string[]): HostRuleIndex<string> {
    return new HostRuleIndex(rules.map((rule) => [rule, rule] as const));
  }

  /** What the first matching rule answers for a host, given as `hostSuffixes(hostOf(url))`, or undefined. */
  match(suffixes: readonly string[]): T | undefined {
    if (this.#byDomain.size === 0) return undefined;
    let best: { order: number; value: T } | undefined;
    for (const suffix of suffixes) {
      const hit = this.#byDomain.get(suffix);
      if (hit !== undefined && (best === undefined || hit.order < best.order)) best = hit;
    }
    return best?.value;
  }
}
