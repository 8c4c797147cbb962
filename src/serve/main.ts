// Bin hook for `elwood serve` until the `elwood` dispatcher carries it: runs the command
// with process stdio and exits with its code.
import { ElwoodError } from "../errors.js";
import { runServe } from "./command.js";

runServe(process.argv.slice(2), {
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const name = error instanceof ElwoodError ? `${error.name}: ` : "";
    process.stderr.write(`elwood serve: ${name}${(error as Error).message ?? String(error)}\n`);
    process.exit(1);
  },
);
