// The user's interactive login shell, which both the PTY and the probes go through so
// one CLI install and one PATH are used (lifecycle §1.2 "Login shell", C-PTY-02/08).

import { userInfo } from "node:os";
import { ElwoodError } from "../errors.js";

export const FALLBACK_SHELL = "/bin/sh";

export interface ResolveLoginShellOptions {
  /** Reads the passwd entry; os.userInfo unless a test supplies one. */
  readonly readUserShell?: () => string | null | undefined;
}

/** The passwd entry's shell; an inherited `$SHELL` is deliberately ignored. */
export function resolveLoginShell(options: ResolveLoginShellOptions = {}): string {
  const readUserShell = options.readUserShell ?? (() => userInfo().shell);
  try {
    const shell = readUserShell();
    return typeof shell === "string" && shell.startsWith("/") ? shell : FALLBACK_SHELL;
  } catch {
    // No passwd entry for this uid (common in containers): use the POSIX shell.
    return FALLBACK_SHELL;
  }
}

/** Single-quotes `arg` for any POSIX shell; embedded quotes become '\''. */
export function shellQuote(arg: string): string {
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

export interface LoginShellCommandOptions {
  readonly shell: string;
  readonly argv: readonly string[];
}

export interface ShellCommand {
  readonly file: string;
  readonly args: readonly string[];
}

/** `shell -l -i -c "exec 'a' 'b' …"`: the login environment, then the shell replaced by argv. */
export function loginShellCommand(options: LoginShellCommandOptions): ShellCommand {
  if (options.argv.length === 0 || options.argv[0] === "") {
    throw new ElwoodError(
      "invalid_options",
      "loginShellCommand needs a program to run; argv was empty.",
    );
  }
  const command = `exec ${options.argv.map(shellQuote).join(" ")}`;
  return { file: options.shell, args: ["-l", "-i", "-c", command] };
}
