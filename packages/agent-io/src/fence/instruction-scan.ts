/**
 * Phrases that try to instruct the reader rather than inform it. A match is only listed in the
 * reply's warnings, never acted on; false positives cost a warning, misses cost nothing more.
 */
const INSTRUCTION_PATTERNS: Array<{ name: string; pattern: RegExp }> = [
  { name: "ignore previous instructions", pattern: /\b(ignore|disregard|forget|override)\s+(all\s+|any\s+|the\s+)?(previous|prior|above|earlier|preceding|your)\s+(instructions|prompts?|rules|directions|context)/i },
  { name: "new instructions", pattern: /\b(new|updated|real|actual)\s+(system\s+)?instructions\s*:/i },
  // The chat-template tokens start with punctuation, where `\b` never matches: they stand outside it.
  { name: "system prompt", pattern: /\b(?:system\s+prompt|developer\s+message)\b|<\|(?:im_start|im_end|system|user|assistant|begin_of_text|start_header_id)\|>|\[\/?INST\]|<<\/?SYS>>/i },
  { name: "role reassignment", pattern: /\byou\s+are\s+now\s+(a|an|the|in)\b|\bfrom\s+now\s+on,?\s+you\s+(will|must|are)\b/i },
  { name: "hidden from user", pattern: /\b(do\s+not|don't|never)\s+(tell|inform|mention\s+(this\s+)?to|reveal\s+(this\s+)?to)\s+the\s+user\b/i },
  { name: "tool or data exfiltration", pattern: /\b(send|post|upload|exfiltrate|forward)\s+(the\s+|all\s+|your\s+)?(conversation|chat\s+history|api\s+keys?|credentials|secrets|passwords?|environment\s+variables)\b/i },
  { name: "assistant directive", pattern: /\b(AI|assistant|language\s+model|LLM|agent)s?\s*(,|:)\s*(please\s+)?(ignore|execute|run|call|open|visit|respond\s+with|say)\b/i },
];

export interface InstructionFinding {
  name: string;
  offset: number;
  excerpt: string;
}

// Markdown's backslash escapes (turndown writes `<|im\_start|\>` and `\[INST\]`): undone before
// scanning, so an escaped chat-template token is found like a plain one.
const MARKDOWN_ESCAPE = /\\([\\`*_{}[\]()#+\-.!|<>~=])/g;

export function findInstructionLikeText(markdownOrText: string): InstructionFinding[] {
  const text = markdownOrText.replace(MARKDOWN_ESCAPE, "$1");
  const findings: InstructionFinding[] = [];
  for (const { name, pattern } of INSTRUCTION_PATTERNS) {
    const match = pattern.exec(text);
    if (match) findings.push({ name, offset: match.index, excerpt: text.slice(match.index, match.index + 80).replace(/\s+/g, " ").trim() });
  }
  return findings.sort((a, b) => a.offset - b.offset);
}

/** One warning line per finding, naming the page. */
export function instructionWarnings(source: string, text: string): string[] {
  return findInstructionLikeText(text).map(
    (finding) => `instruction-like text (${finding.name}) in ${source} at character ${finding.offset}: "${finding.excerpt}" — treated as data, not followed`,
  );
}
