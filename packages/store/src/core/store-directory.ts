import { promises as fs } from "node:fs";
import path from "node:path";
import { StoreLayerError } from "../errors.js";
import { writeFileAtomic } from "./atomic-write.js";
import { makeDirectory } from "./make-directory.js";
import { STORE_FORMAT } from "./manifest.js";
import { recogniseStoreDirectory } from "./recognise-store.js";
import { MARKER_FILE, PAGES_DIR } from "./store-files.js";

function directoryError(location: string, problem: string, fix: string, cause?: unknown, details: Record<string, unknown> = {}): StoreLayerError {
  return new StoreLayerError("invalid_config", `Cannot open store: ${location} ${problem}; ${fix}.`, {
    details: { dir: location, ...details },
    ...(cause === undefined ? {} : { cause }),
  });
}

function reason(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

/**
 * Makes `location` ready for a store, or refuses it: a missing directory is created (with a bounded
 * number of filesystem calls), an existing one is used only when it is recognisably a websift store
 * or empty. The refusal comes before anything is written, so a wrong path never gains files.
 */
export async function prepareStoreDirectory(location: string): Promise<void> {
  const stat = await fs.stat(location).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw directoryError(location, `cannot be read (${reason(error)})`, "give a directory this process can read and write", error);
  });
  if (stat === null) {
    await makeDirectory(location).catch((error: unknown) => {
      throw directoryError(location, `cannot be created (${reason(error)})`, "give a path under an existing, writable directory", error);
    });
  } else if (!stat.isDirectory()) {
    throw directoryError(location, "exists and is not a directory", "give the path of a directory for the store");
  } else {
    const found = await recogniseStoreDirectory(location).catch((error: unknown) => {
      throw directoryError(location, `cannot be listed (${reason(error)})`, "give a directory this process can read and write", error);
    });
    if (found.kind === "foreign") {
      throw directoryError(
        location,
        `is not empty and is not a websift store (it holds "${found.entry}")`,
        "give a new or empty directory, or the directory of an existing websift store",
        undefined,
        { entry: found.entry },
      );
    }
  }
  const pages = path.join(location, PAGES_DIR);
  await makeDirectory(pages).catch((error: unknown) => {
    throw directoryError(pages, `cannot be created (${reason(error)})`, "make the store directory writable or give another one", error);
  });
  await writeMarker(location);
}

/** Marks the directory as a store, once; stores made before the marker get it on their next open. */
async function writeMarker(location: string): Promise<void> {
  const marker = path.join(location, MARKER_FILE);
  if (await fs.lstat(marker).then(() => true, () => false)) return;
  const content = JSON.stringify({ format: STORE_FORMAT, created_at: new Date().toISOString() });
  // A read-only store can still be read; it is recognised by its manifest instead.
  await writeFileAtomic(marker, content, { durable: true }).catch(() => undefined);
}
