import type { IncomingMessage } from "node:http";
import type { ContractName, Envelope } from "@websift/contracts";
import { checkBearer } from "./bearer-token.js";
import type { LocalEndpoint } from "./host-check.js";
import type { ResolvedRestAccess } from "./rest-access.js";
import { restErrorEnvelope } from "./rest-envelopes.js";

/** A request refused before any route runs. */
export interface Refusal {
  status: number;
  envelope: Envelope<unknown>;
  headers?: Record<string, string>;
}

// Fetch metadata a browser adds to every request to a loopback address: anything but a request
// from this server's own pages (or one the user typed) is another site's page driving the server.
const OWN_FETCH_SITES = new Set(["same-origin", "none"]);

export function localEndpointOf(request: IncomingMessage): LocalEndpoint {
  return { address: request.socket.localAddress ?? "", port: request.socket.localPort ?? 0 };
}

/**
 * Who is asking: Host must name this server (421 otherwise: a DNS-rebinding page sends its own
 * name), a browser request must come from this server's own origin (403: cross-site request
 * forgery), and the request target must be short (414). These apply to every route, /healthz too.
 */
export function refuseForeignRequest(request: IncomingMessage, access: ResolvedRestAccess, contract: ContractName): Refusal | undefined {
  const local = localEndpointOf(request);
  const host = request.headers.host;
  if (!access.hostCheck.acceptsHostHeader(host, local)) {
    return {
      status: 421,
      envelope: restErrorEnvelope(
        contract,
        "invalid_request",
        `This server does not answer for the host ${host === undefined ? "(no Host header)" : JSON.stringify(host)}; use the address it listens on, or start it with --allowed-host NAME.`,
        { field: "host" },
      ),
    };
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !access.hostCheck.acceptsOrigin(origin, local)) {
    return { status: 403, envelope: restErrorEnvelope(contract, "refused", `Requests from another origin (${JSON.stringify(origin)}) are refused: no web page may drive this server.`, { field: "origin" }) };
  }
  const site = request.headers["sec-fetch-site"];
  if (typeof site === "string" && !OWN_FETCH_SITES.has(site.toLowerCase())) {
    return { status: 403, envelope: restErrorEnvelope(contract, "refused", `A ${site} browser request is refused: no web page may drive this server.`, { field: "sec-fetch-site" }) };
  }
  const target = request.url ?? "/";
  if (Buffer.byteLength(target) > access.maxRequestTargetBytes) {
    return {
      status: 414,
      envelope: restErrorEnvelope(contract, "too_large", `The request target is ${Buffer.byteLength(target)} bytes; the limit is ${access.maxRequestTargetBytes}. Send a long request as a JSON body (POST).`, { field: "query" }),
    };
  }
  return undefined;
}

/** With a token configured: `Authorization: Bearer <token>` or 401. The token is never echoed. */
export function refuseWithoutToken(request: IncomingMessage, access: ResolvedRestAccess, contract: ContractName): Refusal | undefined {
  if (access.token === undefined) return undefined;
  const check = checkBearer(request.headers.authorization, access.token);
  if (check === "ok") return undefined;
  const message =
    check === "missing" ? "This server requires a bearer token: send Authorization: Bearer <token>." : "The bearer token sent is not this server's token: send Authorization: Bearer <token>.";
  return {
    status: 401,
    envelope: restErrorEnvelope(contract, "unauthorized", message, { field: "authorization" }, false),
    headers: { "www-authenticate": check === "missing" ? 'Bearer realm="websift"' : 'Bearer realm="websift", error="invalid_token"' },
  };
}
