// `pnpm run pack:all`: one installable tarball per public package in dist/packages/ (or the folder
// given with --out DIR), then
//   npm install -g dist/packages/*.tgz
// pnpm pack turns every `workspace:*` dependency into the version it points at, so the tarballs
// install with npm on a machine that has never seen this repository. Packages are packed from their
// built dist/ (the pack:all script builds first); a package whose dist/ is missing stops the run
// rather than producing a tarball that cannot start. A package that depends on a package we patch
// (patches/) carries the patched copy inside its tarball (bundle-patched.mjs): npm would install the
// published, unpatched one.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { bundlePatchedDependencies, patchedDependenciesOf, readPatchedDependencies } from "./bundle-patched.mjs";

const repoRoot = resolve(import.meta.dirname, "..");
const outFlag = process.argv.indexOf("--out");
const outDir = outFlag === -1 ? join(repoRoot, "dist", "packages") : resolve(process.argv[outFlag + 1] ?? "");
if (outFlag !== -1 && !process.argv[outFlag + 1]) {
  process.stderr.write("pack-all: --out needs a folder.\n");
  process.exit(2);
}

const packages = readdirSync(join(repoRoot, "packages"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(repoRoot, "packages", entry.name, "package.json")))
  .map((entry) => {
    const dir = join(repoRoot, "packages", entry.name);
    return { dir, manifest: JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) };
  })
  .filter(({ manifest }) => manifest.private !== true)
  .sort((a, b) => a.manifest.name.localeCompare(b.manifest.name));

for (const { dir, manifest } of packages) {
  if (manifest.files?.includes("dist") && !existsSync(join(dir, "dist"))) {
    process.stderr.write(`pack-all: ${manifest.name} has no dist/; run \`pnpm build\` first (\`pnpm run pack:all\` does).\n`);
    process.exit(1);
  }
}

// Tarballs of an earlier version would be installed beside the new ones: remove them, and only them.
mkdirSync(outDir, { recursive: true });
for (const name of readdirSync(outDir)) if (name.endsWith(".tgz")) rmSync(join(outDir, name));
const patched = readPatchedDependencies(repoRoot);
for (const { dir, manifest } of packages) {
  const tarball = execFileSync("pnpm", ["pack", "--json", "--pack-destination", outDir], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  const bundled = patchedDependenciesOf(manifest, patched);
  if (bundled.length > 0) bundlePatchedDependencies({ packageDir: dir, tarball: JSON.parse(tarball).filename, names: bundled, patched });
  process.stderr.write(`pack-all: ${manifest.name}@${manifest.version}${bundled.length > 0 ? ` (bundles patched ${bundled.join(", ")})` : ""}\n`);
}
process.stdout.write(`${readdirSync(outDir).filter((name) => name.endsWith(".tgz")).sort().map((name) => join(outDir, name)).join("\n")}\n`);
