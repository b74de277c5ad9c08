// What one rendered page did on the network, as the guarded router saw it: what was refused (for the reply's
// warnings), every exchange made (for the WARC), requests still in flight (for settling), and the main
// document's own response.
import type { ArchivableExchange } from "../core/attempt-result.js";
import type { FetchResponse } from "@websift/contracts";

export type RefusedRequest = NonNullable<FetchResponse["refused_requests"]>[number];

interface MainDocument {
  url: URL;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  decoded: Buffer;
}

export interface RenderSession {
  refused: RefusedRequest[];
  exchanges: ArchivableExchange[];
  inflight: number;
  lastActivityAt: number;
  /** Set when the main frame's document answered with a redirect: the renderer navigates there itself. */
  mainRedirect: { status: number; location: URL } | undefined;
  /** Set when the main frame's document itself was refused by the guard. */
  mainRefusal: { outcome: "refused" | "dns_failed"; detail: string } | undefined;
  /** Set when the main frame's document failed on the network (timeout, reset, too large). */
  mainFailure: { outcome: FetchResponse["outcome"]; detail: string } | undefined;
  mainDocument: MainDocument | undefined;
}

const MAX_LISTED_REFUSALS = 50;
const MAX_URL_CHARS = 300;

export function createRenderSession(): RenderSession {
  return { refused: [], exchanges: [], inflight: 0, lastActivityAt: Date.now(), mainRedirect: undefined, mainRefusal: undefined, mainFailure: undefined, mainDocument: undefined };
}

/** A page may try thousands of refused requests; the reply lists the first 50, each URL cut to 300 characters. */
export function noteRefusal(session: RenderSession, refusal: RefusedRequest): void {
  if (session.refused.length >= MAX_LISTED_REFUSALS) return;
  const url = refusal.url.length > MAX_URL_CHARS ? `${refusal.url.slice(0, MAX_URL_CHARS)}...` : refusal.url;
  session.refused.push({ ...refusal, url });
}
