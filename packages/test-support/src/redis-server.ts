// A real redis-server for the layers' shared-state tests. Test support is shared through this private
// package (tests only); the layers' runtime Redis code stays separate in each src/.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** Debian's redis-server (.ci/debian-packages lists it; scripts/ensure-system-packages.mjs installs it). */
const REDIS_SERVER_BIN = "/usr/bin/redis-server";

export interface RedisServer {
  readonly url: string;
  readonly port: number;
  /** Data directory (AOF): a restart on the same directory finds what was acknowledged. */
  readonly dir: string;
  /** SIGKILL: no shutdown save, the way a crash or an OOM kill ends it. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data directory. */
  restart(): Promise<void>;
  /** SIGSTOP / SIGCONT: a server that accepts nothing and answers nothing (hung, not gone). */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** True once the server answers PING with PONG (it answers -LOADING while it replays its AOF). */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let reply = "";
    socket.setTimeout(500, () => socket.destroy());
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (chunk) => {
      reply += chunk.toString();
      if (reply.includes("\r\n")) socket.destroy();
    });
    socket.on("close", () => resolve(reply.startsWith("+PONG")));
    socket.on("error", () => undefined);
  });
}

/**
 * A real redis-server on a random loopback port with its own data directory and no config file, so a
 * system Redis that Debian's package may have started on 6379 neither helps nor gets in the way.
 * AOF with `appendfsync always`: a test that kills it must find every acknowledged write afterwards.
 */
export async function startRedisServer(): Promise<RedisServer> {
  if (!existsSync(REDIS_SERVER_BIN)) throw new Error(`${REDIS_SERVER_BIN} is missing: apt-get install -y redis-server (listed in .ci/debian-packages).`);
  const dir = mkdtempSync(path.join(os.tmpdir(), "websift-redis-test-"));
  let port = 0;
  let child: ChildProcess | null = null;

  const launch = async (): Promise<void> => {
    const args = ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--appendonly", "yes", "--appendfsync", "always", "--save", "", "--daemonize", "no"];
    const started = spawn(REDIS_SERVER_BIN, args, { stdio: "ignore" });
    child = started;
    let exited = false;
    started.once("exit", () => (exited = true));
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (exited) throw new Error(`redis-server on port ${port} exited at start (port taken?)`);
      if (await pong(port)) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`redis-server on port ${port} did not answer PING within 10 s`);
  };
  const killChild = async (): Promise<void> => {
    const running = child;
    child = null;
    if (running === null || running.exitCode !== null || running.signalCode !== null) return;
    const gone = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGCONT");
    running.kill("SIGKILL");
    await gone;
  };

  // Another process may take the free port between the probe and the bind: try a few.
  for (let attempt = 0; ; attempt += 1) {
    port = await freePort();
    try {
      await launch();
      break;
    } catch (error) {
      await killChild();
      if (attempt >= 4) throw error;
    }
  }

  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    kill: killChild,
    restart: launch,
    pause: () => child?.kill("SIGSTOP"),
    resume: () => child?.kill("SIGCONT"),
    stop: async () => {
      await killChild();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
