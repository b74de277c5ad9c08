import { expect, it } from "vitest";

it("exports exactly the public API (changes only on purpose)", async () => {
  const api = Object.keys(await import("../src/index.js")).sort();
  expect(api).toEqual([
    "CONTRACT_KEYWORDS",
    "CONTRACT_NAMES",
    "CONTRACT_SCHEMAS",
    "CONTRACT_VERSIONS",
    "ConsumerPact",
    "ContractsError",
    "DEFAULT_CLI_INPUT_BYTES",
    "ERROR_CODES",
    "ERROR_CODE_DESCRIPTIONS",
    "STORE_HANDLE_PATTERN",
    "canonicalJson",
    "canonicalizeUrl",
    "contractValidator",
    "createConsumerPact",
    "createRequestId",
    "defineEntryPoint",
    "describeAjvErrors",
    "describeVerdicts",
    "errorEnvelope",
    "failureOfThrown",
    "isErrorCode",
    "isRetryableByDefault",
    "isSameUrl",
    "isStoreHandle",
    "isTrackingParameter",
    "okEnvelope",
    "printEnvelope",
    "readInputFileText",
    "readPactFiles",
    "readStdinText",
    "schemaDigest",
    "summarizeIssues",
    "trackReads",
    "usageErrorEnvelope",
    "validateContractValue",
    "verifyProviderPacts",
  ]);
});

it("keeps contract tooling (which loads Ajv) out of the runtime entry, in ./tooling", async () => {
  const tooling = Object.keys(await import("../src/tooling.js")).sort();
  expect(tooling).toEqual(["CONTRACT_KEYWORDS", "checkContracts", "contractsLayout", "createContractAjv", "findBreakingChanges", "findRepoRoot", "releaseContract", "rootDirection"]);
});

it("keeps property-testing support (which needs fast-check) in ./testing", async () => {
  expect(Object.keys(await import("../src/testing.js")).sort()).toEqual(["oneFieldBreak", "requestArbitrary", "schemaArbitrary"]);
  expect(Object.keys(await import("../src/index.js"))).not.toContain("requestArbitrary");
});

it("the central error list has the codes every layer needs", async () => {
  const { ERROR_CODES } = await import("../src/index.js");
  expect(ERROR_CODES).toEqual(expect.arrayContaining(["invalid_request", "internal_error", "blocked", "rate_limited", "refused", "timeout", "not_configured"]));
  expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
});
