// The proxy to use when the request names none: HTTPS_PROXY / HTTP_PROXY (either case) by target scheme,
// skipped for hosts in NO_PROXY and always for loopback targets (a proxy cannot reach our own loopback).

function environmentValue(names: string[], env: NodeJS.ProcessEnv): string | undefined {
  for (const name of names) {
    const value = env[name];
    if (value !== undefined && value.trim() !== "") return value.trim();
  }
  return undefined;
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").replace(/\.+$/, "").toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\./.test(host);
}

/** NO_PROXY entries: `*`, exact hosts, `.suffix` / `suffix` domain matches, optional `:port`. */
function isExcludedByNoProxy(url: URL, noProxy: string | undefined): boolean {
  if (noProxy === undefined) return false;
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  for (const rawEntry of noProxy.split(/[\s,]+/)) {
    const entry = rawEntry.trim().toLowerCase();
    if (entry === "") continue;
    if (entry === "*") return true;
    const [entryHost = "", entryPort] = entry.startsWith("[") ? [entry.slice(1, entry.indexOf("]")), entry.split("]:")[1]] : entry.split(":");
    if (entryPort !== undefined && entryPort !== port) continue;
    const domain = entryHost.replace(/^\*?\./, "");
    if (host === domain || host.endsWith(`.${domain}`)) return true;
  }
  return false;
}

export function proxyFromEnvironment(target: URL, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const names = target.protocol === "https:" ? ["HTTPS_PROXY", "https_proxy"] : ["HTTP_PROXY", "http_proxy"];
  const proxy = environmentValue(names, env);
  if (proxy === undefined || isLoopbackHost(target.hostname)) return undefined;
  return isExcludedByNoProxy(target, environmentValue(["NO_PROXY", "no_proxy"], env)) ? undefined : proxy;
}
