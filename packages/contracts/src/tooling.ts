// Contract tooling (freeze check, release, compatibility, strict Ajv): `@websift/contracts/tooling`.
// Kept apart from the runtime entry so an entry point never loads Ajv or the type generator.
export { CONTRACT_KEYWORDS } from "./keywords.js";
export { createContractAjv, type ContractAjvOptions } from "./contract-ajv.js";
export { findBreakingChanges, rootDirection, type BreakingChange, type Direction } from "./compat/find-breaking-changes.js";
export { checkContracts, type CheckProblem } from "./freeze/check-contracts.js";
export { releaseContract, type ReleaseResult } from "./freeze/release-contract.js";
export { contractsLayout, findRepoRoot, type ContractsLayout } from "./repo-paths.js";
