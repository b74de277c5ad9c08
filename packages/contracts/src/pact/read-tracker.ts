/** JSON type names, as recorded in a pact and compared on verification. */
export type JsonTypeName = "string" | "number" | "boolean" | "null" | "object" | "array";

export function jsonTypeOf(value: unknown): JsonTypeName | "undefined" {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  const type = typeof value;
  if (type === "string" || type === "number" || type === "boolean" || type === "object") return type;
  return "undefined";
}

export interface ReadTracker<T> {
  /** A view of the value that records every field the consumer reads. */
  view: T;
  /** Paths read, e.g. `data.results[].url`, each with the JSON types seen there. */
  reads(): Map<string, Set<JsonTypeName>>;
}

const ARRAY_INDEX = /^\d+$/;

/**
 * Wrap a JSON value so that the fields a consumer actually reads are recorded: the pact then
 * holds exactly what the consumer relies on, not a guess written by hand.
 */
export function trackReads<T>(value: T): ReadTracker<T> {
  const reads = new Map<string, Set<JsonTypeName>>();
  const proxies = new WeakMap<object, object>();

  const note = (path: string, child: unknown): void => {
    const type = jsonTypeOf(child);
    if (type === "undefined") return;
    let types = reads.get(path);
    if (!types) reads.set(path, (types = new Set()));
    types.add(type);
  };

  const wrap = (target: unknown, path: string): unknown => {
    if (target === null || typeof target !== "object") return target;
    const cached = proxies.get(target);
    if (cached) return cached;
    const proxy = new Proxy(target, {
      get(object, property, receiver) {
        const child = Reflect.get(object, property, receiver);
        if (typeof property === "symbol" || typeof child === "function") return child;
        if (Array.isArray(object)) {
          if (!ARRAY_INDEX.test(property)) return child; // length and friends are not fields
          const childPath = `${path}[]`;
          note(childPath, child);
          return wrap(child, childPath);
        }
        if (!Object.prototype.hasOwnProperty.call(object, property)) return child;
        const childPath = path ? `${path}.${property}` : property;
        note(childPath, child);
        return wrap(child, childPath);
      },
    });
    proxies.set(target, proxy);
    return proxy;
  };

  return { view: wrap(value, "") as T, reads: () => reads };
}
