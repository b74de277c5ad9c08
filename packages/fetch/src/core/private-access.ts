// Which private destinations the operator opened: all of them (allow_private_hosts), or single hosts
// (allowed_private_hosts, `HOST` or `HOST:PORT`), so an intranet wiki can be read without opening every
// private address. The guard asks `privateAllowedFor` per hop, so a redirect or a page's script that
// reaches for another private host or port is still refused.

export interface PrivateAccess {
  all: boolean;
  /** Entries as the operator wrote them: `host` (any port) or `host:port`; IPv6 in brackets. */
  hosts: readonly string[];
}

function defaultPort(url: URL): string {
  return url.port !== "" ? url.port : url.protocol === "https:" ? "443" : "80";
}

/** Host and optional port of one entry, the host in the WHATWG parser's spelling so `127.1` equals `127.0.0.1`. */
function parseEntry(entry: string): { host: string; port: string | undefined } | undefined {
  try {
    const parsed = new URL(`http://${entry.trim()}`);
    const hasPort = /:\d+$/.test(entry.trim());
    return { host: parsed.hostname.toLowerCase().replace(/\.+$/, ""), port: hasPort ? (parsed.port === "" ? "80" : parsed.port) : undefined };
  } catch {
    return undefined;
  }
}

/** True when private destinations may be contacted for this URL. Link-local and metadata stay refused by the guard regardless. */
export function privateAllowedFor(url: URL, access: PrivateAccess | boolean): boolean {
  if (typeof access === "boolean") return access;
  if (access.all) return true;
  const host = url.hostname.toLowerCase().replace(/\.+$/, "");
  const port = defaultPort(url);
  return access.hosts.some((entry) => {
    const parsed = parseEntry(entry);
    return parsed !== undefined && parsed.host === host && (parsed.port === undefined || parsed.port === port);
  });
}
