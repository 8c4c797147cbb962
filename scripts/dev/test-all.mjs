// `npm test`: the JavaScript build, then the whole vitest suite. Beside the suite, at the
// lowest CPU priority: the static checks (typecheck, lint, the layer rules, prd/conformance.md
// against the IDs the tests cite), the package's declarations (`build:types`), and the
// integration files that only burn CPU (vitest's `integration-background` project, in a
// second vitest). The suite needs the JavaScript (e2e runs the built `elwood`, the package
// tests pack dist/), so that build goes first and alone; nothing else needs what runs
// beside it except the packed-package test, which waits for the declarations. On two
// cores the suite keeps both busy in its unit and integration group but leaves idle CPU in
// its e2e group, which waits on CLIs and model servers; at the lowest priority (below) the
// work beside it takes little from the tests or the agents when they want the CPU (issue
// 22, prd/testing.md).
// Each background job's output is printed in one piece after the suite; any failure fails
// the run.
//
//   node scripts/dev/test-all.mjs [vitest arguments…]
//
// With vitest arguments (a file, a project, a filter) only the build and that vitest run.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const CHECKS = ["typecheck", "lint", "deps", "conformance"];
/**
 * How a background job starts: in a session of its own whose autogroup runs at nice 19,
 * and at nice 19 itself. Nice alone is not enough where the kernel groups CPU time by
 * session (autogroup, on by default): a nice-19 job in this session took about 80 % of
 * two cores from two busy processes in sessions at autogroup nice 10, which is where
 * Elwood runs the agents (C-PTY-09); in its own nice-19 autogroup it took about 12 %.
 * Where there is no autogroup the write fails quietly and nice does the work.
 */
const LOWEST_PRIORITY = [
  "sh",
  "-c",
  'echo 19 > /proc/self/autogroup 2>/dev/null; exec nice -n 19 "$@"',
  "lowest-priority",
];
/** Background jobs are session leaders: on an interrupt, their whole process groups go. */
const backgroundGroups = new Set();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    for (const pid of backgroundGroups) {
      try {
        process.kill(-pid, "SIGTERM");
      } catch {
        // Already gone.
      }
    }
    process.exit(signal === "SIGINT" ? 130 : 143);
  });
}
const BACKGROUND_PROJECT = "integration-background";
const EVERY_OTHER_PROJECT = `!${BACKGROUND_PROJECT}`;

/** Runs a command; resolves with its exit status, and its output if `capture`. */
function run(command, args, { capture, env = process.env, lowestPriority = false }) {
  const argv = lowestPriority ? [...LOWEST_PRIORITY, command, ...args] : [command, ...args];
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(argv[0], argv.slice(1), {
      env,
      stdio: ["ignore", capture ? "pipe" : "inherit", capture ? "pipe" : "inherit"],
      detached: lowestPriority,
    });
    if (lowestPriority && child.pid !== undefined) backgroundGroups.add(child.pid);
    const output = [];
    if (capture) {
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
    }
    child.once("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.once("close", (code, signal) => {
      backgroundGroups.delete(child.pid);
      resolve({
        isOk: code === 0,
        status: code === 0 ? "ok" : `FAILED (${signal ?? `exit ${code}`})`,
        seconds: ((Date.now() - started) / 1000).toFixed(1),
        output: Buffer.concat(output),
      });
    });
  });
}

const build = await run("npm", ["run", "build:js"], { capture: true });
process.stdout.write(`\n> npm run build:js: ${build.status} in ${build.seconds} s\n`);
if (!build.isOk) {
  process.stdout.write(build.output);
  process.exit(1);
}

const vitestArguments = process.argv.slice(2);
const scratch = mkdtempSync(join(tmpdir(), "elwood-test-all-"));
const declarationsDone = join(scratch, "declarations-done");
// The tests read both: the packed-package test waits for the declarations; every tier runs
// the `elwood` just built instead of compiling it from source at each start (test/support/
// serve-process.ts), as e2e always does.
const testEnv = {
  ...process.env,
  ELWOOD_TEST_DECLARATIONS_DONE: declarationsDone,
  ELWOOD_TEST_BUILT_CLI: "1",
};

const background = [
  run("npm", ["run", "build:types"], { capture: true, lowestPriority: true }).then((result) => {
    writeFileSync(declarationsDone, result.isOk ? "ok" : "failed");
    return { label: "npm run build:types", ...result };
  }),
  ...CHECKS.map((name) =>
    run("npm", ["run", name], { capture: true, lowestPriority: true }).then((result) => ({
      label: `npm run ${name}`,
      ...result,
    })),
  ),
];
const isWholeSuite = vitestArguments.length === 0;
if (isWholeSuite) {
  background.push(
    run("npx", ["vitest", "run", "--project", BACKGROUND_PROJECT], {
      capture: true,
      env: testEnv,
      lowestPriority: true,
    }).then((result) => ({ label: `vitest --project ${BACKGROUND_PROJECT}`, ...result })),
  );
}
// The whole suite is every project: the background one in the second vitest above.
const suiteArguments = isWholeSuite ? ["--project", EVERY_OTHER_PROJECT] : vitestArguments;
const suite = await run("npx", ["vitest", "run", ...suiteArguments], {
  capture: false,
  env: testEnv,
});

let isOk = suite.isOk;
for (const job of await Promise.all(background)) {
  process.stdout.write(
    `\n> ${job.label} (beside the suite, nice 19): ${job.status} in ${job.seconds} s\n`,
  );
  process.stdout.write(job.output);
  isOk &&= job.isOk;
}
rmSync(scratch, { recursive: true, force: true });
process.stdout.write(`\n> vitest: ${suite.status} in ${suite.seconds} s\n`);
process.exit(isOk ? 0 : 1);
