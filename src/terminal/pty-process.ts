// The narrow PTY surface the rest of Elwood sees (prd/internals.md "terminal/"), and
// its one real implementation on node-pty. Tests use test/support/fake-pty.ts instead.

import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";
import * as nodePty from "node-pty";
import { ElwoodError } from "../errors.js";
import type { ElwoodUnsubscribe } from "../events/emitter.js";

export interface PtyExit {
  readonly exitCode: number;
  readonly signal?: number;
}

/**
 * A chunk of the child's output: bytes from node-pty, cut wherever a read ended (even inside
 * a character); text only from PTYs made in this process (tests, the bench's frames).
 */
export type PtyOutput = Uint8Array | string;

export interface PtyProcess {
  readonly pid: number;
  write(data: string | Uint8Array): void;
  resize(cols: number, rows: number): void;
  pause(): void;
  resume(): void;
  kill(signal?: string): void;
  onData(callback: (chunk: PtyOutput) => void): ElwoodUnsubscribe;
  onExit(callback: (exit: PtyExit) => void): ElwoodUnsubscribe;
}

export interface SpawnPtyOptions {
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cols: number;
  readonly rows: number;
  /** The TERM the child sees; xterm-256color unless told otherwise. */
  readonly termName?: string;
}

/** A PTY whose every successful write is reported to one listener, set once it exists. */
export interface ObservedPty {
  readonly pty: PtyProcess;
  onWrite(listener: (data: string | Uint8Array) => void): void;
}

export function observeWrites(pty: PtyProcess): ObservedPty {
  let listener: ((data: string | Uint8Array) => void) | undefined;
  return {
    pty: {
      get pid() {
        return pty.pid;
      },
      write: (data) => {
        pty.write(data);
        listener?.(data);
      },
      resize: (cols, rows) => pty.resize(cols, rows),
      pause: () => pty.pause(),
      resume: () => pty.resume(),
      kill: (signal) => pty.kill(signal),
      onData: (callback) => pty.onData(callback),
      onExit: (callback) => pty.onExit(callback),
    },
    onWrite(next) {
      listener = next;
    },
  };
}

/** Variables that describe the parent's terminal, not the PTY we create (node-pty does the same). */
const INHERITED_TERMINAL_VARIABLES = ["TMUX", "TMUX_PANE", "COLUMNS", "LINES"] as const;

/** Copies `env` without undefined values and without the parent-terminal variables. */
export function cleanPtyEnv(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const clean: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined) clean[key] = value;
  }
  for (const key of INHERITED_TERMINAL_VARIABLES) delete clean[key];
  return clean;
}

/** Spawns `file` in a new PTY; a missing cwd or executable fails here, not as child output. */
export function spawnPty(options: SpawnPtyOptions): PtyProcess {
  const env = cleanPtyEnv(options.env);
  const failure = (message: string, cause: unknown): ElwoodError =>
    new ElwoodError("pty_start_failed", message, {
      cause,
      details: { file: options.file, cwd: options.cwd },
    });
  try {
    assertDirectory(options.cwd);
    assertExecutable(options.file, env.PATH);
  } catch (cause) {
    throw failure(
      `Could not start ${options.file} in a terminal: ${String((cause as Error).message)}. Check that the executable exists and the working directory is readable.`,
      cause,
    );
  }
  try {
    const pty = nodePty.spawn(options.file, [...options.args], {
      name: options.termName ?? "xterm-256color",
      cols: options.cols,
      rows: options.rows,
      cwd: options.cwd,
      env,
      // Bytes, not strings: the parser takes UTF-8 bytes, and text is decoded only for
      // whoever reads it (./output-text.ts). Without an encoding node-pty leaves IUTF8 off
      // the PTY, which only the kernel's canonical-mode line editing reads (erasing a
      // multi-byte character); the agents read their keys in raw mode.
      encoding: null,
    });
    return wrapNodePty(pty);
  } catch (cause) {
    throw failure(`node-pty could not open a terminal for ${options.file}.`, cause);
  }
}

/** How often a paused PTY checks whether its child has exited (node-pty's grace is 200 ms). */
const PAUSED_EXIT_POLL_MS = 40;

function wrapNodePty(pty: nodePty.IPty): PtyProcess {
  let exitWatch: NodeJS.Timeout | undefined;
  const stopWatching = () => {
    clearInterval(exitWatch);
    exitWatch = undefined;
  };
  // node-pty destroys the socket 200 ms after the child exits, dropping output a paused
  // reader has not taken yet; so while paused, resume as soon as the child is gone.
  const pause = () => {
    pty.pause();
    exitWatch ??= setInterval(() => {
      if (isProcessRunning(pty.pid)) return;
      stopWatching();
      pty.resume();
    }, PAUSED_EXIT_POLL_MS);
    exitWatch.unref();
  };
  pty.onExit(stopWatching);
  return {
    pid: pty.pid,
    write: (data) => pty.write(typeof data === "string" ? data : Buffer.from(data)),
    resize: (cols, rows) => pty.resize(cols, rows),
    pause,
    resume: () => {
      stopWatching();
      pty.resume();
    },
    kill: (signal) => pty.kill(signal),
    onData: (callback) => {
      // With no encoding node-pty emits Buffers, though its types say string.
      const subscription = pty.onData(callback);
      return () => subscription.dispose();
    },
    onExit: (callback) => {
      const subscription = pty.onExit(({ exitCode, signal }) =>
        callback(signal ? { exitCode, signal } : { exitCode }),
      );
      return () => subscription.dispose();
    },
  };
}

function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return Reflect.get(error as object, "code") === "EPERM";
  }
}

function assertDirectory(path: string): void {
  if (statSync(path).isDirectory()) return;
  throw Object.assign(new Error(`${path} is not a directory`), {
    code: "ENOTDIR",
    syscall: "chdir",
    path,
  });
}

// node-pty reports a missing executable as child output ("execvp(3) failed"), so look first.
function assertExecutable(file: string, searchPath: string | undefined): void {
  if (file.includes("/")) {
    accessSync(file, constants.X_OK);
    return;
  }
  for (const directory of (searchPath ?? "").split(delimiter)) {
    if (directory === "") continue;
    try {
      accessSync(join(directory, file), constants.X_OK);
      return;
    } catch {
      // Not in this directory; keep searching PATH.
    }
  }
  throw Object.assign(new Error(`${file} was not found on PATH`), {
    code: "ENOENT",
    syscall: "spawn",
    path: file,
  });
}

/** True for the error node-pty raises when the PTY fd is already closed (C-PTY-05). */
export function isClosedPtyError(error: unknown): boolean {
  const text =
    error instanceof Error ? `${error.message} ${String(Reflect.get(error, "code"))}` : "";
  return /EBADF|ENOTTY|EIO|closed/i.test(text);
}
