// The fetch core works on the contract's own types (generated from contracts/fetch.schema.json); these
// are the core's names for them and for their parts, never restatements.
import type { FetchRequest, FetchResponse, FetchResponseFetchedVia, FetchResponseOutcome } from "@websift/contracts";

export type FetchPageRequest = FetchRequest;
export type FetchPageResult = FetchResponse;
export type FetchOutcome = FetchResponseOutcome;
/** How a response arrived; the result's `fetched_via` is null when none did. */
export type FetchedVia = NonNullable<FetchResponseFetchedVia>;
/** A client tier by number (`tier: "auto"` tries them in order). */
export type ClientTier = Exclude<NonNullable<FetchRequest["tier"]>, "auto">;
export type CacheOptions = NonNullable<FetchRequest["cache"]>;
export type RedirectHop = FetchResponse["redirects"][number];
export type TierAttempt = FetchResponse["tier_attempts"][number];
