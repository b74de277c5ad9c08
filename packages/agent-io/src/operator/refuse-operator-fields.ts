import { CONTRACT_VERSIONS, errorEnvelope, type ContractName, type EntryPoint } from "@websift/contracts";
import { OPERATOR_ONLY_FIELDS, operatorFieldIn } from "./operator-settings.js";

/**
 * An entry point that refuses a request carrying an operator setting with a message saying who sets
 * it and how. The contract alone would refuse it too (no such property), but "not allowed" would
 * leave a 1.x caller guessing.
 */
export function refusingOperatorFields<T>(contract: ContractName, entry: EntryPoint<T>): EntryPoint<T> {
  return async (input, options) => {
    const field = operatorFieldIn(input);
    if (field === undefined) return entry(input, options);
    return errorEnvelope(
      { contract, contract_version: CONTRACT_VERSIONS[contract], layer: "agent-io" },
      {
        code: "invalid_request",
        message: `\`${field}\` is an operator setting, not a request field: whoever starts websift sets it (${OPERATOR_ONLY_FIELDS[field]}). Remove it from the request.`,
        details: { field },
      },
    );
  };
}
