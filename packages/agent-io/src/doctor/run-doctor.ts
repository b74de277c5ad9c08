import { accessSync, constants, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { createAgentEntryPoints } from "../entry-points.js";
import { checkOperatorSettings } from "../operator/check-operator-settings.js";
import { effectiveSettings, type EffectiveSetting } from "../operator/effective-settings.js";
import type { OperatorSettings } from "../operator/operator-settings.js";
import { operatorRedisUrl } from "../operator/shared-state-layers.js";

/** One check of `websift doctor`: what was checked, how it went, and what to do when it did not. */
interface DoctorCheck {
  name: string;
  status: "ok" | "warn" | "fail" | "skip";
  detail: string;
  fix?: string;
}

export interface DoctorReport {
  checks: DoctorCheck[];
}

type Env = Readonly<Record<string, string | undefined>>;

const SEARXNG_TIMEOUT_MS = 5000;

function settingOf(settings: EffectiveSetting[], name: string): EffectiveSetting | undefined {
  return settings.find((setting) => setting.name === name);
}

/** SearXNG answers a JSON search: reachable, and `json` among its enabled formats. */
async function checkSearxng(url: string): Promise<DoctorCheck> {
  const target = new URL("search", url.endsWith("/") ? url : `${url}/`);
  target.searchParams.set("q", "websift doctor");
  target.searchParams.set("format", "json");
  try {
    const response = await fetch(target, { signal: AbortSignal.timeout(SEARXNG_TIMEOUT_MS), headers: { accept: "application/json" } });
    const text = await response.text();
    if (response.status === 403) {
      return { name: "searxng", status: "fail", detail: `${url} answered 403 to format=json: JSON output is turned off.`, fix: "Add `json` to `search.formats` in SearXNG's settings.yml (formats: [html, json]) and restart it." };
    }
    if (!response.ok) return { name: "searxng", status: "fail", detail: `${url} answered HTTP ${response.status} to a JSON search.`, fix: "Check the URL points at SearXNG's base (the page with the search box) and that SearXNG runs." };
    try {
      const reply = JSON.parse(text) as { results?: unknown[] };
      if (!Array.isArray(reply.results)) throw new Error("no results array");
      return { name: "searxng", status: "ok", detail: `${url} answers JSON searches (${reply.results.length} results for a test query).` };
    } catch {
      return { name: "searxng", status: "fail", detail: `${url} answered, but not with SearXNG's JSON.`, fix: "Point --searxng-url / WEBSIFT_SEARXNG_URL at SearXNG itself, not a proxy's login or error page." };
    }
  } catch (error) {
    const reason = error instanceof Error && error.name === "TimeoutError" ? `no answer within ${SEARXNG_TIMEOUT_MS / 1000} s` : error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    return { name: "searxng", status: "fail", detail: `${url} could not be reached: ${reason}.`, fix: "Start SearXNG (docker compose up in docker/, or Debian's searx) or fix --searxng-url / WEBSIFT_SEARXNG_URL." };
  }
}

/** A directory websift writes to exists (or can be created) and takes a file. */
function checkWritableDir(name: string, setting: EffectiveSetting | undefined): DoctorCheck {
  const path = typeof setting?.value === "string" ? setting.value : undefined;
  if (!path) return { name, status: "skip", detail: "not set" };
  try {
    mkdirSync(path, { recursive: true });
    const probe = join(path, `.websift-doctor-${process.pid}`);
    writeFileSync(probe, "");
    rmSync(probe);
    return { name, status: "ok", detail: `${path} is writable.` };
  } catch (error) {
    return { name, status: "fail", detail: `${path} cannot be written: ${(error as Error).message}.`, fix: `Fix its permissions or choose another with ${setting?.set_with ?? "its setting"}.` };
  }
}

/** The browser the render tier starts, found the way the fetch layer finds it (WEBSIFT_CHROMIUM_PATH, else PATH). */
function checkBrowser(env: Env): DoctorCheck {
  const explicit = env["WEBSIFT_CHROMIUM_PATH"]?.trim();
  const candidates = explicit ? [explicit] : (env["PATH"] ?? "").split(delimiter).filter(Boolean).flatMap((dir) => ["chromium", "chromium-browser", "google-chrome"].map((name) => join(dir, name)));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return { name: "browser", status: "ok", detail: `${candidate} renders JavaScript-only pages (the render tier).` };
    } catch {
      // Not this one.
    }
  }
  return {
    name: "browser",
    status: "warn",
    detail: explicit ? `WEBSIFT_CHROMIUM_PATH=${explicit} is not an executable file.` : "No chromium, chromium-browser or google-chrome on PATH: JavaScript-only pages answer browser_unavailable.",
    fix: "apt-get install chromium (Debian/Ubuntu), or set WEBSIFT_CHROMIUM_PATH to a Chromium or Chrome binary.",
  };
}

/**
 * `websift doctor`: check what websift needs on this machine, each with a fix. Talks only to the
 * operator's own services (SearXNG, Redis), never to the web at large.
 */
export async function runDoctor(operator: OperatorSettings, env: Env): Promise<DoctorReport> {
  const checks: DoctorCheck[] = [];
  try {
    checkOperatorSettings(operator);
    checks.push({ name: "settings", status: "ok", detail: "Flags and operator settings are valid." });
  } catch (error) {
    checks.push({ name: "settings", status: "fail", detail: (error as Error).message, fix: "Fix the flag or variable named above." });
  }
  const { settings, config_file: configFile, config_file_found: found } = effectiveSettings(operator, env);
  checks.push(found ? { name: "config_file", status: "ok", detail: `${configFile} is read.` } : { name: "config_file", status: "skip", detail: `${configFile} does not exist; defaults apply.` });

  const searxng = settingOf(settings, "searxng_url");
  if (typeof searxng?.value === "string") checks.push(await checkSearxng(searxng.value));
  else checks.push({ name: "searxng", status: "skip", detail: "No SearXNG configured: the keyless engines answer alone.", fix: "For broader results run SearXNG and set WEBSIFT_SEARXNG_URL (see docker/)." });

  // The engine list reads the config file and the state dir: it names a bad engine setting, and a key that is missing.
  const engines = await createAgentEntryPoints(operator).engines({});
  if (!engines.ok || !engines.data) {
    checks.push({ name: "engines", status: "fail", detail: engines.error?.message ?? "The engines could not be listed.", fix: "Fix the setting the message names (WEBSIFT_ENGINES, default_engines or engines.* in the config file)." });
  } else {
    const defaults = engines.data.default_engines;
    const unconfigured = engines.data.engines.filter((engine) => defaults.names.includes(engine.name) && !engine.configured);
    checks.push(
      unconfigured.length > 0
        ? { name: "engines", status: "fail", detail: `Default engines not configured: ${unconfigured.map((engine) => `${engine.name} (${engine.detail})`).join("; ")}.`, fix: "Configure them or leave them out of --engines / WEBSIFT_ENGINES." }
        : { name: "engines", status: "ok", detail: `Default engines (${defaults.source}): ${defaults.names.join(", ")}.` },
    );
    for (const engine of engines.data.engines.filter((entry) => entry.waiting)) {
      checks.push({ name: `engine ${engine.name}`, status: "warn", detail: `Waiting ${engine.waiting!.seconds} s more: ${engine.waiting!.reason}.`, fix: "Nothing to do: websift skips the engine until the wait ends." });
    }
    const brave = engines.data.engines.find((entry) => entry.name === "brave");
    if (brave) checks.push({ name: "brave_key", status: brave.configured ? "ok" : "skip", detail: brave.detail, ...(brave.configured ? {} : { fix: settingOf(settings, "brave_api_key")?.set_with ?? "Set BRAVE_SEARCH_API_KEY." }) });
  }

  const redisUrl = operatorRedisUrl(operator.redisUrl, env);
  if (redisUrl) {
    const { runStoreOperation, closeStoreConnections } = await import("@websift/store");
    const stats = await runStoreOperation({ operation: "stats", redis_url: redisUrl });
    await closeStoreConnections();
    checks.push(
      stats.ok
        ? { name: "redis", status: "ok", detail: `${settingOf(settings, "redis_url")?.value} holds the shared page store.` }
        : { name: "redis", status: "fail", detail: stats.error?.message ?? "Redis did not answer.", fix: "Start Redis (appendonly yes) or fix --redis-url / WEBSIFT_REDIS_URL; see docs/DEPLOY.md." },
    );
  } else {
    checks.push(checkWritableDir("store_dir", settingOf(settings, "store_dir")));
  }
  checks.push(checkWritableDir("cache_dir", settingOf(settings, "cache_dir")));
  checks.push(checkWritableDir("state_dir", settingOf(settings, "state_dir")));
  checks.push(checkBrowser(env));
  return { checks };
}
