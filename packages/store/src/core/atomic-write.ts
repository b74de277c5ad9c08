import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";

/** Temp files carry this marker so a writer can recognise and remove leftovers of a crashed write. */
const TEMP_MARKER = ".tmp-";

function tempPathFor(target: string): string {
  return `${target}${TEMP_MARKER}${process.pid}-${randomBytes(4).toString("hex")}`;
}

export interface AtomicWriteOptions {
  /** fsync the data and the directory; off only for advisory files whose loss is harmless. */
  durable: boolean;
  /** Also fsync the directory after the rename (default: same as `durable`); batch writers do it once. */
  syncDirectory?: boolean;
}

/**
 * Write-then-rename: readers see the old file or the new one, never a torn one. With `durable`,
 * the data is fsynced before the rename and the directory after it, so a crash keeps one whole version.
 */
export async function writeFileAtomic(target: string, data: string | Uint8Array, options: AtomicWriteOptions): Promise<number> {
  const temp = tempPathFor(target);
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
  const handle = await fs.open(temp, "wx", 0o644);
  try {
    await handle.writeFile(bytes);
    if (options.durable) await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  if (options.syncDirectory ?? options.durable) await syncDirectory(path.dirname(target));
  return bytes.byteLength;
}

/** Makes renames and unlinks in a directory durable (a no-op where directories cannot be opened). */
export async function syncDirectory(directory: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(directory, "r");
    await handle.sync();
  } catch {
    // Some platforms (Windows) refuse to fsync a directory; rename is still atomic there.
  } finally {
    await handle?.close();
  }
}
