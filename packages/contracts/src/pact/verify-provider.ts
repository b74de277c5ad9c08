import { relative } from "node:path";
import type { Envelope } from "../envelope.js";
import { jsonTypeOf, type JsonTypeName } from "./read-tracker.js";
import { readPactFiles, type PactFieldExpectation, type PactInteraction } from "./pact-file.js";

export interface ProviderState {
  params?: Record<string, string>;
  teardown?: () => Promise<void> | void;
}

export interface VerifyProviderOptions {
  provider: string;
  pactsDir: string;
  /** The provider's contract entry point: request JSON in, Envelope out. */
  handler(request: unknown): Promise<Envelope<unknown>>;
  /** Set-up for each named provider state the pacts mention. */
  states: Record<string, () => Promise<ProviderState> | ProviderState>;
  /** The provider's current contract version; a pact recorded against another MAJOR fails. */
  contractVersion: string;
}

export interface InteractionVerdict {
  pact: string;
  consumer: string;
  description: string;
  problems: string[];
}

function fillPlaceholders(value: unknown, params: Record<string, string>): unknown {
  if (typeof value === "string") return value.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => params[name] ?? whole);
  if (Array.isArray(value)) return value.map((item) => fillPlaceholders(item, params));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, fillPlaceholders(child, params)]));
  }
  return value;
}

/** Every value at a path such as `data.results[].url`, with `[]` expanding over array items. */
function valuesAt(root: unknown, path: string): { found: unknown[]; missingAt: string | null; emptyArrayAt: string | null } {
  let current: unknown[] = [root];
  let walked = "";
  for (const segment of path.match(/[^.[\]]+|\[\]/g) ?? []) {
    const next: unknown[] = [];
    if (segment === "[]") {
      for (const value of current) if (Array.isArray(value)) next.push(...value);
      if (next.length === 0) return { found: [], missingAt: null, emptyArrayAt: walked };
      walked += "[]";
    } else {
      walked = walked ? `${walked}.${segment}` : segment;
      for (const value of current) {
        if (value && typeof value === "object" && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, segment)) {
          next.push((value as Record<string, unknown>)[segment]);
        }
      }
      if (next.length === 0) return { found: [], missingAt: walked, emptyArrayAt: null };
    }
    current = next;
  }
  return { found: current, missingAt: null, emptyArrayAt: null };
}

function checkExpectation(reply: unknown, expectation: PactFieldExpectation): string | null {
  const { found, missingAt, emptyArrayAt } = valuesAt(reply, expectation.path);
  if (missingAt !== null) return `field \`${missingAt}\` is missing; the consumer reads \`${expectation.path}\``;
  if (emptyArrayAt !== null) return `\`${emptyArrayAt}\` is empty; the consumer reads \`${expectation.path}\` from its items`;
  const accepted = new Set<JsonTypeName>(expectation.types);
  if (accepted.has("null")) return null; // the consumer saw null there, so it copes with any value
  for (const value of found) {
    const type = jsonTypeOf(value);
    if (type === "undefined" || !accepted.has(type)) {
      return `\`${expectation.path}\` is ${type}, the consumer reads it as ${expectation.types.join(" or ")}`;
    }
  }
  return null;
}

async function verifyInteraction(options: VerifyProviderOptions, interaction: PactInteraction): Promise<string[]> {
  const setUp = options.states[interaction.provider_state];
  if (!setUp) return [`no provider state "${interaction.provider_state}" is registered by the ${options.provider} verification`];
  const state = await setUp();
  try {
    const reply = await options.handler(fillPlaceholders(interaction.request, state.params ?? {}));
    return interaction.reads.map((expectation) => checkExpectation(reply, expectation)).filter((problem): problem is string => problem !== null);
  } finally {
    await state.teardown?.();
  }
}

/**
 * Replay every recorded request of every pact naming this provider against its current entry point,
 * and check that each field the consumer reads is still there with a type the consumer accepts.
 */
export async function verifyProviderPacts(options: VerifyProviderOptions): Promise<InteractionVerdict[]> {
  const verdicts: InteractionVerdict[] = [];
  const major = options.contractVersion.split(".")[0];
  for (const { path, pact } of readPactFiles(options.pactsDir)) {
    if (pact.provider !== options.provider) continue;
    const file = relative(process.cwd(), path);
    if (pact.contract.version.split(".")[0] !== major) {
      verdicts.push({
        pact: file,
        consumer: pact.consumer,
        description: "(contract version)",
        problems: [`recorded against ${pact.contract.name} ${pact.contract.version}, provider implements ${options.contractVersion} (another MAJOR)`],
      });
      continue;
    }
    for (const interaction of pact.interactions) {
      verdicts.push({ pact: file, consumer: pact.consumer, description: interaction.description, problems: await verifyInteraction(options, interaction) });
    }
  }
  return verdicts;
}

/** One readable report of every failing interaction, for a test's assertion message. */
export function describeVerdicts(verdicts: InteractionVerdict[]): string {
  return verdicts
    .filter((verdict) => verdict.problems.length > 0)
    .map((verdict) => `${verdict.pact} [${verdict.consumer}] "${verdict.description}":\n  - ${verdict.problems.join("\n  - ")}`)
    .join("\n");
}
