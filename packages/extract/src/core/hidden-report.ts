// What the page hid and the extractor removed, reported as `hidden_content` so that a caller (agent-io)
// can warn when a page hides instructions. Samples are bounded: a page can hide megabytes.
import type { HidingReason } from "./hiding-styles.js";
import { toPlainText } from "./plain-text.js";

export interface HiddenSample {
  reason: HidingReason;
  text: string;
}

export interface HiddenContentReport {
  /** Hidden elements removed that held text. */
  blocks: number;
  /** Characters of whitespace-collapsed text they held. */
  characters: number;
  /** The longest non-trivial blocks, in page order. */
  samples: HiddenSample[];
}

const MAX_HIDDEN_SAMPLES = 20;
const MAX_SAMPLE_CHARS = 300;
// Shorter blocks are labels ("opens in a new tab", icon names); an instruction needs a sentence.
const MIN_SAMPLE_CHARS = 20;

export class HiddenReportBuilder {
  private blocks = 0;
  private characters = 0;
  private candidates: Array<HiddenSample & { length: number; order: number }> = [];

  /** Records an element about to be removed as hidden. */
  add(el: Element, reason: HidingReason): void {
    const text = toPlainText(el).replace(/\s+/g, " ").trim();
    if (text === "") return;
    this.blocks += 1;
    this.characters += text.length;
    if (text.length < MIN_SAMPLE_CHARS) return;
    this.candidates.push({ reason, text: text.slice(0, MAX_SAMPLE_CHARS), length: text.length, order: this.blocks });
    // Keep the pool small on pages that hide thousands of blocks.
    if (this.candidates.length > MAX_HIDDEN_SAMPLES * 4) this.candidates = longest(this.candidates);
  }

  build(): HiddenContentReport {
    const samples = longest(this.candidates)
      .sort((a, b) => a.order - b.order)
      .map(({ reason, text }) => ({ reason, text }));
    return { blocks: this.blocks, characters: this.characters, samples };
  }
}

function longest<T extends { length: number; order: number }>(items: T[]): T[] {
  return items.sort((a, b) => b.length - a.length || a.order - b.order).slice(0, MAX_HIDDEN_SAMPLES);
}

export function emptyHiddenReport(): HiddenContentReport {
  return { blocks: 0, characters: 0, samples: [] };
}
