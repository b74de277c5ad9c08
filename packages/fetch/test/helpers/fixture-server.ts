// Starts the combined fixture + fault-injecting server for a test file.
import { fixtureRoutes } from "./fixture-routes.js";
import { startLocalServer, type LocalServer } from "./local-server.js";

export interface FixtureServer extends LocalServer {
  counters: Map<string, number>;
}

export async function startFixtureServer(): Promise<FixtureServer> {
  const counters = new Map<string, number>();
  let base = "";
  const server = await startLocalServer(fixtureRoutes(() => base, counters));
  base = `http://127.0.0.1:${server.port}`;
  return Object.assign(server, { counters });
}

/** The options every test against the local server needs: 127.0.0.1 is private, so the guard must allow it. */
export const LOCAL = { allow_private_hosts: true, retries: 0 } as const;
