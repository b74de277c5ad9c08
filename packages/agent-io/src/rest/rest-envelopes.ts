import { CONTRACT_VERSIONS, errorEnvelope, type ContractName, type Envelope, type ErrorCode } from "@websift/contracts";

/**
 * Error Envelopes the REST layer builds itself (unknown route, unreadable body, wrong method,
 * refused access), in the same shape every entry point answers with, so a client has one thing to parse.
 */
export function restErrorEnvelope(contract: ContractName, code: ErrorCode, message: string, details?: Record<string, unknown>, retryable?: boolean): Envelope<never> {
  return errorEnvelope({ contract, contract_version: CONTRACT_VERSIONS[contract], layer: "agent-io" }, { code, message, ...(details ? { details } : {}), ...(retryable !== undefined ? { retryable } : {}) });
}
