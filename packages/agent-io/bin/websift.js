#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ so start-up skips a TypeScript loader.
import { runCli } from "../dist/cli.js";

process.exitCode = await runCli(process.argv.slice(2));
