import { braveEngine } from "./brave.js";
import { duckduckgoEngine } from "./duckduckgo.js";
import { githubEngine } from "./github.js";
import { hackernewsEngine } from "./hackernews.js";
import type { EngineAdapter } from "./port.js";
import { searxngEngine } from "./searxng.js";
import { stackexchangeEngine } from "./stackexchange.js";
import { wikipediaEngine } from "./wikipedia.js";

/** Every engine websift knows, by name. Adding an engine = one adapter file + one line here. */
export const ENGINES: ReadonlyMap<string, EngineAdapter> = new Map(
  [searxngEngine, duckduckgoEngine, wikipediaEngine, stackexchangeEngine, githubEngine, hackernewsEngine, braveEngine].map((engine) => [engine.name, engine]),
);

export function engineGroups(): Map<string, string> {
  return new Map([...ENGINES.values()].map((engine) => [engine.name, engine.group]));
}
