import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);

/**
 * Runs the bin `binName` of the installed layer package `packageName` in this process, with this
 * process's arguments. `npm install -g websift` links only this package's bins, so each of them
 * starts the layer's own launcher: found through the layer's package.json (its one exported
 * file path), never by a path into node_modules that an installer may lay out differently.
 */
export async function runLayerBin(packageName, binName) {
  const manifestPath = require.resolve(`${packageName}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const target = typeof manifest.bin === "string" ? manifest.bin : manifest.bin?.[binName];
  if (typeof target !== "string") {
    process.stderr.write(`websift: ${packageName} ${manifest.version} has no bin named ${binName}; reinstall websift.\n`);
    process.exitCode = 1;
    return;
  }
  await import(pathToFileURL(join(dirname(manifestPath), target)).href);
}
