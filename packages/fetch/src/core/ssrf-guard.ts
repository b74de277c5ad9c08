// The SSRF guard: decides whether a URL's destination may be contacted, and pins the address it checked.
//
// The WHATWG URL parser already canonicalises every numeric IPv4 spelling for http(s) (2130706433,
// 0x7f.0.0.1, 017700000001, 127.1 all become 127.0.0.1) and IPv6 literals (to compressed form), so the guard
// checks `url.hostname` after parsing; ipaddr.js re-parses as a second line of defence. Names are resolved
// here, every returned address is checked, and the connection is then made to the checked address only
// (see `createPinnedLookup`), so a DNS answer that changes between check and connect (rebinding) cannot
// redirect the request.
import { lookup as dnsLookup } from "node:dns/promises";
import type { LookupAddress, LookupOptions } from "node:dns";
import ipaddr from "ipaddr.js";
import { embeddedIpv4Addresses } from "./embedded-ipv4.js";
import { privateAllowedFor, type PrivateAccess } from "./private-access.js";

export type DestinationVerdict =
  | { allowed: true; address: string; family: 4 | 6 }
  | { allowed: false; outcome: "refused" | "dns_failed"; detail: string };

export interface ForbiddenAddress {
  reason: string;
  /**
   * Refused even with allow_private_hosts: link-local covers cloud metadata (169.254.169.254, fe80::/10), in
   * every IPv6 spelling that embeds it.
   */
  alwaysRefused: boolean;
}

// Ranges that are never a legitimate fetch target, internal or not.
const ALWAYS_REFUSED_RANGES = new Set(["linkLocal", "unspecified", "multicast", "broadcast"]);

function severity(forbidden: ForbiddenAddress | null): number {
  return forbidden === null ? 0 : forbidden.alwaysRefused ? 2 : 1;
}

function classifyIpv4(address: ipaddr.IPv4): ForbiddenAddress | null {
  const range = address.range();
  return range === "unicast" ? null : { reason: `${range} IPv4 address`, alwaysRefused: ALWAYS_REFUSED_RANGES.has(range) };
}

/**
 * An IPv6 address is judged by its own range and by every IPv4 address it embeds (embedded-ipv4.ts), whichever
 * is stricter: NAT64, 6to4, Teredo and the IPv4-mapped forms reach the IPv4 address, so 169.254.169.254 stays
 * refused in every spelling, and an embedded loopback or private address needs allow_private_hosts like itself.
 */
function classifyIpv6(address: ipaddr.IPv6): ForbiddenAddress | null {
  const embedded = embeddedIpv4Addresses(address);
  let strictest: ForbiddenAddress | null = null;
  for (const { form, ipv4 } of embedded) {
    const inner = classifyIpv4(ipv4);
    const candidate = inner === null ? null : { reason: `${form} IPv6 address embedding ${ipv4.toString()} (${inner.reason})`, alwaysRefused: inner.alwaysRefused };
    if (severity(candidate) > severity(strictest)) strictest = candidate;
  }
  // ::/96 (IPv4-compatible, deprecated) is unicast to ipaddr.js but reaches IPv4 space on some stacks: private at least.
  const isCompatible = embedded.some(({ form }) => form === "IPv4-compatible");
  const range = isCompatible && address.range() === "unicast" ? "IPv4-compatible" : address.range();
  const own = range === "unicast" ? null : { reason: `${range} IPv6 address`, alwaysRefused: ALWAYS_REFUSED_RANGES.has(range) };
  return severity(own) > severity(strictest) ? own : strictest;
}

/** Why an address may not be contacted, or null when it is public unicast. */
export function classifyForbiddenAddress(address: string): ForbiddenAddress | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return { reason: "unparseable address", alwaysRefused: true };
  }
  return parsed.kind() === "ipv6" ? classifyIpv6(parsed as ipaddr.IPv6) : classifyIpv4(parsed as ipaddr.IPv4);
}

/** `an` before a vowel sound ("an IPv4-mapped ...", "an unparseable ..."), else `a`. */
function article(phrase: string): string {
  return /^[aeiou]/i.test(phrase) ? "an" : "a";
}

function refusalDetail(subject: string, forbidden: ForbiddenAddress): string {
  return forbidden.alwaysRefused
    ? `${subject}, ${article(forbidden.reason)} ${forbidden.reason}, is never fetched (cloud metadata and link-local ranges stay refused)`
    : `${subject}, ${article(forbidden.reason)} ${forbidden.reason}; private destinations need allow_private_hosts (an operator setting)`;
}

function isRefused(forbidden: ForbiddenAddress | null, allowPrivateHosts: boolean): forbidden is ForbiddenAddress {
  return forbidden !== null && (forbidden.alwaysRefused || !allowPrivateHosts);
}

function bareHostname(url: URL): string {
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

function isSpecialUseName(hostname: string): boolean {
  const name = hostname.replace(/\.+$/, "").toLowerCase();
  return name === "localhost" || name.endsWith(".localhost");
}

/**
 * Checks the destination of one hop. With private access for this URL (all private hosts, or this host on
 * the operator's allow-list) loopback and private addresses pass (link-local,
 * unspecified, multicast and broadcast never do), and the lookup is still pinned so the connection goes where
 * the check looked.
 */
export async function vetDestination(url: URL, privateAccess: boolean | PrivateAccess, signal?: AbortSignal): Promise<DestinationVerdict> {
  // Decided per URL: a host the operator allowed alone opens private addresses for that host (and port) only.
  const allowPrivateHosts = privateAllowedFor(url, privateAccess);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { allowed: false, outcome: "refused", detail: `scheme ${url.protocol} is not http or https` };
  }
  const hostname = bareHostname(url);
  if (ipaddr.isValid(hostname)) {
    const parsed = ipaddr.parse(hostname);
    const canonical = parsed.toString();
    const forbidden = classifyForbiddenAddress(canonical);
    if (isRefused(forbidden, allowPrivateHosts)) {
      return { allowed: false, outcome: "refused", detail: refusalDetail(hostname, forbidden) };
    }
    return { allowed: true, address: canonical, family: parsed.kind() === "ipv6" ? 6 : 4 };
  }
  if (isSpecialUseName(hostname) && !allowPrivateHosts) {
    return { allowed: false, outcome: "refused", detail: `${hostname} is a loopback name; private destinations need allow_private_hosts` };
  }
  let addresses: LookupAddress[];
  try {
    // "example.com." and "example.com" are the same name; the resolver does not always accept the dotted form.
    addresses = await abortable(dnsLookup(hostname.replace(/\.+$/, ""), { all: true, verbatim: true }), signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? "unknown error";
    return { allowed: false, outcome: "dns_failed", detail: `DNS lookup of ${hostname} failed (${code})` };
  }
  const first = addresses[0];
  if (first === undefined) return { allowed: false, outcome: "dns_failed", detail: `DNS lookup of ${hostname} returned no address` };
  // Refuse when any answer is forbidden: a mixed public/private answer is a classic rebinding setup.
  for (const { address } of addresses) {
    const forbidden = classifyForbiddenAddress(address);
    if (isRefused(forbidden, allowPrivateHosts)) {
      return { allowed: false, outcome: "refused", detail: refusalDetail(`${hostname} resolves to ${address}`, forbidden) };
    }
  }
  return { allowed: true, address: first.address, family: first.family === 6 ? 6 : 4 };
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http/net that ignores the name and answers with the address the guard vetted. */
export function createPinnedLookup(address: string, family: 4 | 6) {
  return (_hostname: string, options: LookupOptions | LookupCallback, callback?: LookupCallback): void => {
    const done = typeof options === "function" ? options : callback;
    const wantsAll = typeof options === "object" && options !== null && options.all === true;
    if (done === undefined) return;
    // Always asynchronous, like dns.lookup: called back synchronously, a connect() that fails at
    // once (ENETUNREACH for an IPv6 address on an IPv4-only host) emits its socket 'error' before
    // the HTTP client has attached a listener, and the uncaught error ends the whole process.
    process.nextTick(() => {
      if (wantsAll) done(null, [{ address, family }]);
      else done(null, address, family);
    });
  };
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => { signal.removeEventListener("abort", onAbort); resolve(value); },
      (error: unknown) => { signal.removeEventListener("abort", onAbort); reject(error); },
    );
  });
}
