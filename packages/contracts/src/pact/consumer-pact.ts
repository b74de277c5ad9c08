import type { Envelope } from "../envelope.js";
import { CONTRACT_SCHEMAS, CONTRACT_VERSIONS, type ContractName } from "../generated/schemas.js";
import { summarizeIssues, validateContractValue } from "../validate.js";
import { PACT_COMMENT, writePactFile, type PactInteraction } from "./pact-file.js";
import { trackReads } from "./read-tracker.js";

export interface ConsumerPactOptions {
  consumer: string;
  provider: string;
  /** The provider's contract; requests are validated against its `$defs.request`. */
  contract: ContractName;
  pactsDir: string;
}

export interface InteractionSpec<TRequest, TData> {
  description: string;
  providerState: string;
  /** Values that differ between runs (ports, temp dirs); replaced by `{{name}}` in the recorded request. */
  params?: Record<string, string>;
  request: TRequest;
  /** Runs the real provider: its Envelope is what the consumer reads. */
  produce(request: TRequest): Promise<Envelope<TData>>;
  /** The consumer's real code reading the reply; it throws (fails the test) when it cannot use it. */
  consume(envelope: Envelope<TData>): unknown;
}

function templatize(value: unknown, params: Record<string, string>): unknown {
  if (typeof value === "string") {
    // Longest values first, so a base URL is replaced before a port inside it.
    return Object.entries(params)
      .sort((a, b) => b[1].length - a[1].length)
      .reduce((text, [name, param]) => (param ? text.split(param).join(`{{${name}}}`) : text), value);
  }
  if (Array.isArray(value)) return value.map((item) => templatize(item, params));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, templatize(child, params)]));
  }
  return value;
}

/**
 * Pact-style consumer recording, in process. Each interaction runs the real provider, hands the
 * reply to the consumer's code through a read tracker, and keeps the fields the consumer read.
 * `write()` saves the pact only when every interaction of the suite passed.
 */
export interface WatchSpec {
  /** Names the interaction and the provider state it needs, from the request the consumer sent. */
  describe(request: unknown): { description: string; providerState: string };
  /** Values that differ between runs, replaced by `{{name}}` in the recorded request. */
  params?: (request: unknown) => Record<string, string>;
}

interface PendingCall {
  description: string;
  providerState: string;
  request: unknown;
  params: Record<string, string>;
  reads: () => Map<string, Set<string>>;
}

export class ConsumerPact {
  private readonly recorded: PactInteraction[] = [];
  private pending: PendingCall[] = [];
  private failures = 0;

  constructor(private readonly options: ConsumerPactOptions) {
    if (!(options.contract in CONTRACT_SCHEMAS)) throw new Error(`Unknown contract "${options.contract}".`);
  }

  async interaction<TRequest, TData>(spec: InteractionSpec<TRequest, TData>): Promise<void> {
    try {
      const checked = validateContractValue(this.options.contract, "request", spec.request);
      if (!checked.valid) throw new Error(summarizeIssues(`Pact "${spec.description}" sends a request its contract refuses`, checked.issues));
      const envelope = await spec.produce(spec.request);
      const tracker = trackReads(envelope);
      await spec.consume(tracker.view);
      const reads = [...tracker.reads()]
        .map(([path, types]) => ({ path, types: [...types].sort() }))
        .sort((a, b) => a.path.localeCompare(b.path));
      if (reads.length === 0) throw new Error(`Pact "${spec.description}": the consumer read nothing from the reply, so there is no contract to record.`);
      this.recorded.push({
        description: spec.description,
        provider_state: spec.providerState,
        request: templatize(spec.request, spec.params ?? {}),
        reads,
      });
    } catch (error) {
      this.failures += 1;
      throw error;
    }
  }

  /**
   * Wrap the provider's entry point for consumer code that makes several calls in one flow: every
   * call runs the real provider and hands back a read-tracking view. Calls are recorded only when
   * the surrounding `scenario` passes.
   */
  watch<TData>(producer: (request: unknown) => Promise<Envelope<TData>>, spec: WatchSpec): (request: unknown) => Promise<Envelope<TData>> {
    return async (request) => {
      const envelope = await producer(request);
      const tracker = trackReads(envelope);
      const { description, providerState } = spec.describe(request);
      this.pending.push({ description, providerState, request, params: spec.params?.(request) ?? {}, reads: tracker.reads });
      return tracker.view;
    };
  }

  /** Run consumer code that calls watched producers; record its calls if it passes, discard them if it throws. */
  async scenario(run: () => Promise<void>): Promise<void> {
    this.pending = [];
    try {
      await run();
    } catch (error) {
      this.pending = [];
      this.failures += 1;
      throw error;
    }
    for (const call of this.pending) {
      const reads = [...call.reads()].map(([path, types]) => ({ path, types: [...types].sort() as PactInteraction["reads"][number]["types"] })).sort((a, b) => a.path.localeCompare(b.path));
      if (reads.length === 0) continue; // a call whose reply the consumer never read carries no expectation
      const existing = this.recorded.find((interaction) => interaction.description === call.description);
      if (existing) {
        const known = new Set(existing.reads.map((read) => read.path));
        existing.reads.push(...reads.filter((read) => !known.has(read.path)));
        existing.reads.sort((a, b) => a.path.localeCompare(b.path));
        continue;
      }
      this.recorded.push({ description: call.description, provider_state: call.providerState, request: templatize(call.request, call.params), reads });
    }
    this.pending = [];
  }

  /** Write the pact file if every interaction passed; returns its path, or null when nothing was written. */
  write(): string | null {
    if (this.failures > 0 || this.recorded.length === 0) return null;
    return writePactFile(this.options.pactsDir, {
      $comment: PACT_COMMENT,
      consumer: this.options.consumer,
      provider: this.options.provider,
      contract: { name: this.options.contract, version: CONTRACT_VERSIONS[this.options.contract] },
      interactions: this.recorded,
    });
  }
}

export function createConsumerPact(options: ConsumerPactOptions): ConsumerPact {
  return new ConsumerPact(options);
}
