// `npm test`: the build, then the whole vitest suite, with the static checks (typecheck,
// lint, the layer rules, prd/conformance.md against the IDs the tests cite) running beside
// the suite at the lowest CPU priority instead of before it. The suite needs the build (e2e runs the built `elwood`, the package tests
// pack dist/), so the build goes first and alone; the checks need nothing and nothing
// needs them, and on two cores they used to hold the suite back by about 15 s while the
// suite, which waits on CLIs and model servers for much of its run, leaves idle CPU they
// can use (issue 22). At nice 19 they take almost no CPU from the tests when both want it.
// Each check's output is printed in one piece after the suite; any failure fails the run.
//
//   node scripts/dev/test-all.mjs [vitest arguments…]
import { spawn } from "node:child_process";

const CHECKS = ["typecheck", "lint", "deps", "conformance"];
const LOWEST_PRIORITY = ["nice", "-n", "19"];

/** Runs a command; resolves with its exit status, and its output if `capture`. */
function run(command, args, { capture }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, {
      stdio: ["ignore", capture ? "pipe" : "inherit", capture ? "pipe" : "inherit"],
    });
    const output = [];
    if (capture) {
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
    }
    child.once("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.once("close", (code, signal) =>
      resolve({
        isOk: code === 0,
        status: code === 0 ? "ok" : `FAILED (${signal ?? `exit ${code}`})`,
        seconds: ((Date.now() - started) / 1000).toFixed(1),
        output: Buffer.concat(output),
      }),
    );
  });
}

const build = await run("npm", ["run", "build"], { capture: true });
process.stdout.write(`\n> npm run build: ${build.status} in ${build.seconds} s\n`);
if (!build.isOk) {
  process.stdout.write(build.output);
  process.exit(1);
}

const checks = CHECKS.map((name) =>
  run(LOWEST_PRIORITY[0], [...LOWEST_PRIORITY.slice(1), "npm", "run", name], {
    capture: true,
  }).then((result) => ({ name, ...result })),
);
const suite = await run("npx", ["vitest", "run", ...process.argv.slice(2)], { capture: false });

let isOk = suite.isOk;
for (const check of await Promise.all(checks)) {
  process.stdout.write(
    `\n> npm run ${check.name} (beside the suite, nice 19): ${check.status} in ${check.seconds} s\n`,
  );
  process.stdout.write(check.output);
  isOk &&= check.isOk;
}
process.stdout.write(`\n> vitest: ${suite.status} in ${suite.seconds} s\n`);
process.exit(isOk ? 0 : 1);
