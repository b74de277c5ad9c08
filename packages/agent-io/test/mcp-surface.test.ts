import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { schemaArbitrary, type SchemaNode } from "@websift/contracts/testing";
import { createContractAjv } from "@websift/contracts/tooling";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AgentIoError } from "../src/errors.js";
import { compactEnvelopeSchemaOf, compactRequestSchemaOf, envelopeSchemaOf, requestSchemaOf } from "../src/mcp/contract-schemas.js";
import { mcpServerOptionsFrom } from "../src/mcp/mcp-options.js";
import { createMcpServer, MCP_TOOL_NAMES, type McpServerOptions } from "../src/mcp/server.js";

/** The contract definitions behind each tool's input and output. */
const TOOL_CONTRACTS = [
  { tool: "web_search", contract: "agent-search", request: "request" },
  { tool: "web_fetch", contract: "agent-page", request: "fetch_request" },
  { tool: "web_open", contract: "agent-page", request: "open_request" },
  { tool: "web_contents", contract: "agent-contents", request: "request" },
  { tool: "web_find_similar", contract: "agent-similar", request: "request" },
  { tool: "web_engines", contract: "agent-engines", request: "request" },
] as const;

async function listTools(options: McpServerOptions = {}) {
  const { server } = createMcpServer({}, options);
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "surface-test", version: "0" });
  await client.connect(clientSide);
  try {
    return await client.listTools();
  } finally {
    await client.close();
    await server.close();
  }
}

describe("tools/list size", () => {
  it("stays under 16 KB with every tool (the engines tool included), and the full schemas are still there on request", async () => {
    const listed = await listTools();
    expect(listed.tools.map((tool) => tool.name)).toContain("web_engines");
    const compact = JSON.stringify(listed);
    const full = JSON.stringify(await listTools({ schemas: "full" }));
    expect(Buffer.byteLength(compact)).toBeLessThan(16 * 1024);
    // The full mode is the contract schemas themselves: several times larger, nothing dropped.
    expect(Buffer.byteLength(full)).toBeGreaterThan(2 * Buffer.byteLength(compact));
    expect(full).toContain('"pattern"');
  });
});

describe("compact schemas only drop constraints", () => {
  const ajv = createContractAjv();
  for (const { tool, contract, request } of TOOL_CONTRACTS) {
    it(`${tool}: every Envelope the full output schema accepts, the compact one accepts`, () => {
      const full = envelopeSchemaOf(contract);
      const acceptsCompact = ajv.compile(compactEnvelopeSchemaOf(contract));
      const acceptsFull = ajv.compile(full);
      fc.assert(
        fc.property(schemaArbitrary(full as SchemaNode, full as SchemaNode), (value) => {
          // The generator aims at the schema; what it makes is checked against the full schema first.
          fc.pre(acceptsFull(value) === true);
          expect(acceptsCompact(value), JSON.stringify(acceptsCompact.errors)).toBe(true);
        }),
        { numRuns: 60 },
      );
    });

    it(`${tool}: every request the full input schema accepts, the compact one accepts`, () => {
      const full = requestSchemaOf(contract, request);
      const acceptsCompact = ajv.compile(compactRequestSchemaOf(contract, request));
      const acceptsFull = ajv.compile(full);
      fc.assert(
        fc.property(schemaArbitrary(full as SchemaNode, full as SchemaNode), (value) => {
          fc.pre(acceptsFull(value) === true);
          expect(acceptsCompact(value), JSON.stringify(acceptsCompact.errors)).toBe(true);
        }),
        { numRuns: 60 },
      );
    });
  }

  it("the compact output still names data's fields and types them", () => {
    const compact = compactEnvelopeSchemaOf("agent-page") as unknown as { properties: { data: { anyOf: Array<{ properties?: Record<string, { type: unknown }> }> } } };
    const data = compact.properties.data.anyOf.find((branch) => branch.properties)!;
    expect(data.properties!["handle"]).toEqual({ type: "string" });
    expect(data.properties!["has_more"]).toEqual({ type: "boolean" });
  });
});

describe("tool filter (WEBSIFT_MCP_TOOLS / --tools)", () => {
  it("serves only the tools named, in the server's order", async () => {
    const { tools } = await listTools({ tools: ["web_fetch", " web_search"] });
    expect(tools.map((tool) => tool.name)).toEqual(["web_search", "web_fetch"]);
  });

  it("refuses a name it does not have, listing the ones it has", () => {
    let thrown: unknown;
    try {
      createMcpServer({}, { tools: ["web_search", "web_serach"] });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AgentIoError);
    expect((thrown as AgentIoError).code).toBe("invalid_config");
    expect((thrown as AgentIoError).message).toContain('"web_serach"');
    for (const name of MCP_TOOL_NAMES) expect((thrown as AgentIoError).message).toContain(name);
  });

  it("takes the flag over the environment, and checks the schema mode", () => {
    expect(mcpServerOptionsFrom({ tools: "web_open" }, { WEBSIFT_MCP_TOOLS: "web_search" })).toEqual({ tools: ["web_open"] });
    expect(mcpServerOptionsFrom({}, { WEBSIFT_MCP_TOOLS: "web_search,web_fetch", WEBSIFT_MCP_SCHEMAS: "full" })).toEqual({ tools: ["web_search", "web_fetch"], schemas: "full" });
    expect(() => mcpServerOptionsFrom({}, { WEBSIFT_MCP_SCHEMAS: "tiny" })).toThrow(/WEBSIFT_MCP_SCHEMAS must be compact or full/);
  });
});
