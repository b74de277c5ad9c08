import type { Envelope, StoreResponse } from "@websift/contracts";

/** The store's reply to one operation, narrowed to that operation's shape; null when the call failed. */
export function storeReply<K extends StoreResponse["operation"]>(envelope: Envelope<StoreResponse>, operation: K): Extract<StoreResponse, { operation: K }> | null {
  const data = envelope.data;
  return envelope.ok && data?.operation === operation ? (data as Extract<StoreResponse, { operation: K }>) : null;
}
