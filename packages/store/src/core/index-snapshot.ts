import { createHash } from "node:crypto";
import type { Manifest } from "./manifest.js";
import { SearchIndex, type SearchIndexState } from "./search-index.js";
import { SnapshotDamagedError, decodeSnapshot, encodeSnapshot } from "./snapshot-file.js";

/**
 * /2: no flexsearch export any more; posting lists are derived from the tokens on restore. A /1 file
 * (or any other format) is refused as damaged, so the reader rebuilds from the page files and the
 * next snapshot written is /2.
 */
const SNAPSHOT_FORMAT = "websift-index-snapshot/2";
const META = "meta";
const TOKENS = "tokens";

/**
 * What a snapshot was built for: the manifest generation plus a digest of exactly which page
 * versions it lists. The generation alone is not enough: a writer that crashed after writing page
 * files reuses the same generation number for different content, and a store directory can be
 * recreated from scratch. Page file names never change content, and markdown_sha256 pins it anyway.
 */
export interface SnapshotBinding {
  generation: number;
  pages_digest: string;
}

export function bindingFor(manifest: Manifest): SnapshotBinding {
  const hash = createHash("sha256");
  for (const handle of Object.keys(manifest.pages).sort()) {
    const entry = manifest.pages[handle];
    hash.update(`${handle}\u0000${entry?.file ?? ""}\u0000${entry?.markdown_sha256 ?? ""}\n`);
  }
  return { generation: manifest.generation, pages_digest: hash.digest("hex") };
}

export function sameBinding(a: SnapshotBinding, b: SnapshotBinding): boolean {
  return a.generation === b.generation && a.pages_digest === b.pages_digest;
}

export function encodeIndexSnapshot(index: SearchIndex, binding: SnapshotBinding): Buffer {
  const { tokens, ...meta } = index.toState();
  const sections = new Map<string, Uint8Array>();
  sections.set(META, Buffer.from(JSON.stringify(meta), "utf8"));
  sections.set(TOKENS, new Uint8Array(tokens.buffer, tokens.byteOffset, tokens.byteLength));
  return encodeSnapshot({ format: SNAPSHOT_FORMAT, ...binding }, sections);
}

/** Only the binding, checked for integrity: enough to decide whether the rest is worth restoring. */
export interface DecodedSnapshot {
  binding: SnapshotBinding;
  restore: () => SearchIndex;
}

/** Throws SnapshotDamagedError for anything that is not an intact snapshot of this format. */
export function decodeIndexSnapshot(data: Buffer): DecodedSnapshot {
  const { header, sections } = decodeSnapshot(data);
  if (header.format !== SNAPSHOT_FORMAT || !Number.isInteger(header.generation) || typeof header.pages_digest !== "string") {
    throw new SnapshotDamagedError("not an index snapshot of this format");
  }
  const binding: SnapshotBinding = { generation: header.generation as number, pages_digest: header.pages_digest };
  return { binding, restore: () => restoreIndex(sections) };
}

function restoreIndex(sections: Map<string, Buffer>): SearchIndex {
  const metaBytes = sections.get(META);
  const tokenBytes = sections.get(TOKENS);
  if (metaBytes === undefined || tokenBytes === undefined || tokenBytes.length % 4 !== 0) {
    throw new SnapshotDamagedError("meta or token section missing");
  }
  let meta: Omit<SearchIndexState, "tokens">;
  try {
    meta = JSON.parse(metaBytes.toString("utf8")) as typeof meta;
  } catch {
    throw new SnapshotDamagedError("meta section is not JSON");
  }
  // Copied into a fresh, aligned buffer: the section may start at any byte offset of the file.
  const tokens = new Uint32Array(tokenBytes.length / 4);
  new Uint8Array(tokens.buffer).set(tokenBytes);
  if (typeof meta !== "object" || meta === null) throw new SnapshotDamagedError("meta section is not an object");
  try {
    return SearchIndex.fromState({ ...meta, tokens });
  } catch (error) {
    throw new SnapshotDamagedError(`inconsistent index: ${(error as Error).message}`);
  }
}
