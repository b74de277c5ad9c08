import { isIP } from "node:net";
import { isLoopbackAddress, unmapIpv4 } from "./loopback.js";

/** A host name (or IP literal, without brackets) and an optional port, as a Host header or an --allowed-host names them. */
export interface HostAuthority {
  name: string;
  port: number | undefined;
}

/** The address a connection arrived on (from its socket). */
export interface LocalEndpoint {
  address: string;
  port: number;
}

const WILDCARDS = new Set(["0.0.0.0", "::", "0:0:0:0:0:0:0:0"]);

function normalizeName(name: string): string {
  return unmapIpv4(name.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1").replace(/\.$/, ""));
}

/** `name`, `name:port`, `[v6]` or `[v6]:port`; undefined when it is none of these. */
export function parseAuthority(value: string): HostAuthority | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[^\s:/[\]@]+)(?::(\d{1,5}))?$/i.exec(value.trim());
  if (!match) return undefined;
  const name = normalizeName(match[1]!);
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (name === "" || (port !== undefined && (port < 1 || port > 65535))) return undefined;
  return { name, port };
}

/**
 * The Host and Origin check against DNS rebinding and cross-site requests. A request must name the
 * address it arrived on (its IP literal, and `localhost` / 127.0.0.1 / [::1] when that is
 * loopback, on the port it arrived on), the bind name the operator gave, or an allowed host
 * (`--allowed-host NAME[:PORT]`; without a port, any port). A rebinding page's requests carry its
 * own name in Host, and a foreign page's carry its own origin, so both are refused.
 */
export class HostCheck {
  private readonly bindName: string | undefined;
  private readonly allowed: readonly HostAuthority[];

  constructor(bindHost: string | undefined, allowedHosts: readonly HostAuthority[]) {
    const name = bindHost === undefined ? undefined : normalizeName(bindHost);
    this.bindName = name === undefined || WILDCARDS.has(name) ? undefined : name;
    this.allowed = allowedHosts;
  }

  private namesOf(local: LocalEndpoint): Set<string> {
    const address = normalizeName(local.address);
    const names = new Set([address]);
    if (isLoopbackAddress(address)) for (const name of ["localhost", "127.0.0.1", "::1"]) names.add(name);
    if (this.bindName !== undefined) names.add(this.bindName);
    return names;
  }

  accepts(authority: HostAuthority, defaultPort: number, local: LocalEndpoint): boolean {
    const port = authority.port ?? defaultPort;
    if (port === local.port && this.namesOf(local).has(authority.name)) return true;
    return this.allowed.some((allowed) => allowed.name === authority.name && (allowed.port === undefined || allowed.port === port));
  }

  /** Whether a Host header names this server. */
  acceptsHostHeader(header: string | undefined, local: LocalEndpoint): boolean {
    const authority = header === undefined ? undefined : parseAuthority(header);
    return authority !== undefined && this.accepts(authority, 80, local);
  }

  /** Whether an Origin header is this server's own origin (`null` and anything unparsable are not). */
  acceptsOrigin(origin: string, local: LocalEndpoint): boolean {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return false;
    const name = normalizeName(url.hostname);
    if (name === "" || (isIP(name) === 0 && !/^[a-z0-9.-]+$/.test(name))) return false;
    const port = url.port === "" ? undefined : Number(url.port);
    return this.accepts({ name, port }, url.protocol === "https:" ? 443 : 80, local);
  }
}
