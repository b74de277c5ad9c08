// Issue 18: node-redis vs ioredis on loopback, measured the way the store uses a client.
// Round-trip GET latency, pipelined SET+GET batches, and behaviour when Redis dies, hangs and returns.
// Usage: node bench/redis-client-compare.mjs   (needs /usr/bin/redis-server; loopback only)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createClient } from "redis";
import { Redis } from "ioredis";

const TIMEOUT_MS = 500;
const freePort = () => new Promise((resolve) => { const s = net.createServer().listen(0, "127.0.0.1", () => { const { port } = s.address(); s.close(() => resolve(port)); }); });
const dir = mkdtempSync(path.join(os.tmpdir(), "redis-compare-"));
const port = await freePort();
let server;
async function startRedis() {
  server = spawn("/usr/bin/redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--appendonly", "yes", "--save", ""], { stdio: "ignore" });
  for (;;) { const ok = await new Promise((r) => { const c = net.connect(port, "127.0.0.1", () => { c.destroy(); r(true); }).on("error", () => r(false)); }); if (ok) return; await sleep(20); }
}
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]; };
const value = "x".repeat(2048);

const clients = {
  "node-redis 6.3.1": {
    async open() {
      const c = createClient({ url: `redis://127.0.0.1:${port}`, disableOfflineQueue: true, socket: { connectTimeout: TIMEOUT_MS, reconnectStrategy: () => 100 }, commandOptions: { timeout: TIMEOUT_MS } });
      c.on("error", () => {});
      await c.connect();
      return { get: (k) => c.get(k), set: (k, v) => c.set(k, v), pipeline: (n) => { const m = c.multi(); for (let i = 0; i < n; i++) m.set(`k${i}`, value).get(`k${i}`); return m.execAsPipeline(); }, close: () => c.destroy() };
    },
  },
  "ioredis 6.0.0": {
    async open() {
      const c = new Redis({ port, host: "127.0.0.1", enableOfflineQueue: false, connectTimeout: TIMEOUT_MS, commandTimeout: TIMEOUT_MS, maxRetriesPerRequest: 0, retryStrategy: () => 100, lazyConnect: true });
      c.on("error", () => {});
      await c.connect();
      return { get: (k) => c.get(k), set: (k, v) => c.set(k, v), pipeline: (n) => { const p = c.pipeline(); for (let i = 0; i < n; i++) p.set(`k${i}`, value).get(`k${i}`); return p.exec(); }, close: () => c.disconnect() };
    },
  },
};

await startRedis();
const report = {};
for (const [name, factory] of Object.entries(clients)) {
  console.error("client", name);
  const c = await factory.open();
  await c.set("k", value);
  for (let i = 0; i < 500; i++) await c.get("k"); // warm-up
  const single = [];
  for (let i = 0; i < 5000; i++) { const t = performance.now(); await c.get("k"); single.push(performance.now() - t); }
  const piped = [];
  for (let i = 0; i < 300; i++) { const t = performance.now(); await c.pipeline(100); piped.push(performance.now() - t); }
  // Killed: how long until a command is refused, then how long after restart until one succeeds.
  console.error(" killing");
  server.kill("SIGKILL"); await new Promise((r) => server.once("exit", r));
  let t = performance.now(); let refusal;
  try { await c.get("k"); refusal = "answered?!"; } catch (e) { refusal = `${(performance.now() - t).toFixed(1)} ms (${e.constructor.name}: ${String(e.message).slice(0, 60)})`; }
  console.error(" restart"); await startRedis();
  t = performance.now(); let failures = 0;
  for (;;) { try { await c.get("k"); break; } catch { failures++; await sleep(10); } }
  const recovery = `${(performance.now() - t).toFixed(0)} ms after restart (${failures} refused meanwhile)`;
  // Hung (SIGSTOP): the command timeout must fire.
  console.error(" stop"); server.kill("SIGSTOP"); t = performance.now(); let hung;
  try { await Promise.race([c.get("k"), sleep(3000).then(() => { throw new Error("no timeout fired within 3000 ms"); })]); hung = "answered?!"; } catch (e) { hung = `${(performance.now() - t).toFixed(0)} ms (${String(e.message).slice(0, 50)})`; }
  server.kill("SIGCONT");
  t = performance.now(); for (;;) { try { await Promise.race([c.get("k"), sleep(3000).then(() => { throw new Error("hung"); })]); break; } catch { await sleep(10); } }
  const afterHang = `${(performance.now() - t).toFixed(0)} ms`;
  report[name] = { "GET p50 ms": pct(single, 50).toFixed(3), "GET p99 ms": pct(single, 99).toFixed(3), "100 SET+GET pipelined p50 ms": pct(piped, 50).toFixed(2), "p99 ms": pct(piped, 99).toFixed(2), killed: refusal, recovery, "hung (SIGSTOP)": hung, "after SIGCONT": afterHang };
  await c.close();
}
server.kill("SIGKILL");
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify(report, null, 2));
