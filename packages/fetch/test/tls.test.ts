import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchPage } from "../src/core/fetch-page.js";
import { startSelfSignedHttpsServer, type HttpsServer } from "./helpers/self-signed-https.js";

let server: HttpsServer;
beforeAll(async () => {
  server = await startSelfSignedHttpsServer();
});
afterAll(async () => {
  await server.close();
});

describe("TLS", () => {
  it.each([0, 1] as const)("tier %s verifies certificates: an untrusted one is a network_error and no request is sent", async (tier) => {
    const result = await fetchPage({ url: server.url("/"), allow_private_hosts: true, retries: 0, tier });
    expect(result.outcome).toBe("network_error");
    expect(result.detail).toMatch(/SELF_SIGNED|certificate/i);
    expect(result.body).toBeNull();
    expect(server.requests).toBe(0);
  });
});
