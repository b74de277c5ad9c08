import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

// No Docker engine runs where the tests run, so the deployment files are checked statically.
const DOCKER_DIR = fileURLToPath(new URL("../../../docker/", import.meta.url));
const PACKAGE_JSON = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { bin: Record<string, string> };
const ROOT_PACKAGE_JSON = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { packageManager: string };

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  ports?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
  command?: string[];
}

const compose = parse(readFileSync(join(DOCKER_DIR, "compose.yaml"), "utf8")) as { services: Record<string, ComposeService> };
const settings = parse(readFileSync(join(DOCKER_DIR, "searxng/settings.yml"), "utf8")) as { search: { formats: string[] }; server: { limiter: boolean; secret_key: string } };
const dockerfile = readFileSync(join(DOCKER_DIR, "Dockerfile"), "utf8");

/** The JSON-array (exec form) argument of a Dockerfile instruction. */
function execForm(instruction: string): string[] {
  const line = dockerfile.split("\n").find((candidate) => candidate.startsWith(`${instruction} `));
  expect(line, `${instruction} line`).toBeDefined();
  return JSON.parse(line!.slice(instruction.length + 1)) as string[];
}

describe("docker/compose.yaml", () => {
  it("parses and runs SearXNG next to websift", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["searxng", "websift"]);
    expect(compose.services["searxng"]!.image).toMatch(/searxng\/searxng/);
  });

  it("uses only ${NAME} interpolation, which compose understands", () => {
    const text = readFileSync(join(DOCKER_DIR, "compose.yaml"), "utf8");
    const code = text.split("\n").filter((line) => !line.trimStart().startsWith("#")).join("\n");
    expect(code.match(/\$(?!\{[A-Z_][A-Z0-9_]*(:?[-?][^}]*)?\})/g)).toBeNull();
  });

  it("publishes every port on the host's loopback only", () => {
    expect(compose.services["searxng"]!.ports).toEqual(["127.0.0.1:8888:8080"]);
    for (const [name, service] of Object.entries(compose.services)) {
      for (const port of service.ports ?? []) expect(port, `${name} port ${port}`).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
    }
  });

  it("mounts the SearXNG settings that exist in the repository", () => {
    const mount = compose.services["searxng"]!.volumes!.find((volume) => volume.includes("/etc/searxng/settings.yml"));
    expect(mount).toBeDefined();
    expect(existsSync(resolve(DOCKER_DIR, mount!.split(":")[0]!))).toBe(true);
  });

  it("builds websift from the repository with docker/Dockerfile and points it at the SearXNG service", () => {
    const websift = compose.services["websift"]!;
    expect(existsSync(join(resolve(DOCKER_DIR, websift.build!.context), websift.build!.dockerfile))).toBe(true);
    expect(existsSync(join(resolve(DOCKER_DIR, websift.build!.context), "pnpm-lock.yaml"))).toBe(true);
    expect(websift.environment!["WEBSIFT_SEARXNG_URL"]).toBe("http://searxng:8080");
    const containerPort = websift.ports![0]!.split(":")[2];
    expect(websift.command).toEqual(["serve", "--host", "0.0.0.0", "--port", containerPort]);
  });

  it("gives websift the token it needs to bind 0.0.0.0 and the Host names of the published port", () => {
    const websift = compose.services["websift"]!;
    // Required from the person starting compose, never a placeholder in the file.
    expect(websift.environment!["WEBSIFT_API_TOKEN"]).toMatch(/^\$\{WEBSIFT_API_TOKEN:\?/);
    const hostPort = websift.ports![0]!.split(":")[1];
    expect(websift.environment!["WEBSIFT_ALLOWED_HOSTS"]!.split(",")).toEqual([`localhost:${hostPort}`, `127.0.0.1:${hostPort}`]);
  });
});

describe("docker/searxng/settings.yml", () => {
  it("enables the JSON format and disables the limiter", () => {
    expect(settings.search.formats).toContain("json");
    expect(settings.server.limiter).toBe(false);
    // SearXNG refuses its stock key; the key comes from SEARXNG_SECRET.
    expect(settings.server.secret_key).not.toBe("ultrasecretkey");
  });
});

describe("docker/Dockerfile", () => {
  it("builds on node 20 with the repository's pnpm, a frozen lockfile and pnpm build", () => {
    expect(dockerfile).toMatch(/^FROM node:20\b/m);
    const pnpmVersion = ROOT_PACKAGE_JSON.packageManager.replace(/^pnpm@/, "");
    expect(pnpmVersion).toBe("12.4.2");
    expect(dockerfile).toContain(`pnpm@${pnpmVersion}`);
    expect(dockerfile).toContain("pnpm install --frozen-lockfile");
    expect(dockerfile).toMatch(/pnpm build/);
    expect(dockerfile).toMatch(/WEBSIFT_SEARXNG_URL=http:\/\/searxng:8080/);
  });

  it("runs `websift serve --host 0.0.0.0 --port 8787`, a bin agent-io declares and ships", () => {
    const [bin, ...args] = [...execForm("ENTRYPOINT"), ...execForm("CMD")];
    expect(Object.keys(PACKAGE_JSON.bin)).toContain(bin);
    expect(existsSync(fileURLToPath(new URL(`../${PACKAGE_JSON.bin[bin!]}`, import.meta.url)))).toBe(true);
    expect(args).toEqual(["serve", "--host", "0.0.0.0", "--port", "8787"]);
    expect(dockerfile).toMatch(/^EXPOSE 8787$/m);
  });
});

describe("docker/compose.scale.yaml (two instances on one Redis behind one port)", () => {
  // `<<: *websift` merge keys, as compose reads them.
  const scale = parse(readFileSync(join(DOCKER_DIR, "compose.scale.yaml"), "utf8"), { merge: true }) as { services: Record<string, ComposeService & { command?: string[] }> };
  const nginx = readFileSync(join(DOCKER_DIR, "nginx/websift.conf"), "utf8");

  it("runs SearXNG, Redis, two websift instances and a load balancer", () => {
    expect(Object.keys(scale.services).sort()).toEqual(["lb", "redis", "searxng", "websift-1", "websift-2"]);
  });

  it("points both instances at the same Redis, which keeps what it acknowledged", () => {
    const urls = ["websift-1", "websift-2"].map((name) => scale.services[name]!.environment!["WEBSIFT_REDIS_URL"]);
    expect(new Set(urls)).toEqual(new Set(["redis://redis:6379/0"]));
    const redis = scale.services["redis"]!.command!.join(" ");
    expect(redis).toContain("--appendonly yes");
    expect(redis).toMatch(/--appendfsync (everysec|always)/);
    expect(redis).toContain("--maxmemory-policy noeviction");
    // Neither instance nor Redis is published: only the balancer's port and SearXNG, on loopback.
    for (const name of ["redis", "websift-1", "websift-2"]) expect(scale.services[name]!.ports, name).toBeUndefined();
    for (const [name, service] of Object.entries(scale.services)) for (const port of service.ports ?? []) expect(port, name).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
  });

  it("balances across both instances on their container port and passes the client's Host", () => {
    const containerPort = scale.services["websift-1"]!.command!.at(-1);
    expect(nginx).toContain(`server websift-1:${containerPort}`);
    expect(nginx).toContain(`server websift-2:${containerPort}`);
    expect(nginx).toContain("proxy_set_header Host $http_host;");
    const published = scale.services["lb"]!.ports![0]!.split(":")[1];
    expect(scale.services["websift-1"]!.environment!["WEBSIFT_ALLOWED_HOSTS"]!.split(",")).toEqual([`localhost:${published}`, `127.0.0.1:${published}`]);
    expect(scale.services["lb"]!.volumes![0]).toMatch(/^\.\/nginx\/websift\.conf:/);
  });

  it("pins every image in both compose files to a version", () => {
    for (const file of ["compose.yaml", "compose.scale.yaml"]) {
      const services = (parse(readFileSync(join(DOCKER_DIR, file), "utf8"), { merge: true }) as { services: Record<string, ComposeService> }).services;
      for (const [name, service] of Object.entries(services)) {
        if (service.image === undefined || service.image === "websift:local") continue;
        expect(service.image, `${file} ${name}`).toMatch(/:[0-9][^:]*$/);
        expect(service.image, `${file} ${name}`).not.toMatch(/:latest$/);
      }
    }
  });
});
