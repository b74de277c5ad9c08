// The stock baseline must be the published @mozilla/readability, not our patched copy: pnpm applies
// patches/@mozilla__readability@*.patch to every install of that version (aliases included), so this
// rebuilds the published files by reversing our patch on a copy of the installed package. `git apply -R`
// refuses unless the patch reverses exactly, so a drifted patch fails loudly instead of measuring a hybrid.
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Loads the unpatched Readability class. The temporary copy is gone when this returns (require reads it at once). */
export function loadStockReadability() {
  const installed = dirname(require.resolve('@mozilla/readability/package.json'));
  const { version } = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  const patch = join(repoRoot, 'patches', `@mozilla__readability@${version}.patch`);
  const patched = readFileSync(join(repoRoot, 'pnpm-workspace.yaml'), 'utf8').includes(`'@mozilla/readability@${version}'`);
  if (patched && !existsSync(patch)) throw new Error(`pnpm-workspace.yaml patches @mozilla/readability@${version} but ${patch} is missing`);
  const copy = mkdtempSync(join(tmpdir(), `stock-readability-${version}-`));
  try {
    cpSync(installed, copy, { recursive: true, dereference: true });
    // A temp dir inside a git work tree would make `git apply` patch that repository's paths (and do nothing
    // here); the ceiling keeps it a plain patch tool for this directory.
    const env = { ...process.env, GIT_CEILING_DIRECTORIES: dirname(copy) };
    if (patched) execFileSync('git', ['apply', '-R', patch], { cwd: copy, env, stdio: ['ignore', 'ignore', 'inherit'] });
    for (const file of readdirSync(copy).filter((name) => name.endsWith('.js'))) {
      if (readFileSync(join(copy, file), 'utf8').includes('websift patch')) throw new Error(`stock Readability copy still carries our patch in ${file}`);
    }
    const { Readability } = createRequire(join(copy, 'package.json'))('./index.js');
    return { Readability, version };
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
