// The CLI-version compatibility matrix (prd/testing.md "Compatibility matrix"):
//   npm run test:compat -- --claude 2.1.197,pinned --codex 0.171.0,latest [--update-readme]
//                          [--lock /tmp/elwood-heavy.lock]
// installs each version into a cache outside the repo (install.ts), runs the named e2e
// subset (checks.ts) against it through ELWOOD_TEST_CLAUDE_BIN / ELWOOD_TEST_CODEX_BIN,
// prints the version × check table and writes it as markdown (and into the README's
// "Tested CLI versions" block with --update-readme). Exit code 1 when any check fails.
// It drives the real CLIs: on a shared machine pass --lock <file> so each version's run
// takes that flock(1) lock on its own and other heavy jobs can run in between.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CLI_BINARY_VARIABLE, CLI_NAMES, type CliName } from "../../test/support/cli-binaries.js";
import { CHECK_IDS, COMPAT_CHECKS, type CompatCheck } from "./checks.js";
import { cacheRoot, type InstalledCli, installCli } from "./install.js";
import {
  type CheckOutcome,
  renderLegend,
  renderTable,
  type VersionRow,
  withMatrix,
} from "./table.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

interface Request {
  readonly versions: Readonly<Record<CliName, readonly string[]>>;
  readonly updateReadme: boolean;
  readonly lockFile: string | undefined;
}

function parseArguments(argv: readonly string[]): Request {
  const versions = Object.fromEntries(CLI_NAMES.map((name) => [name, []])) as unknown as Record<
    CliName,
    string[]
  >;
  const flags = CLI_NAMES.map((name) => `--${name}`);
  const usage = `${flags.map((flag) => `${flag} <v>[,<v>…]`).join(" ")}`;
  let updateReadme = false;
  let lockFile: string | undefined;
  for (let index = 0; index < argv.length; index++) {
    const flag = argv[index];
    if (flag === "--update-readme") {
      updateReadme = true;
      continue;
    }
    const value = argv[index + 1];
    if (flag === "--lock" && value !== undefined) {
      lockFile = value;
      index++;
      continue;
    }
    if (flag !== undefined && flags.includes(flag) && value !== undefined) {
      versions[flag.slice(2) as CliName].push(...value.split(",").filter(Boolean));
      index++;
      continue;
    }
    throw new Error(
      `unexpected argument "${flag}"; usage: npm run test:compat -- ${usage} [--update-readme] [--lock <file>] (a version may be "pinned" or "latest")`,
    );
  }
  if (CLI_NAMES.every((name) => versions[name].length === 0)) {
    throw new Error(`expected at least one version: ${flags.join(", ")} <v>[,<v>…]`);
  }
  return { versions, updateReadme, lockFile };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

interface AssertionResult {
  readonly fullName: string;
  readonly status: string;
}
interface JsonReport {
  readonly testResults: readonly {
    readonly name: string;
    readonly assertionResults: readonly AssertionResult[];
  }[];
}

function outcomeOf(check: CompatCheck | undefined, report: JsonReport | undefined): CheckOutcome {
  if (check === undefined) return "n/a";
  const file = report?.testResults.find((result) => result.name === join(ROOT, check.file));
  const test = file?.assertionResults.find((result) => result.fullName.includes(check.testName));
  return test?.status === "passed" ? "pass" : "fail";
}

/** Runs the agent's subset against one installed version; the JSON report says what passed. */
function runSubset(
  installed: InstalledCli,
  reportPath: string,
  lockFile: string | undefined,
): JsonReport | undefined {
  const checks = Object.values(COMPAT_CHECKS[installed.cli]);
  const files = [...new Set(checks.map((check) => check.file))];
  const names = [...new Set(checks.map((check) => escapeRegExp(check.testName)))];
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const variable of Object.values(CLI_BINARY_VARIABLE)) delete env[variable];
  if (installed.binary !== undefined) env[CLI_BINARY_VARIABLE[installed.cli]] = installed.binary;
  const vitest = join(ROOT, "node_modules", ".bin", "vitest");
  const args = ["run", "--project", "e2e", ...files, "-t", names.join("|")];
  const reporters = ["--reporter=default", "--reporter=json", `--outputFile.json=${reportPath}`];
  console.log(`\n== ${installed.cli} ${installed.version}: ${checks.length} checks ==`);
  rmSync(reportPath, { force: true });
  const command = [vitest, ...args, ...reporters];
  const [file, ...rest] = lockFile === undefined ? command : ["flock", lockFile, ...command];
  spawnSync(file as string, rest, { cwd: ROOT, env, stdio: "inherit" });
  try {
    return JSON.parse(readFileSync(reportPath, "utf8")) as JsonReport;
  } catch {
    return undefined;
  }
}

function main(): void {
  const request = parseArguments(process.argv.slice(2));
  const outDir = join(cacheRoot(), "runs");
  mkdirSync(outDir, { recursive: true });
  const rows: VersionRow[] = [];
  for (const cli of CLI_NAMES) {
    for (const requested of request.versions[cli]) {
      const installed = installCli(cli, requested);
      const reportPath = join(outDir, `${cli}@${installed.version}.json`);
      const report = runSubset(installed, reportPath, request.lockFile);
      const outcomes = Object.fromEntries(
        CHECK_IDS.map((id) => [id, outcomeOf(COMPAT_CHECKS[cli][id], report)]),
      ) as VersionRow["outcomes"];
      const pinned = installed.isPinned ? " (pinned)" : "";
      rows.push({ label: `${cli} ${installed.version}${pinned}`, outcomes });
    }
  }
  const date = new Date().toISOString().slice(0, 10);
  const table = renderTable(rows);
  const block = `Last run ${date} on Node ${process.versions.node}, ${process.platform}:\n\n${table}\n\n${renderLegend()}`;
  const markdownPath = join(cacheRoot(), "last-run.md");
  writeFileSync(markdownPath, `${block}\n`);
  console.log(`\n${table}\n\n(markdown: ${markdownPath})`);
  if (request.updateReadme) {
    const readmePath = join(ROOT, "README.md");
    writeFileSync(readmePath, withMatrix(readFileSync(readmePath, "utf8"), block));
    console.log('README.md "Tested CLI versions" updated');
  }
  const isAllPass = rows.every((row) => Object.values(row.outcomes).every((o) => o !== "fail"));
  process.exitCode = isAllPass ? 0 : 1;
}

main();
