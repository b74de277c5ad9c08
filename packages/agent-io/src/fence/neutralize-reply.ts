import { neutralizeMarkers, type Fence } from "./untrusted-fence.js";

/**
 * Every string of a reply that is not itself a fenced body (titles, URLs, snippets, headings,
 * details, warnings) with marker copies defused: page-controlled text reaches the agent in many
 * fields, and only the fenced ones are guarded by the fence.
 */
export function neutralizeReplyStrings<T>(value: T, fence: Fence): T {
  return walk(value, fence) as T;
}

function walk(value: unknown, fence: Fence): unknown {
  if (typeof value === "string") return value.includes(fence.open) ? value : neutralizeMarkers(value);
  if (Array.isArray(value)) return value.map((item) => walk(item, fence));
  if (value === null || typeof value !== "object") return value;
  const copy: Record<string, unknown> = {};
  // The fence description is websift's own and must keep the real markers.
  for (const [key, child] of Object.entries(value)) copy[key] = key === "fence" ? child : walk(child, fence);
  return copy;
}
