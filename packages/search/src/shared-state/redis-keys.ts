// Every key the search layer writes, in one place (docs/DEPLOY.md lists them). One hash tag for the layer,
// so the budget script's two keys share a slot on Redis Cluster.
const PREFIX = "websift:{websift-search}:";

/** Brave requests let through on one UTC day (YYYY-MM-DD); expires two days later. */
export const braveBudgetKey = (utcDay: string): string => `${PREFIX}budget:brave:${utcDay}`;
/** When the next Brave request may start (ms, Redis clock): the 1 request/second spacing. */
export const braveStampKey = (): string => `${PREFIX}stamp:brave`;
/** A wait a service asked for (JSON {until_ms, reason}), present while it runs. */
export const engineWaitKey = (engine: string): string => `${PREFIX}wait:${engine}`;
/** Hash: engine name -> its last outcome (JSON), for `websift engines`. */
export const engineStatusKey = (): string => `${PREFIX}engine-status`;
