// Placeholder credentials are not credentials: a key such as CHANGE_ME or YOUR_KEY is treated as "not
// configured" and never sent, so a never-configured engine cannot pass for one with an expired key.
// Nothing here logs or returns the key itself: only which rule it tripped.

const MARKERS = ["CHANGE", "PLACEHOLDER", "YOUR_"];
const WHOLE_VALUES = new Set(["TODO", "XXX", "NONE", "NULL", "UNDEFINED"]);

function unquote(value: string): string {
  const match = /^(["'`])(.*)\1$/s.exec(value);
  return match ? match[2]!.trim() : value;
}

/** Why this value cannot be used as a key, in words that never contain the value; undefined when it looks real. */
export function keyProblem(value: string | undefined | null): string | undefined {
  if (value === undefined || value === null) return "no key is set";
  const trimmed = unquote(value.trim());
  if (trimmed === "") return "the key is empty";
  const upper = trimmed.toUpperCase();
  const marker = MARKERS.find((candidate) => upper.includes(candidate));
  if (marker !== undefined) return `the key is a placeholder (it contains ${marker})`;
  if (WHOLE_VALUES.has(upper)) return `the key is a placeholder (it is ${upper})`;
  // "x", "xxxx", "XXXXXXXX": a run of x is a redaction mark, not a key.
  if (/^x+$/i.test(trimmed)) return "the key is a placeholder (only x characters)";
  // Unexpanded templates: <api-key>, ${BRAVE_KEY}, {{ key }}.
  if (/^<[^<>]*>$/.test(trimmed) || /^\$\{[^}]*\}$/.test(trimmed) || /^\{\{.*\}\}$/s.test(trimmed)) {
    return "the key is an unfilled template";
  }
  return undefined;
}

export function isPlaceholderKey(value: string | undefined | null): boolean {
  return keyProblem(value) !== undefined;
}
