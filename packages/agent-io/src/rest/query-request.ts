// GET query strings become contract requests here. A value that does not parse is passed on as the
// raw string, so the contract's validation rejects it and names the field, like any bad JSON body.
// Operator settings (allow_private_hosts, store_dir, searxng_url, policy_file) are not parsed as
// anything: they arrive as strings and the contract refuses them by name. The query's length is
// bounded before this runs (414), which bounds how many repeated values a list can collect.

const INTEGER_PARAMS = new Set(["top_n", "total_chars", "per_item_chars", "limit", "page", "page_size_tokens"]);
const BOOLEAN_PARAMS = new Set(["explain", "extract", "datamark", "search"]);
const LIST_PARAMS = new Set(["engines"]);

function parseInteger(value: string): number | string {
  return /^-?\d+$/.test(value.trim()) ? Number(value) : value;
}

function parseBoolean(value: string): boolean | string {
  const normalized = value.trim().toLowerCase();
  if (["", "1", "true", "yes", "on"].includes(normalized)) return true;
  if (["0", "false", "no", "off"].includes(normalized)) return false;
  return value;
}

/**
 * A contract request from query parameters: integers and booleans parsed, comma lists split
 * (`engines=a,b` or repeated `engines=`), `q` for `query`, and `no_extract=1` for `extract: false`.
 */
export function requestFromQuery(params: URLSearchParams): Record<string, unknown> {
  const request: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    const last = values[values.length - 1] ?? "";
    if (key === "q") request["query"] = last;
    else if (key === "no_extract") {
      const parsed = parseBoolean(last);
      request["extract"] = typeof parsed === "boolean" ? !parsed : parsed;
    } else if (LIST_PARAMS.has(key)) request[key] = values.flatMap((value) => value.split(",")).map((name) => name.trim()).filter(Boolean);
    else if (INTEGER_PARAMS.has(key)) request[key] = parseInteger(last);
    else if (BOOLEAN_PARAMS.has(key)) request[key] = parseBoolean(last);
    else request[key] = last;
  }
  return request;
}
