// The parse worker starts from a string and loads @xterm/headless by a path the parent
// resolves, so it must work the same from the sources and from the ESM and CJS bundles
// the package ships (tsup bundles each entry with esbuild; this bundles the terminal the
// same way). Each bundle parses output in a worker in a fresh Node process.

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../../../..");
let directory: string;

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), "elwood-bundled-terminal-"));
  // The bundles resolve their external dependencies the way an installed package does.
  mkdirSync(join(directory, "node_modules", "@xterm"), { recursive: true });
  symlinkSync(
    join(root, "node_modules", "@xterm", "headless"),
    join(directory, "node_modules", "@xterm", "headless"),
  );
  symlinkSync(join(root, "node_modules", "node-pty"), join(directory, "node_modules", "node-pty"));
});

afterAll(() => {
  if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
});

const PTY_STUB = `{ pid: 0, write() {}, resize() {}, pause() {}, resume() {}, kill() {},
  onData: () => () => {}, onExit: () => () => {} }`;

describe("worker parsing from the shipped bundle formats", () => {
  it.each([
    ["esm", "terminal.mjs", `import { ElwoodTerminal } from "./terminal.mjs";`],
    ["cjs", "terminal.cjs", `const { ElwoodTerminal } = require("./terminal.cjs");`],
  ] as const)("parses in a worker from the %s bundle", async (format, file, load) => {
    await build({
      entryPoints: [join(root, "src/terminal/terminal.ts")],
      outfile: join(directory, file),
      bundle: true,
      format,
      platform: "node",
      target: "node20",
      external: ["node-pty", "@xterm/headless"],
      logLevel: "silent",
    });
    const script = join(directory, `run-${format}.${format === "esm" ? "mjs" : "cjs"}`);
    writeFileSync(
      script,
      `${load}
const terminal = new ElwoodTerminal({ pty: ${PTY_STUB}, parser: "worker" });
terminal.writeOutput("bundled ${format}");
terminal.settled().then(() => {
  console.log(terminal.snapshot().lines[0], terminal.renderFailed);
  terminal.dispose();
});`,
    );
    // From another cwd: the worker must not resolve @xterm/headless from there.
    const output = execFileSync(process.execPath, [script], {
      cwd: tmpdir(),
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(output.trim()).toBe(`bundled ${format} false`);
  });
});
