// Where the Chromium binary is: WEBSIFT_CHROMIUM_PATH when the operator set it (and then only there: a
// path pointing at nothing is a missing browser, not a hint to look elsewhere), else the first of the usual
// Debian/Ubuntu names on PATH. No browser is ever downloaded.
import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";

const NAMES_ON_PATH = ["chromium", "chromium-browser", "google-chrome-stable", "google-chrome"];

export type ChromiumLocation = { found: true; path: string } | { found: false; detail: string };

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const INSTALL_HINT = "install one (apt-get install chromium) or set WEBSIFT_CHROMIUM_PATH to its executable";

export function locateChromium(env: NodeJS.ProcessEnv = process.env): ChromiumLocation {
  const configured = env["WEBSIFT_CHROMIUM_PATH"];
  if (configured !== undefined && configured.trim() !== "") {
    return isExecutableFile(configured)
      ? { found: true, path: configured }
      : { found: false, detail: `no Chromium executable at WEBSIFT_CHROMIUM_PATH (${configured}); ${INSTALL_HINT}` };
  }
  for (const directory of (env["PATH"] ?? "").split(path.delimiter)) {
    if (directory === "") continue;
    for (const name of NAMES_ON_PATH) {
      const candidate = path.join(directory, name);
      if (isExecutableFile(candidate)) return { found: true, path: candidate };
    }
  }
  return { found: false, detail: `no Chromium found on PATH (looked for ${NAMES_ON_PATH.join(", ")}); ${INSTALL_HINT}` };
}
