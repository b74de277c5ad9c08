// Character references left in text that was escaped twice by a CMS ("Kneelers &amp;amp; More" in the
// source reads "&amp;" after parsing), in <meta> content and JSON-LD strings.

const NAMED: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">", nbsp: " ", reg: "®", trade: "™", copy: "©" };

export function decodeLeftoverEntities(value: string): string {
  if (!value.includes("&")) return value;
  return value.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));/gi, (whole, dec: string, hex: string, name: string) => {
    const code = dec ? Number(dec) : hex ? parseInt(hex, 16) : null;
    if (code !== null) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    return NAMED[name.toLowerCase()] ?? whole;
  });
}
