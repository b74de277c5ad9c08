import type { BudgetLimit, CharBudget } from "./types.js";

/** Less than this left of total_chars counts as exhausted. */
const MIN_USEFUL_CHARS = 32;

export interface CharAllowance {
  /** Most body chars this item may inline (Infinity without a char budget). */
  chars: number;
  /** The limit that sets `chars`, reported when the item does not fit under it. */
  limitedBy: BudgetLimit | null;
}

/** The seed's character budget over one page: first top_n items, each <= per_item_chars, all <= total_chars. */
export class CharBudgetTracker {
  private used = 0;
  private exhausted = false;

  constructor(private readonly budget: CharBudget | null) {}

  allowance(position: number): CharAllowance {
    const budget = this.budget;
    if (budget === null) return { chars: Number.POSITIVE_INFINITY, limitedBy: null };
    if (position >= budget.top_n) return { chars: 0, limitedBy: "top_n" };
    const remaining = budget.total_chars - this.used;
    // A few leftover chars (boundary snapping leaves some) would inline a useless fragment.
    if (this.exhausted || remaining <= 0 || remaining < Math.min(MIN_USEFUL_CHARS, budget.per_item_chars)) return { chars: 0, limitedBy: "total_chars" };
    return budget.per_item_chars <= remaining
      ? { chars: budget.per_item_chars, limitedBy: "per_item_chars" }
      : { chars: remaining, limitedBy: "total_chars" };
  }

  /** `cutByTotal`: the item was cut to the rest of total_chars, so what boundary snapping left is spent too. */
  consume(chars: number, cutByTotal = false): void {
    this.used += chars;
    if (cutByTotal && this.budget !== null) this.exhausted = true;
  }

  get charsUsed(): number {
    return this.used;
  }
}
