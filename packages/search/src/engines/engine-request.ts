import type { Envelope, FetchRequest, FetchResponse } from "@websift/contracts";
import { engineHeaders, type EngineContext } from "./port.js";

/** What one engine request is made of, beyond what every engine request shares. */
export interface EngineRequest {
  /** The URL the endpoint hangs off: the operator's `base_url`, else the service's public origin. */
  base: string;
  /** The endpoint's path, added to the base's own path (a prefix like `https://host/searx/` is kept). */
  path: string;
  /** Query parameters in the order they are sent; one whose value is undefined is left out. */
  params?: ReadonlyArray<readonly [name: string, value: string | undefined]>;
  /** Request headers (the operator's User-Agent is added when one is configured); a function reads the final URL. */
  headers: Record<string, string> | ((url: URL) => Record<string, string>);
  /** A form body, sent as `POST` (`application/x-www-form-urlencoded`; name its content type in `headers`). */
  form?: URLSearchParams;
  /** False to get a redirect back as the reply instead of following it. */
  followRedirects?: false;
  /**
   * Whether the request may reach loopback or a private network. Default: only when the operator configured the
   * engine's `base_url` (the operator trusts that origin); the public services never need it.
   */
  allowPrivateHosts?: boolean;
}

/**
 * The endpoint URL: `path` under the base's own path (trailing slashes trimmed), without the base's query or
 * fragment, then `params` in order.
 */
function engineUrl(base: string, path: string, params: EngineRequest["params"] = []): URL {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}${path}`;
  url.search = "";
  url.hash = "";
  for (const [name, value] of params) if (value !== undefined) url.searchParams.set(name, value);
  return url;
}

/**
 * The fetch request every engine sends: the operator's timeout, no retries (an engine's failure is reported, not
 * hidden behind retries), the plain HTTP tier, and private hosts only for an operator-configured origin.
 */
export function engineFetchRequest(context: EngineContext, request: EngineRequest): FetchRequest {
  const url = engineUrl(request.base, request.path, request.params);
  const headers = typeof request.headers === "function" ? request.headers(url) : request.headers;
  return {
    url: url.toString(),
    ...(request.form ? { method: "POST" as const } : {}),
    headers: engineHeaders(context.settings, headers),
    ...(request.form ? { body: request.form.toString() } : {}),
    ...(request.followRedirects === false ? { follow_redirects: false } : {}),
    allow_private_hosts: request.allowPrivateHosts ?? context.settings.base_url !== undefined,
    timeout_ms: context.settings.timeout_ms,
    retries: 0,
    tier: 0,
  };
}

/** Build an engine's request (`engineFetchRequest`) and send it through the fetch layer. */
export function sendEngineRequest(context: EngineContext, request: EngineRequest): Promise<Envelope<FetchResponse>> {
  return context.fetch(engineFetchRequest(context, request));
}
