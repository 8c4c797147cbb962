// shellQuote and loginShellCommand survive a real POSIX shell byte for byte.

import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import {
  loginShellCommand,
  resolveLoginShell,
  shellQuote,
} from "../../../src/shell/login-shell.js";

const hostile = [
  "plain",
  "with space",
  "it's",
  "$HOME",
  "`id`",
  '"dq"',
  "a\nb",
  "*",
  "",
  "-n",
  "é ✓",
];

describe("shell quoting", () => {
  it("round-trips arbitrary arguments through sh -c", () => {
    const script = `printf '%s\\0' ${hostile.map(shellQuote).join(" ")}`;
    const output = execFileSync("/bin/sh", ["-c", script], { encoding: "utf8" });
    expect(output.split("\0").slice(0, -1)).toEqual(hostile);
  });

  it("C-PTY-08: loginShellCommand execs the exact argv in the real login shell", () => {
    const command = loginShellCommand({
      shell: resolveLoginShell(),
      argv: [
        process.execPath,
        "-e",
        "process.stdout.write(JSON.stringify(process.argv.slice(1)))",
        ...hostile,
      ],
    });
    const output = execFileSync(command.file, [...command.args], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    expect(JSON.parse(output.slice(output.indexOf("[")))).toEqual(hostile);
  });
});
