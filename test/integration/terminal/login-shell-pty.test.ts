// A fixture started through the real interactive login shell in a PTY shows its output
// in snapshot(), with the environment the shell's start-up files produced (C-PTY-01/02/08).

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loginShellCommand, resolveLoginShell } from "../../../src/shell/login-shell.js";
import { fixturePath, PtyHarness, waitForScreen } from "./pty-harness.js";

const harness = new PtyHarness();
afterEach(() => harness.cleanup());

describe("login shell in a PTY", () => {
  it("C-PTY-02: runs the program with the environment the login shell's start-up files export", async () => {
    const home = harness.tempDir("elwood-login-home-");
    const exportLine = "export ELWOOD_LOGIN_MARKER=from-login-shell\n";
    for (const file of [".profile", ".bash_profile", ".bashrc", ".zprofile", ".zshrc"]) {
      writeFileSync(join(home, file), exportLine);
    }
    const command = loginShellCommand({
      shell: resolveLoginShell(),
      argv: [process.execPath, fixturePath("print-login-marker.mjs")],
    });
    const { terminal, exited } = harness.start({
      ...command,
      env: { ...process.env, HOME: home, ZDOTDIR: home, ELWOOD_LOGIN_MARKER: undefined },
    });
    const screen = await waitForScreen(terminal, "MARKER=");
    expect(screen).toContain("MARKER=from-login-shell");
    expect((await exited).exitCode).toBe(0);
  });

  it("C-PTY-01: the program sees a real terminal of the requested size", async () => {
    const { terminal } = harness.start({
      file: process.execPath,
      args: [fixturePath("winch-reporter.mjs")],
      size: { cols: 91, rows: 17 },
    });
    expect(await waitForScreen(terminal, "SIZE ")).toContain("SIZE 91x17");
  });
});
