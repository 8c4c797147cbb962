// The login shell comes from the passwd entry, never $SHELL (C-PTY-02/08), and the
// command line it runs quotes every argument.

import { describe, expect, it } from "vitest";
import { ElwoodError } from "../../../src/errors.js";
import {
  FALLBACK_SHELL,
  loginShellCommand,
  resolveLoginShell,
  shellQuote,
} from "../../../src/shell/login-shell.js";

describe("resolveLoginShell", () => {
  it("C-PTY-08: uses the passwd entry's shell and ignores an inherited $SHELL", () => {
    const previous = process.env.SHELL;
    process.env.SHELL = "/usr/bin/not-the-login-shell";
    try {
      expect(resolveLoginShell({ readUserShell: () => "/bin/zsh" })).toBe("/bin/zsh");
    } finally {
      if (previous === undefined) delete process.env.SHELL;
      else process.env.SHELL = previous;
    }
  });

  it("falls back to /bin/sh when the entry has no shell or cannot be read", () => {
    expect(FALLBACK_SHELL).toBe("/bin/sh");
    expect(resolveLoginShell({ readUserShell: () => null })).toBe("/bin/sh");
    expect(resolveLoginShell({ readUserShell: () => "" })).toBe("/bin/sh");
    expect(
      resolveLoginShell({
        readUserShell: () => {
          throw new Error("no passwd entry");
        },
      }),
    ).toBe("/bin/sh");
  });
});

describe("shellQuote", () => {
  it("single-quotes and escapes embedded single quotes", () => {
    expect(shellQuote("plain")).toBe("'plain'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote("")).toBe("''");
    expect(shellQuote('$HOME `x` "q"')).toBe("'$HOME `x` \"q\"'");
  });
});

describe("loginShellCommand", () => {
  it("C-PTY-02: runs argv with exec inside an interactive login shell", () => {
    expect(loginShellCommand({ shell: "/bin/bash", argv: ["claude", "--flag", "a b"] })).toEqual({
      file: "/bin/bash",
      args: ["-l", "-i", "-c", "exec 'claude' '--flag' 'a b'"],
    });
  });

  it("rejects an empty argv with invalid_options", () => {
    expect(() => loginShellCommand({ shell: "/bin/sh", argv: [] })).toThrow(ElwoodError);
  });
});
