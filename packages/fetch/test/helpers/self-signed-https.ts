// A self-signed certificate for 127.0.0.1 (generated once with openssl, valid 10 years). Nothing trusts it, which
// is the point: the tests check that both client tiers verify certificates.
import https from "node:https";
import type { AddressInfo } from "node:net";

const SELF_SIGNED_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgTBdxR2mK8b9fbMWz
FmCyg75jZrZuUSWaNRDsnXTpOeOhRANCAATGevh2Z+410+fkblmHE98OxZOhN5EZ
nvVm6CHwcBjFJv+eSPZoqSdxbfDtwDsm+HCdgZiF7J3OpEZsg/Tc4BZk
-----END PRIVATE KEY-----
`;

const SELF_SIGNED_CERT = `-----BEGIN CERTIFICATE-----
MIIBmDCCAT+gAwIBAgIUQF/qQvZnmBRTL8BEqi3JQOJIK3wwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMB4XDTI2MTIwMjE0NTgxOFoXDTM2MTEyOTE0
NTgxOFowFDESMBAGA1UEAwwJMTI3LjAuMC4xMFkwEwYHKoZIzj0CAQYIKoZIzj0D
AQcDQgAExnr4dmfuNdPn5G5ZhxPfDsWToTeRGZ71Zugh8HAYxSb/nkj2aKkncW3w
7cA7JvhwnYGYheydzqRGbIP03OAWZKNvMG0wHQYDVR0OBBYEFFSGruGsB82m2AuC
YaagVZsE4k8SMB8GA1UdIwQYMBaAFFSGruGsB82m2AuCYaagVZsE4k8SMA8GA1Ud
EwEB/wQFMAMBAf8wGgYDVR0RBBMwEYcEfwAAAYIJbG9jYWxob3N0MAoGCCqGSM49
BAMCA0cAMEQCIGmU80d8BoEbZLwaUAMZ0RKLN/yAMqdhBKgTO3eGYhXWAiAAtovH
nQq/eu6tVZPXzEwYI1J3CZDk+vwdX2soGeXgJw==
-----END CERTIFICATE-----
`;

export interface HttpsServer {
  url(path: string): string;
  requests: number;
  close(): Promise<void>;
}

export async function startSelfSignedHttpsServer(): Promise<HttpsServer> {
  const state = { requests: 0 };
  const server = https.createServer({ key: SELF_SIGNED_KEY, cert: SELF_SIGNED_CERT }, (_request, response) => {
    state.requests += 1;
    response.writeHead(200, { "content-type": "text/html" }).end("<p>secret over tls</p>");
  });
  server.on("tlsClientError", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `https://127.0.0.1:${port}${path}`,
    get requests() {
      return state.requests;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
