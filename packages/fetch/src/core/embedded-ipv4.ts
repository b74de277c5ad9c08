// Finds the IPv4 addresses an IPv6 address carries inside it. Translation and tunnel prefixes (NAT64, 6to4,
// Teredo, IPv4-mapped/-compatible/-translated) deliver traffic to that IPv4 address, so the SSRF guard must
// judge the embedded address too: `[64:ff9b::a9fe:a9fe]` is 169.254.169.254 reached through a NAT64 gateway.
import ipaddr from "ipaddr.js";

export interface EmbeddedIpv4 {
  /** The embedding, for messages: "NAT64", "6to4", "Teredo client", ... */
  form: string;
  ipv4: ipaddr.IPv4;
}

// RFC 6052 section 2.2: bits 64-71 (the "u" octet) are never part of the embedded address.
const U_OCTET_START = 64;
const U_OCTET_END = 72;

function bitAt(parts: number[], index: number): number {
  const part = parts[Math.floor(index / 16)] ?? 0;
  return (part >> (15 - (index % 16))) & 1;
}

/** The 32 bits after a NAT64 prefix of `prefixLength` bits, skipping the u octet (RFC 6052 section 2.2). */
function rfc6052Ipv4(parts: number[], prefixLength: number): ipaddr.IPv4 {
  const octets = [0, 0, 0, 0];
  let taken = 0;
  for (let index = prefixLength; taken < 32 && index < 128; index += 1) {
    if (index >= U_OCTET_START && index < U_OCTET_END) continue;
    const octet = Math.floor(taken / 8);
    octets[octet] = ((octets[octet] ?? 0) << 1) | bitAt(parts, index);
    taken += 1;
  }
  return new ipaddr.IPv4(octets);
}

function ipv4FromParts(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function startsWith(parts: number[], prefix: number[]): boolean {
  return prefix.every((value, index) => parts[index] === value);
}

// A local-use NAT64 prefix (64:ff9b:1::/48) may be any RFC 6052 length from /48 up, and the operator's choice is
// not visible in the address. A /48, /56 or /64 layout is only plausible with its u octet and suffix bits zero
// (RFC 6052 section 2.2); the /96 layout always is. Every plausible reading is returned and the guard takes the
// strictest, so a short-prefix address may also read as 0.x.x.x under /96 and be refused: for a guard a false
// refusal is the safe error, and deployments use /96.
const LOCAL_USE_NAT64_SHORT_LENGTHS = [48, 56, 64];

function bitsAreZero(parts: number[], from: number, to: number): boolean {
  for (let index = from; index < to; index += 1) if (bitAt(parts, index) !== 0) return false;
  return true;
}

function localUseNat64Readings(parts: number[]): EmbeddedIpv4[] {
  // The 32 address bits plus the skipped u octet end at bit length + 40.
  const plausible = LOCAL_USE_NAT64_SHORT_LENGTHS.filter((length) =>
    bitsAreZero(parts, U_OCTET_START, U_OCTET_END) && bitsAreZero(parts, length + 40, 128));
  return [...plausible, 96].map((length) => ({ form: `local-use NAT64 (/${length})`, ipv4: rfc6052Ipv4(parts, length) }));
}

/** Every IPv4 address `address` embeds; empty for an ordinary IPv6 address. */
export function embeddedIpv4Addresses(address: ipaddr.IPv6): EmbeddedIpv4[] {
  const parts = address.parts;
  if (startsWith(parts, [0x64, 0xff9b, 0, 0, 0, 0])) {
    return [{ form: "NAT64", ipv4: rfc6052Ipv4(parts, 96) }];
  }
  if (startsWith(parts, [0x64, 0xff9b, 0x1])) {
    return localUseNat64Readings(parts);
  }
  if (parts[0] === 0x2002) {
    return [{ form: "6to4", ipv4: ipv4FromParts(parts[1] ?? 0, parts[2] ?? 0) }];
  }
  if (parts[0] === 0x2001 && parts[1] === 0) {
    // RFC 4380 section 4: the server's address in bits 32-63, the client's obfuscated (inverted) in bits 96-127.
    return [
      { form: "Teredo server", ipv4: ipv4FromParts(parts[2] ?? 0, parts[3] ?? 0) },
      { form: "Teredo client", ipv4: ipv4FromParts(~(parts[6] ?? 0) & 0xffff, ~(parts[7] ?? 0) & 0xffff) },
    ];
  }
  if (startsWith(parts, [0, 0, 0, 0, 0, 0xffff])) {
    return [{ form: "IPv4-mapped", ipv4: ipv4FromParts(parts[6] ?? 0, parts[7] ?? 0) }];
  }
  if (startsWith(parts, [0, 0, 0, 0, 0xffff, 0])) {
    return [{ form: "IPv4-translated", ipv4: ipv4FromParts(parts[6] ?? 0, parts[7] ?? 0) }];
  }
  // :: and ::1 are IPv6's own unspecified and loopback addresses, not IPv4-compatible spellings of 0.0.0.x.
  if (startsWith(parts, [0, 0, 0, 0, 0, 0]) && !(parts[6] === 0 && (parts[7] === 0 || parts[7] === 1))) {
    return [{ form: "IPv4-compatible", ipv4: ipv4FromParts(parts[6] ?? 0, parts[7] ?? 0) }];
  }
  return [];
}
