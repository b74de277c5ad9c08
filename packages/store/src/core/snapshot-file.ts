import { createHash } from "node:crypto";
import os from "node:os";

/**
 * Framing for a binary snapshot file:
 *
 *   magic (16 bytes) | sha-256 of everything after it (32 bytes) | header length (u32 LE) | header JSON | sections
 *
 * The checksum covers the header too, so a torn, truncated or bit-flipped file is always detected
 * and never mistaken for a snapshot of some other state.
 */
const MAGIC = Buffer.from("websift-index/1\n", "latin1");
const DIGEST_BYTES = 32;
const PREFIX_BYTES = MAGIC.length + DIGEST_BYTES + 4;

export interface SnapshotHeader {
  /** Binding fields and anything else the writer wants checked before the sections are used. */
  [key: string]: unknown;
}

export interface SnapshotContents {
  header: SnapshotHeader;
  sections: Map<string, Buffer>;
}

/** Raised for any file that is not a whole, intact snapshot of this format. */
export class SnapshotDamagedError extends Error {}

export function encodeSnapshot(header: SnapshotHeader, sections: ReadonlyMap<string, Uint8Array>): Buffer {
  const layout = [...sections].map(([name, bytes]) => ({ name, bytes: bytes.byteLength }));
  const headerBytes = Buffer.from(JSON.stringify({ ...header, endianness: os.endianness(), sections: layout }), "utf8");
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headerBytes.length);
  const body = [length, headerBytes, ...sections.values()];
  const hash = createHash("sha256");
  for (const part of body) hash.update(part);
  return Buffer.concat([MAGIC, hash.digest(), ...body]);
}

export function decodeSnapshot(data: Buffer): SnapshotContents {
  if (data.length < PREFIX_BYTES || !data.subarray(0, MAGIC.length).equals(MAGIC)) throw new SnapshotDamagedError("not a snapshot file");
  const expected = data.subarray(MAGIC.length, MAGIC.length + DIGEST_BYTES);
  const actual = createHash("sha256").update(data.subarray(MAGIC.length + DIGEST_BYTES)).digest();
  if (!actual.equals(expected)) throw new SnapshotDamagedError("checksum mismatch");
  const headerLength = data.readUInt32LE(MAGIC.length + DIGEST_BYTES);
  if (PREFIX_BYTES + headerLength > data.length) throw new SnapshotDamagedError("header runs past the end");
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString("utf8", PREFIX_BYTES, PREFIX_BYTES + headerLength));
  } catch {
    throw new SnapshotDamagedError("header is not JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new SnapshotDamagedError("header is not an object");
  const header = parsed as SnapshotHeader & { endianness?: unknown; sections?: unknown };
  // Token ids are raw machine words: a file from a machine of the other byte order is not usable here.
  if (header.endianness !== os.endianness()) throw new SnapshotDamagedError("written with another byte order");
  if (!Array.isArray(header.sections)) throw new SnapshotDamagedError("header lists no sections");
  const sections = new Map<string, Buffer>();
  let offset = PREFIX_BYTES + headerLength;
  for (const entry of header.sections as unknown[]) {
    const { name, bytes } = (entry ?? {}) as { name?: unknown; bytes?: unknown };
    if (typeof name !== "string" || !Number.isInteger(bytes) || (bytes as number) < 0 || offset + (bytes as number) > data.length) {
      throw new SnapshotDamagedError("malformed section list");
    }
    sections.set(name, data.subarray(offset, offset + (bytes as number)));
    offset += bytes as number;
  }
  if (offset !== data.length) throw new SnapshotDamagedError("trailing bytes after the last section");
  return { header, sections };
}
