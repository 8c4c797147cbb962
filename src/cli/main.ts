#!/usr/bin/env node
// The `elwood` executable: run the command line, then exit with its status once
// stdout has drained (a finished run must not wait on stray handles).
import { processIo } from "./io/cli-io.js";
import { main } from "./program.js";

void main(process.argv.slice(2), processIo()).then((code) => {
  process.exitCode = code;
  process.stdout.write("", () => process.exit(code));
});
