import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

function newestIn(directory: string): number {
  if (!existsSync(directory)) return 0;
  return Math.max(
    0,
    ...readdirSync(directory, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => statSync(path.join(entry.parentPath, entry.name)).mtimeMs),
  );
}

/**
 * Child processes run the built module (plain node cannot import the TS sources). `pnpm test`
 * builds first (turbo); rebuilding here would rewrite dist/ under children of other test files.
 */
export function assertStoreBuilt(packageDir: string): void {
  if (!existsSync(path.join(packageDir, "dist/core/page-store.js"))) throw new Error("packages/store is not built: run `pnpm build` (or `pnpm test`, which builds first).");
  if (newestIn(path.join(packageDir, "dist")) < newestIn(path.join(packageDir, "src"))) throw new Error("packages/store/dist is older than src/: run `pnpm build` first.");
}
