import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";
import type { Envelope, StoreResponse } from "@websift/contracts";
import { StoreLayerError } from "../src/errors.js";

const made: string[] = [];

/** A fresh temp store directory, removed after the test. */
export function tempStoreDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "websift-store-test-"));
  made.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A controllable clock for TTL and LRU tests. */
export function fakeClock(start = Date.UTC(2026, 0, 1)): { now: () => number; advance: (ms: number) => void } {
  let current = start;
  return { now: () => current, advance: (ms) => (current += ms) };
}

export async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof StoreLayerError) return error.code;
    throw error;
  }
  throw new Error("expected the call to fail");
}

/** The reply of one operation, narrowed to its own shape; fails the test when the call failed. */
export function replyOf<K extends StoreResponse["operation"]>(envelope: Envelope<StoreResponse>, operation: K): Extract<StoreResponse, { operation: K }> {
  if (!envelope.ok || envelope.data?.operation !== operation) throw new Error(`expected an ok ${operation} reply, got ${JSON.stringify(envelope.error ?? envelope.data)}`);
  return envelope.data as Extract<StoreResponse, { operation: K }>;
}
