#!/usr/bin/env node
// Installs the Debian packages the tests start as real local servers (.ci/debian-packages), so the
// README's test command passes on a fresh machine, not only in CI. Run by `pnpm test` first.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const listFile = fileURLToPath(new URL("../.ci/debian-packages", import.meta.url));
const wanted = readFileSync(listFile, "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line !== "" && !line.startsWith("#"));

const has = (command) => spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
const installed = (name) => spawnSync("dpkg", ["-s", name], { stdio: "ignore" }).status === 0;

if (!has("dpkg")) {
  process.stderr.write(`test set-up: not a Debian-like system; the tests that start ${wanted.join(", ")} need them installed by hand.\n`);
  process.exit(0);
}
const missing = wanted.filter((name) => !installed(name));
if (missing.length === 0) process.exit(0);

const asRoot = process.getuid?.() === 0;
const prefix = asRoot ? [] : has("sudo") ? ["sudo", "-n"] : undefined;
if (prefix === undefined) {
  process.stderr.write(`test set-up: the tests need the Debian packages ${missing.join(", ")}; install them (apt-get install ${missing.join(" ")}) and run again.\n`);
  process.exit(1);
}
process.stderr.write(`test set-up: installing Debian packages ${missing.join(", ")}\n`);
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
const run = (args) => spawnSync(prefix[0] ?? args[0], prefix.length > 0 ? [...prefix.slice(1), ...args] : args.slice(1), { stdio: ["ignore", "ignore", "inherit"], env });
const update = run(["apt-get", "update", "-qq"]);
const install = update.status === 0 ? run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", ...missing]) : update;
if (install.status !== 0) {
  process.stderr.write(`test set-up: installing ${missing.join(", ")} failed; install them by hand (apt-get install ${missing.join(" ")}) and run again.\n`);
  process.exit(1);
}
