// Public API of @websift/agent-io, exported by name.
import { errorEnvelope, CONTRACT_VERSIONS, type Envelope } from "@websift/contracts";

export interface WebsiftOptions {
  storeDir?: string;
}

export interface Websift {
  run(command: string, positionals: string[]): Promise<Envelope<unknown>>;
}

/** The agent-facing surface. Each command arrives with issue #8; until then it says so in an Envelope. */
export function createWebsift(_options: WebsiftOptions = {}): Websift {
  return {
    async run(command) {
      return errorEnvelope(
        { contract: "agent-search", contract_version: CONTRACT_VERSIONS["agent-search"], layer: "agent-io", started_at: performance.now() },
        { code: "not_available", message: `websift ${command} is not in this build yet: the agent-io layer arrives with issue #8.` },
      );
    },
  };
}
