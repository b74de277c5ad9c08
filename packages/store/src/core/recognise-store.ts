import { promises as fs } from "node:fs";
import path from "node:path";
import { STORE_FORMAT } from "./manifest.js";
import { MANIFEST_FILE, MARKER_FILE, PAGES_DIR, isOwnPageAreaFile, isOwnRootFile } from "./store-files.js";

/** `store`: open it. `foreign`: refuse; `entry` is the first thing found that the store did not write. */
export type Recognition = { kind: "store" } | { kind: "foreign"; entry: string };

/**
 * Whether an existing directory may be used as a store. It is one when it holds the marker (written
 * on creation), or a websift manifest (stores made before the marker existed), or nothing but names
 * the store writes (an empty directory, or an older store that never committed a page).
 */
export async function recogniseStoreDirectory(location: string): Promise<Recognition> {
  if (await isRegularFile(path.join(location, MARKER_FILE))) return { kind: "store" };
  const manifest = await manifestKind(path.join(location, MANIFEST_FILE));
  if (manifest === "websift") return { kind: "store" };
  if (manifest === "foreign") return { kind: "foreign", entry: MANIFEST_FILE };
  const entry = await firstForeignEntry(location);
  return entry === null ? { kind: "store" } : { kind: "foreign", entry };
}

async function isRegularFile(location: string): Promise<boolean> {
  const stat = await fs.lstat(location).catch(() => null);
  return stat?.isFile() ?? false;
}

/**
 * `damaged` (not JSON) still counts as the store's own file: opening then reports store_corrupt
 * instead of calling an older store foreign. Valid JSON of another shape is someone else's manifest.
 */
async function manifestKind(location: string): Promise<"absent" | "websift" | "foreign" | "damaged"> {
  if (!(await isRegularFile(location))) return "absent";
  let value: unknown;
  try {
    value = JSON.parse(await fs.readFile(location, "utf8"));
  } catch {
    return "damaged";
  }
  const isManifest = typeof value === "object" && value !== null && (value as { format?: unknown }).format === STORE_FORMAT;
  return isManifest ? "websift" : "foreign";
}

/** Walks the directory lazily, so a huge foreign directory is refused at its first entry. */
async function firstForeignEntry(location: string): Promise<string | null> {
  const directory = await fs.opendir(location);
  try {
    for await (const entry of directory) {
      if (entry.name === PAGES_DIR && entry.isDirectory()) {
        const inPages = await firstForeignPageEntry(path.join(location, PAGES_DIR));
        if (inPages !== null) return `${PAGES_DIR}/${inPages}`;
      } else if (!(entry.isFile() && isOwnRootFile(entry.name))) {
        return entry.name;
      }
    }
    return null;
  } finally {
    await directory.close().catch(() => undefined);
  }
}

async function firstForeignPageEntry(location: string): Promise<string | null> {
  const directory = await fs.opendir(location);
  try {
    for await (const entry of directory) if (!(entry.isFile() && isOwnPageAreaFile(entry.name))) return entry.name;
    return null;
  } finally {
    await directory.close().catch(() => undefined);
  }
}
