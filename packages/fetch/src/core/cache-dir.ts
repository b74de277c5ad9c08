// Where the cache lives when the request names no directory: WEBSIFT_CACHE_DIR, else the platform's user cache dir.
import os from "node:os";
import path from "node:path";

export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const explicit = env["WEBSIFT_CACHE_DIR"];
  if (explicit !== undefined && explicit.trim() !== "") return explicit;
  const home = os.homedir();
  if (platform === "darwin") return path.join(home, "Library", "Caches", "websift", "fetch");
  if (platform === "win32") return path.join(env["LOCALAPPDATA"] ?? path.join(home, "AppData", "Local"), "websift", "cache", "fetch");
  const xdg = env["XDG_CACHE_HOME"];
  return path.join(xdg !== undefined && path.isAbsolute(xdg) ? xdg : path.join(home, ".cache"), "websift", "fetch");
}
