// Public API of @websift/contracts, exported by name: a test snapshots this list.
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
  type EntryPoint,
  type EntryPointCallOptions,
  type EntryPointContext,
  type EntryPointDefinition,
  type HandlerResult,
} from "./entry-point.js";
export {
  CONTRACT_KEYWORDS,
  contractValidator,
  createContractAjv,
  describeAjvErrors,
  summarizeIssues,
  validateContractValue,
  type ValidationIssue,
  type ValidationResult,
} from "./validate.js";
export { CONTRACT_NAMES, CONTRACT_SCHEMAS, CONTRACT_VERSIONS, type ContractName } from "./generated/schemas.js";
export { findBreakingChanges, rootDirection, type BreakingChange, type Direction } from "./compat/find-breaking-changes.js";
export { checkContracts, type CheckProblem } from "./freeze/check-contracts.js";
export { releaseContract, type ReleaseResult } from "./freeze/release-contract.js";
export { contractsLayout, findRepoRoot, type ContractsLayout } from "./repo-paths.js";
export { canonicalJson, schemaDigest, type JsonSchema } from "./schema-files.js";
export { createConsumerPact, ConsumerPact, type ConsumerPactOptions, type InteractionSpec, type WatchSpec } from "./pact/consumer-pact.js";
export { verifyProviderPacts, describeVerdicts, type InteractionVerdict, type ProviderState, type VerifyProviderOptions } from "./pact/verify-provider.js";
export { readPactFiles, type PactFile, type PactInteraction, type PactFieldExpectation } from "./pact/pact-file.js";
export { trackReads, type JsonTypeName, type ReadTracker } from "./pact/read-tracker.js";
export type * from "./types.js";
export { printEnvelope, readStdinText, usageErrorEnvelope, type PrintEnvelopeOptions } from "./cli-support.js";
