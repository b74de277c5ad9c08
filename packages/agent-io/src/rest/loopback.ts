import { isIP } from "node:net";

/** `::ffff:127.0.0.1` (an IPv4 connection on a dual-stack socket) spelled as the IPv4 address it is. */
export function unmapIpv4(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * Whether a bind address or a connection's local address is loopback: 127.0.0.0/8, ::1 (and its
 * IPv4-mapped forms) or the name `localhost`. Anything else, wildcards (0.0.0.0, ::) and other names
 * included, reaches beyond this machine.
 */
export function isLoopbackAddress(address: string): boolean {
  const bare = unmapIpv4(address.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1"));
  if (bare === "localhost" || bare === "localhost.") return true;
  if (isIP(bare) === 4) return bare.startsWith("127.");
  if (isIP(bare) === 6) return bare === "::1" || bare === "0:0:0:0:0:0:0:1";
  return false;
}

/** An address as it stands in a URL authority: IPv6 in brackets. */
export function urlHost(address: string): string {
  const bare = unmapIpv4(address);
  return isIP(bare) === 6 ? `[${bare}]` : bare;
}
