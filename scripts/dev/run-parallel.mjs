// Runs npm scripts at the same time and fails if any of them fails: `npm test` uses it for
// typecheck, lint, the layer rules and build, which are single-threaded for most of their
// run, so on two cores they take little longer together than the build alone. Each script's output is
// printed in one piece when it ends, so the logs do not interleave.
//
//   node scripts/dev/run-parallel.mjs typecheck lint deps build
import { spawn } from "node:child_process";

const names = process.argv.slice(2);
if (names.length === 0) {
  process.stderr.write("usage: run-parallel.mjs <npm script> [<npm script> …]\n");
  process.exit(2);
}

function run(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn("npm", ["run", name], { stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.once("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.once("close", (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const status = code === 0 ? "ok" : `FAILED (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n> npm run ${name}: ${status} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(names.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
