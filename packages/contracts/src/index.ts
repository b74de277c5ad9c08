// Public API of @websift/contracts, exported by name: a test snapshots this list.
// Runtime only (entry points, validation, pacts); contract tooling that needs Ajv is in ./tooling.
export { ContractsError } from "./errors.js";
export {
  createRequestId,
  errorEnvelope,
  isRetryableByDefault,
  okEnvelope,
  type Envelope,
  type EnvelopeHeader,
  type FailureInput,
  type Layer,
} from "./envelope.js";
export { ERROR_CODES, ERROR_CODE_DESCRIPTIONS, isErrorCode } from "./error-codes.js";
export {
  defineEntryPoint,
  failureOfThrown,
  type EntryPoint,
  type EntryPointCallOptions,
  type EntryPointContext,
  type EntryPointDefinition,
  type HandlerResult,
} from "./entry-point.js";
export { CONTRACT_KEYWORDS } from "./keywords.js";
export { canonicalizeUrl, isSameUrl, isTrackingParameter } from "./url-identity.js";
export { STORE_HANDLE_PATTERN, isStoreHandle } from "./store-handle.js";
export {
  contractValidator,
  describeAjvErrors,
  summarizeIssues,
  validateContractValue,
  type ValidationIssue,
  type ValidationResult,
} from "./validate.js";
export { CONTRACT_NAMES, CONTRACT_SCHEMAS, CONTRACT_VERSIONS, type ContractName } from "./generated/schemas.js";
export { canonicalJson, schemaDigest, type JsonSchema } from "./schema-files.js";
export { createConsumerPact, ConsumerPact, type ConsumerPactOptions, type InteractionSpec, type WatchSpec } from "./pact/consumer-pact.js";
export { verifyProviderPacts, describeVerdicts, type InteractionVerdict, type ProviderState, type VerifyProviderOptions } from "./pact/verify-provider.js";
export { readPactFiles, type PactFile, type PactInteraction, type PactFieldExpectation } from "./pact/pact-file.js";
export { trackReads, type JsonTypeName, type ReadTracker } from "./pact/read-tracker.js";
export type * from "./types.js";
export { DEFAULT_CLI_INPUT_BYTES, printEnvelope, readInputFileText, readStdinText, usageErrorEnvelope, type PrintEnvelopeOptions } from "./cli-support.js";
