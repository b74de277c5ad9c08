// The key of one precompiled validator in generated/validators.ts (`VALIDATORS`): written by the generator, read by
// validate.ts. Kept apart from the generator so runtime code can import it without loading Ajv.
export function validatorKey(contract: string, definition: string): string {
  return `${contract}#${definition}`;
}
