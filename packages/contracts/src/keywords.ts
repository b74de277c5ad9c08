/** Keywords websift adds to JSON Schema; Ajv's strict mode must be told about them. */
export const CONTRACT_KEYWORDS = ["x-contract-version"] as const;
