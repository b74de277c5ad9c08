// Patched third-party packages travel inside the tarball of the websift package that uses them.
//
// pnpm applies patches/ (listed under patchedDependencies in pnpm-workspace.yaml) to its own installs only;
// `npm install` of a packed tarball fetches the published, unpatched versions. Several patches change what
// a user gets (turndown's escaping sees where a text node sits; Readability's retry copy keeps a code block's
// '>' verbatim), so a package that depends on a patched package ships it as a bundled dependency, copied from
// the repository's patched install together with everything it needs at run time.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** `name@version` keys of pnpm-workspace.yaml's patchedDependencies block. */
export function readPatchedDependencies(repoRoot) {
  const yaml = readFileSync(join(repoRoot, "pnpm-workspace.yaml"), "utf8");
  const block = /^patchedDependencies:\n((?:[ \t]+.*\n?)*)/m.exec(yaml)?.[1] ?? "";
  const patched = new Map();
  for (const line of block.split("\n")) {
    const key = /^\s+['"]?(@?[^@'"\s]+)@([^'":\s]+)['"]?\s*:/.exec(line);
    if (key) patched.set(key[1], key[2]);
  }
  return patched;
}

/** The patched packages among a manifest's run-time dependencies, with the version the patch is for. */
export function patchedDependenciesOf(manifest, patched) {
  return Object.keys(manifest.dependencies ?? {}).filter((name) => patched.has(name));
}

/** The installed directory of `name` as Node would resolve it from `fromDir` (symlinks followed). */
function resolvePackageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return realpathSync(candidate);
    if (dirname(dir) === dir) throw new Error(`bundle-patched: ${name} is not installed where ${fromDir} can reach it; run pnpm install`);
  }
}

/**
 * Copies `name` (resolved from `fromDir`) and its run-time dependencies into `nodeModules`: flat where the
 * name is free, nested under the package that needs it where another version already holds the name.
 */
function copyClosure(name, fromDir, nodeModules, placed) {
  const source = resolvePackageDir(name, fromDir);
  const manifest = JSON.parse(readFileSync(join(source, "package.json"), "utf8"));
  const held = placed.get(join(nodeModules, name));
  if (held === manifest.version) return;
  const target = held === undefined ? nodeModules : join(placed.get(`dir:${fromDir}`) ?? nodeModules, "node_modules");
  const destination = join(target, name);
  if (placed.has(destination)) return;
  cpSync(source, destination, { recursive: true, dereference: true });
  placed.set(destination, manifest.version);
  placed.set(`dir:${source}`, destination);
  for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
    copyClosure(dependency, source, nodeModules, placed);
  }
}

/**
 * Repacks `tarball` (packed by pnpm from `packageDir`) with the patched `names` bundled, in place.
 * Fails when a dependency is installed without its patch (the copy would ship the stock package).
 */
export function bundlePatchedDependencies({ packageDir, tarball, names, patched }) {
  const staging = mkdtempSync(join(tmpdir(), "websift-bundle-"));
  try {
    execFileSync("tar", ["-xzf", tarball, "-C", staging]);
    const root = join(staging, "package");
    const nodeModules = join(root, "node_modules");
    const placed = new Map();
    for (const name of names) {
      const source = resolvePackageDir(name, packageDir);
      const { version } = JSON.parse(readFileSync(join(source, "package.json"), "utf8"));
      if (version !== patched.get(name) || !source.includes("_patch_hash=")) {
        throw new Error(`bundle-patched: ${name}@${version} at ${source} is not the patched ${name}@${patched.get(name)}; run pnpm install`);
      }
      copyClosure(name, packageDir, nodeModules, placed);
    }
    const manifestPath = join(root, "package.json");
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    manifest.bundleDependencies = [...names].sort();
    writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
    rmSync(tarball);
    execFileSync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", dirname(tarball)], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
