import { parseArgs } from "node:util";
import { ContractsError } from "./errors.js";
import { checkContracts } from "./freeze/check-contracts.js";
import { releaseContract } from "./freeze/release-contract.js";
import { contractsLayout, findRepoRoot } from "./repo-paths.js";

const USAGE = `Usage: websift-contracts <command> [--root DIR]

Commands:
  check              Verify every contract: draft 2020-12, descriptions, strict compile,
                     released versions unchanged, MINOR/PATCH bumps additive, generated types fresh.
  generate [--write] Regenerate TypeScript types and the schema module (default --write).
  release <name>     Freeze the current version of contracts/<name>.schema.json.

Options:
  --root DIR         Repository root (default: found by walking up from the current directory).
  -h, --help         Show this help.
`;

export async function runCli(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { root: { type: "string" }, write: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    process.stderr.write(`websift-contracts: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [command, ...rest] = parsed.positionals;
  if (parsed.values.help || !command) {
    process.stdout.write(USAGE);
    return parsed.values.help ? 0 : 2;
  }
  try {
    const layout = contractsLayout(findRepoRoot(parsed.values.root ?? process.cwd()));
    switch (command) {
      case "check": {
        const problems = await checkContracts(layout);
        for (const problem of problems) process.stderr.write(`${problem.file}: ${problem.message}\n`);
        if (problems.length > 0) {
          process.stderr.write(`contracts check failed: ${problems.length} problem${problems.length === 1 ? "" : "s"}.\n`);
          return 1;
        }
        process.stdout.write("contracts check passed.\n");
        return 0;
      }
      case "generate": {
        const { writeGeneratedSources } = await import("./generate/write-generated.js");
        const changed = await writeGeneratedSources(layout);
        process.stdout.write(changed.length > 0 ? `regenerated ${changed.join(", ")}\n` : "generated files are up to date.\n");
        return 0;
      }
      case "release": {
        const name = rest[0];
        if (!name) throw new ContractsError("invalid_request", "release needs a contract name, e.g. `websift-contracts release fetch`.");
        const result = await releaseContract(layout, name);
        process.stdout.write(
          result.status === "released" ? `released ${result.name} ${result.version} -> contracts/${result.file}\n` : `${result.name} ${result.version} was already released.\n`,
        );
        return 0;
      }
      default:
        process.stderr.write(`websift-contracts: unknown command "${command}".\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof ContractsError) {
      process.stderr.write(`websift-contracts: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}
