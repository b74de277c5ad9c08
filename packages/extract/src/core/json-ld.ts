// Raw JSON-LD blocks, read before hidden-content stripping removes <script> elements.

export interface JsonLdResult {
  blocks: unknown[];
  warnings: string[];
}

/**
 * `extra` holds block texts already cut out of the HTML string (see preclean.ts); `scripts` the document's
 * <script> elements when the caller has them.
 */
export function readJsonLd(doc: Document, extra: string[] = [], scripts?: Element[]): JsonLdResult {
  const blocks: unknown[] = [];
  const warnings: string[] = [];
  const texts = [...extra, ...jsonLdScripts(scripts ?? Array.from(doc.querySelectorAll("script"))).map((s) => s.textContent ?? "")];
  for (const text of texts) {
    const raw = decodeEntitiesIfNeeded(text.trim());
    if (!raw) continue;
    const parsed = parseLenient(raw);
    if (parsed === undefined) warnings.push("json_ld_unparsable");
    else blocks.push(parsed);
  }
  return { blocks, warnings };
}

/** `script[type="application/ld+json" i]`, found among the scripts (dom.ts's fast tag walk). */
function jsonLdScripts(scripts: Element[]): Element[] {
  return scripts.filter((s) => (s.getAttribute("type") ?? "").toLowerCase() === "application/ld+json");
}

function parseLenient(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    // CMSs often leave raw newlines in strings, CDATA wrappers or trailing commas.
    const cleaned = raw
      .replace(/^\s*(?:\/\/\s*)?<!\[CDATA\[|\/\/\s*\]\]>\s*$|\]\]>\s*$/g, "")
      .replace(/[\u0000-\u001F]+/g, " ")
      .replace(/,\s*([}\]])/g, "$1");
    try {
      return JSON.parse(cleaned);
    } catch {
      return undefined;
    }
  }
}

/** Every object node in the blocks (top level, arrays and @graph), for type and field look-ups. */
export function jsonLdNodes(blocks: unknown[]): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > 4 || value === null || typeof value !== "object") return;
    if (Array.isArray(value)) {
      for (const v of value) visit(v, depth + 1);
      return;
    }
    const obj = value as Record<string, unknown>;
    out.push(obj);
    if (obj["@graph"]) visit(obj["@graph"], depth + 1);
    for (const key of ["mainEntity", "mainEntityOfPage", "itemListElement"]) {
      if (obj[key] && typeof obj[key] === "object") visit(obj[key], depth + 1);
    }
  };
  visit(blocks, 0);
  return out;
}

export function typesOf(node: Record<string, unknown>): string[] {
  const t = node["@type"];
  if (typeof t === "string") return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === "string");
  return [];
}

export function stringField(node: Record<string, unknown>, key: string): string | null {
  const v = node[key];
  if (typeof v === "string") return v;
  if (Array.isArray(v) && typeof v[0] === "string") return v[0];
  if (v && typeof v === "object" && typeof (v as Record<string, unknown>)["name"] === "string") {
    return (v as Record<string, unknown>)["name"] as string;
  }
  if (Array.isArray(v) && v[0] && typeof v[0] === "object") {
    const names = v
      .map((x) => (x && typeof x === "object" ? (x as Record<string, unknown>)["name"] : null))
      .filter((x): x is string => typeof x === "string");
    return names.length > 0 ? names.join(", ") : null;
  }
  return null;
}

/** Script text is raw in HTML, so entities are rare; a few CMSs still escape quotes. */
function decodeEntitiesIfNeeded(raw: string): string {
  if (!raw.startsWith("{&quot;") && !raw.startsWith("[&quot;")) return raw;
  return raw.replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
}
