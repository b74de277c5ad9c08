// Property-testing support for contract conformance: schema-shaped requests and one-field breaks.
// Needs fast-check (an optional peer dependency); import it from tests, never from runtime code.
export { schemaArbitrary } from "./testing/schema-arbitrary.js";
export { requestArbitrary, oneFieldBreak, type FieldBreak } from "./testing/contract-arbitraries.js";
export type { SchemaNode } from "./testing/schema-node.js";
