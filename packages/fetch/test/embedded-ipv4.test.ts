// Guard decisions for IPv6 spellings that embed an IPv4 address. Everything here calls the classifier or the
// guard's decision function on literal addresses: no DNS, no connection, nothing leaves the process.
import fc from "fast-check";
import ipaddr from "ipaddr.js";
import { describe, expect, it } from "vitest";
import { embeddedIpv4Addresses } from "../src/core/embedded-ipv4.js";
import { classifyForbiddenAddress, vetDestination } from "../src/core/ssrf-guard.js";

/** The IPv6 spellings of one IPv4 address, built bit by bit from the RFCs (independently of the code under test). */
function ipv6Spellings([a, b, c, d]: number[]): Record<string, string> {
  const hex = (high: number, low: number): string => ((high << 8) | low).toString(16);
  const notHex = (high: number, low: number): string => ((~((high << 8) | low)) & 0xffff).toString(16);
  const [ab, cd] = [hex(a ?? 0, b ?? 0), hex(c ?? 0, d ?? 0)];
  return {
    "NAT64 64:ff9b::/96": `64:ff9b::${ab}:${cd}`,
    // RFC 6052 section 2.2 layouts under the local-use prefix 64:ff9b:1::/48 (bits 64-71 stay zero).
    "local-use NAT64 /48": `64:ff9b:1:${ab}:${hex(0, c ?? 0)}:${hex(d ?? 0, 0)}::`,
    "local-use NAT64 /56": `64:ff9b:1:${hex(0, a ?? 0)}:${hex(0, b ?? 0)}:${cd}::`,
    "local-use NAT64 /64": `64:ff9b:1:0:${hex(0, a ?? 0)}:${hex(b ?? 0, c ?? 0)}:${hex(d ?? 0, 0)}:0`,
    "local-use NAT64 /96": `64:ff9b:1::${ab}:${cd}`,
    "6to4": `2002:${ab}:${cd}::1`,
    "Teredo server": `2001:0:${ab}:${cd}::1`,
    "Teredo client": `2001:0:4136:e378:8000:63bf:${notHex(a ?? 0, b ?? 0)}:${notHex(c ?? 0, d ?? 0)}`,
    "IPv4-compatible": `::${ab}:${cd}`,
    "IPv4-mapped": `::ffff:${ab}:${cd}`,
    "IPv4-translated": `::ffff:0:${ab}:${cd}`,
  };
}

const METADATA = [169, 254, 169, 254];

describe("the metadata address 169.254.169.254 in every IPv6 spelling", () => {
  it.each(Object.entries(ipv6Spellings(METADATA)))("%s (%s) is always refused", async (_form, address) => {
    expect(classifyForbiddenAddress(address)).toMatchObject({ alwaysRefused: true });
    const verdict = await vetDestination(new URL(`http://[${address}]/latest/meta-data/`), true);
    expect(verdict).toMatchObject({ allowed: false, outcome: "refused" });
    expect(verdict.allowed ? "" : verdict.detail).toContain("169.254.169.254");
  });

  it.each(["64:ff9b::a9fe:a9fe", "64:ff9b::169.254.169.254", "2002:a9fe:a9fe::", "::a9fe:a9fe", "::169.254.169.254", "::ffff:169.254.169.254"])(
    "the URL spelling http://[%s]/ is refused with allow_private_hosts",
    async (address) => {
      expect(await vetDestination(new URL(`http://[${address}]/`), true)).toMatchObject({ allowed: false, outcome: "refused" });
    },
  );
});

// Local-use NAT64 layouts shorter than /96 also read as 0.x.x.x under /96 (always refused): a deliberate false
// refusal, see embedded-ipv4.ts. Every other spelling is judged exactly like the address it carries.
const AMBIGUOUS_FORMS = new Set(["local-use NAT64 /48", "local-use NAT64 /56"]);
const unambiguousSpellings = (octets: number[]): Array<[string, string]> =>
  Object.entries(ipv6Spellings(octets)).filter(([form]) => !AMBIGUOUS_FORMS.has(form));

describe("an embedded private or loopback IPv4 is judged like the IPv4 itself", () => {
  it.each(unambiguousSpellings([127, 0, 0, 1]))("%s of 127.0.0.1 needs allow_private_hosts", async (_form, address) => {
    const url = new URL(`http://[${address}]/`);
    expect(await vetDestination(url, false)).toMatchObject({ allowed: false, outcome: "refused" });
    expect(classifyForbiddenAddress(address)).toMatchObject({ alwaysRefused: false });
    expect(await vetDestination(url, true)).toMatchObject({ allowed: true, family: 6 });
  });

  it.each(unambiguousSpellings([10, 1, 2, 3]))("%s of 10.1.2.3 is a private destination", (_form, address) => {
    expect(classifyForbiddenAddress(address)?.reason).toContain("10.1.2.3 (private IPv4 address)");
  });

  it("refuses the short local-use NAT64 layouts even with allow_private_hosts (their /96 reading is 0.0.0.0)", () => {
    for (const form of AMBIGUOUS_FORMS) {
      expect(classifyForbiddenAddress(ipv6Spellings([127, 0, 0, 1])[form] ?? "")).toMatchObject({ alwaysRefused: true });
    }
  });

  it("keeps IPv6's own :: and ::1 apart from the IPv4-compatible range", () => {
    expect(classifyForbiddenAddress("::1")).toEqual({ reason: "loopback IPv6 address", alwaysRefused: false });
    expect(classifyForbiddenAddress("::")).toMatchObject({ alwaysRefused: true });
    expect(embeddedIpv4Addresses(ipaddr.IPv6.parse("::1"))).toEqual([]);
  });

  it("still refuses translation prefixes around a public IPv4 without allow_private_hosts, and leaves public IPv6 alone", () => {
    for (const [form, address] of unambiguousSpellings([8, 8, 8, 8])) {
      expect(classifyForbiddenAddress(address), `${form} ${address}`).toMatchObject({ alwaysRefused: false });
    }
    expect(classifyForbiddenAddress("2606:4700:4700::1111")).toBeNull();
    expect(embeddedIpv4Addresses(ipaddr.IPv6.parse("2606:4700:4700::1111"))).toEqual([]);
  });
});

describe("properties over every IPv4 address", () => {
  const ipv4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255));
  const linkLocal = fc.tuple(fc.constant(169), fc.constant(254), fc.nat(255), fc.nat(255));
  const severity = (address: string): number => {
    const forbidden = classifyForbiddenAddress(address);
    return forbidden === null ? 0 : forbidden.alwaysRefused ? 2 : 1;
  };

  it("every spelling is at least as strict as the IPv4 address it carries", () => {
    fc.assert(fc.property(ipv4, (octets) => {
      const plain = severity(octets.join("."));
      for (const [form, address] of Object.entries(ipv6Spellings(octets))) {
        if (form === "IPv4-compatible" && octets.slice(0, 3).every((octet) => octet === 0) && (octets[3] ?? 0) <= 1) continue; // :: and ::1
        expect(severity(address), `${form} ${address}`).toBeGreaterThanOrEqual(Math.max(plain, 1));
      }
    }), { numRuns: 2000 });
  });

  it("every spelling is found back as the same IPv4 address", () => {
    fc.assert(fc.property(ipv4, (octets) => {
      for (const [form, address] of Object.entries(ipv6Spellings(octets))) {
        if (form === "IPv4-compatible" && octets.slice(0, 3).every((octet) => octet === 0) && (octets[3] ?? 0) <= 1) continue;
        const found = embeddedIpv4Addresses(ipaddr.IPv6.parse(address)).map(({ ipv4: embedded }) => embedded.toString());
        expect(found, `${form} ${address}`).toContain(octets.join("."));
      }
    }), { numRuns: 2000 });
  });

  it("no spelling of a link-local address passes the guard, even with allow_private_hosts", async () => {
    await fc.assert(fc.asyncProperty(linkLocal, async (octets) => {
      for (const address of Object.values(ipv6Spellings(octets))) {
        expect(await vetDestination(new URL(`http://[${address}]/`), true), address).toMatchObject({ allowed: false, outcome: "refused" });
      }
    }), { numRuns: 500 });
  });
});
