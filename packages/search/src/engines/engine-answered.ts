// Which engine outcomes mean the engine replied, said once for the search layer and its callers (agent-io's
// compatibility route names the engines that answered).
const ANSWERED_OUTCOMES: ReadonlySet<string> = new Set(["ok", "partial", "empty"]);

/** True when the engine replied (with results, some of them, or nothing); every other outcome is a failure. */
export function engineAnswered(outcome: string): boolean {
  return ANSWERED_OUTCOMES.has(outcome);
}
