import { homedir } from "node:os";
import { join } from "node:path";

/** Where the person's websift config lives: WEBSIFT_CONFIG_DIR, else $XDG_CONFIG_HOME/websift, else ~/.config/websift. */
export function userConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env["WEBSIFT_CONFIG_DIR"]) return env["WEBSIFT_CONFIG_DIR"];
  return join(env["XDG_CONFIG_HOME"] || join(homedir(), ".config"), "websift");
}

/** Local state (daily budgets, rate-limit stamps): WEBSIFT_STATE_DIR, else $XDG_STATE_HOME/websift, else ~/.local/state/websift. */
export function userStateDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env["WEBSIFT_STATE_DIR"]) return env["WEBSIFT_STATE_DIR"];
  return join(env["XDG_STATE_HOME"] || join(homedir(), ".local", "state"), "websift");
}
