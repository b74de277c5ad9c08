import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

import { CONTRACT_KEYWORDS } from "./keywords.js";

export interface ContractAjvOptions {
  /** Keep generated source, for standalone (precompiled) validators. */
  source?: boolean;
  /** With `source`: write that code as an ES module (the default) or, when false, as CommonJS. */
  esm?: boolean;
}

/** A strict Ajv 2020 instance that knows websift's keywords and formats (no schemas added). */
export function createContractAjv(options: ContractAjvOptions = {}): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true, ...(options.source ? { code: { source: true, esm: options.esm ?? true } } : {}) });
  addFormats.default(ajv);
  for (const keyword of CONTRACT_KEYWORDS) ajv.addKeyword(keyword);
  return ajv;
}
