// Byte-level input rules against real children: a hostile bracketed paste arrives as
// exactly one sanitized paste (C-API-40), and resize reaches the child (C-PTY-05).

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ElwoodError } from "../../../src/errors.js";
import {
  bracketedPaste,
  PASTE_END,
  PASTE_START,
  sanitizePastedText,
} from "../../../src/terminal/input.js";
import { spawnPty } from "../../../src/terminal/pty-process.js";
import { fixturePath, PtyHarness, waitForScreen } from "./pty-harness.js";

const harness = new PtyHarness();
afterEach(() => harness.cleanup());

describe("bracketed paste through a real PTY", () => {
  it("C-API-40: a paste with ESC sequences and paste markers arrives sanitized as exactly one paste", async () => {
    const recordPath = join(harness.tempDir("elwood-paste-"), "received.json");
    const { terminal, exited } = harness.start({
      file: process.execPath,
      args: [fixturePath("paste-recorder.mjs"), recordPath],
    });
    expect(await waitForScreen(terminal, "READY")).toContain("READY");
    const hostile = `line one\x1b[201~\x1b[2J\x1b]0;owned\x07\r\nline two\x1b[200~\ttabbed\x9b31m ✓ é\x00`;
    terminal.sendInput(bracketedPaste(hostile));
    terminal.sendInput("\x04");
    expect((await exited).exitCode).toBe(0);
    const received: string = JSON.parse(readFileSync(recordPath, "utf8"));
    expect(received).toBe(`${PASTE_START}${sanitizePastedText(hostile)}${PASTE_END}`);
    expect(received.split(PASTE_START)).toHaveLength(2);
    expect(received.split(PASTE_END)).toHaveLength(2);
    expect(received.slice(PASTE_START.length, -PASTE_END.length)).not.toContain("\x1b");
  });
});

describe("resize through a real PTY", () => {
  it("C-PTY-05: resize reaches the child as SIGWINCH with the new size", async () => {
    const { terminal } = harness.start({
      file: process.execPath,
      args: [fixturePath("winch-reporter.mjs")],
    });
    expect(await waitForScreen(terminal, "SIZE 80x24")).toContain("SIZE 80x24");
    terminal.resize({ cols: 120, rows: 40 });
    expect(await waitForScreen(terminal, "SIZE 120x40")).toContain("SIZE 120x40");
    expect(terminal.xterm.cols).toBe(120);
  });

  it("C-PTY-05: resizing after the child exited is silently ignored", async () => {
    const { terminal, exited } = harness.start({
      file: process.execPath,
      args: ["-e", "process.stdout.write('bye')"],
    });
    await exited;
    expect(() => terminal.resize({ cols: 100, rows: 30 })).not.toThrow();
    expect(terminal.size).toEqual({ cols: 100, rows: 30 });
  });
});

describe("spawnPty failures", () => {
  it("C-ERR-05: a missing executable or cwd is pty_start_failed with errno, syscall and path", () => {
    const attempts = [
      { file: "/nonexistent/elwood-cli", cwd: process.cwd() },
      { file: process.execPath, cwd: "/nonexistent-elwood-dir" },
    ];
    for (const attempt of attempts) {
      try {
        spawnPty({ ...attempt, args: [], env: process.env, cols: 80, rows: 24 });
        expect.unreachable();
      } catch (error) {
        expect(ElwoodError.is(error, "pty_start_failed")).toBe(true);
        const details = (error as ElwoodError).details;
        expect(details.errno).toBe("ENOENT");
        expect(typeof details.syscall).toBe("string");
        expect(details.path).toBeDefined();
      }
    }
  });
});
