// `--head` (spec §5.7): the agent's raw terminal bytes mirrored verbatim to a TTY stderr so
// a person can watch the run. It is a view, not a second keyboard: keystrokes are swallowed
// (Ctrl-C still interrupts), the agent's PTY follows the viewer's size, and a terminal that
// stops draining fails the run rather than buffering without bound.
import { writeSync } from "node:fs";
import type { Readable, Writable } from "node:stream";
import type { ElwoodTerminalSize, ElwoodUnsubscribe } from "../../index.js";
import type { InterruptSource } from "./signals.js";

/** Display work allowed in flight before the run fails (bytes, or writes not yet drained). */
export const HEAD_BACKLOG_LIMIT = { bytes: 4 * 1024 * 1024, frames: 1_024 } as const;

// Whatever modes the agent's TUI switched on, the user's terminal gets its defaults back:
// main screen, visible cursor, plain attributes, no bracketed paste, mouse or focus
// reporting, normal cursor keys, and the kitty keyboard stack popped.
export const HEAD_RESTORE_SEQUENCE =
  "\x1b[?1049l\x1b[?25h\x1b[0m\x1b[?2004l\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l" +
  "\x1b[?1004l\x1b[?1l\x1b>\x1b[<u\r\n";

const CTRL_C = 0x03;

export interface HeadStdin extends Readable {
  readonly isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

export interface HeadStderr extends Writable {
  readonly isTTY?: boolean;
  readonly columns?: number;
  readonly rows?: number;
  /** The file descriptor, for the synchronous restore when the process exits abruptly. */
  readonly fd?: number;
}

/** What the mirror needs from a session. */
export interface MirroredSession {
  on(event: "terminal:data", handler: (data: string) => void): ElwoodUnsubscribe;
  resize(size: ElwoodTerminalSize): Promise<void>;
}

export class HeadMirror implements InterruptSource {
  readonly #stdin: HeadStdin;
  readonly #stderr: HeadStderr;
  readonly #interruptHandlers = new Set<() => void>();
  readonly #cleanups: (() => void)[] = [];
  #pendingBytes = 0;
  #pendingFrames = 0;
  #overflowed = false;
  #onOverflow: (message: string) => void = () => undefined;
  #restored = false;

  constructor(stdin: HeadStdin, stderr: HeadStderr) {
    this.#stdin = stdin;
    this.#stderr = stderr;
    stdin.setRawMode?.(true);
    const onInput = (chunk: Buffer | string) => {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      // Raw mode turns Ctrl-C into a byte; it keeps meaning "interrupt". Anything else typed
      // is dropped: the agent is driven by Elwood, not by this keyboard.
      if (bytes.includes(CTRL_C)) for (const handler of [...this.#interruptHandlers]) handler();
    };
    stdin.on("data", onInput);
    stdin.resume();
    const onExit = () => this.#restoreSync();
    process.once("exit", onExit);
    this.#cleanups.push(() => {
      stdin.off("data", onInput);
      stdin.pause();
      process.off("exit", onExit);
    });
  }

  /** The viewer's terminal size, which the agent's PTY starts with. */
  size(): ElwoodTerminalSize | undefined {
    const { columns, rows } = this.#stderr;
    return columns !== undefined && rows !== undefined && columns > 0 && rows > 0
      ? { cols: columns, rows }
      : undefined;
  }

  onInterrupt(handler: () => void): () => void {
    this.#interruptHandlers.add(handler);
    return () => {
      this.#interruptHandlers.delete(handler);
    };
  }

  /** Starts mirroring; `onOverflow` is called once if the viewer stops draining. */
  attach(session: MirroredSession, onOverflow: (message: string) => void): void {
    this.#onOverflow = onOverflow;
    this.#cleanups.push(session.on("terminal:data", (data) => this.#write(data)));
    const onResize = () => {
      const size = this.size();
      if (size !== undefined) void session.resize(size).catch(() => undefined);
    };
    this.#stderr.on("resize", onResize);
    this.#cleanups.push(() => this.#stderr.off("resize", onResize));
  }

  /** Stops mirroring and hands the terminal back in its default modes. Idempotent. */
  restore(): void {
    if (this.#restored) return;
    this.#restored = true;
    for (const cleanup of this.#cleanups.splice(0)) cleanup();
    this.#stderr.write(HEAD_RESTORE_SEQUENCE);
    this.#stdin.setRawMode?.(false);
  }

  #restoreSync(): void {
    if (this.#restored) return;
    this.#restored = true;
    if (this.#stderr.fd !== undefined) {
      try {
        writeSync(this.#stderr.fd, HEAD_RESTORE_SEQUENCE);
      } catch {
        // The terminal is gone; there is nothing left to restore.
      }
    }
    this.#stdin.setRawMode?.(false);
  }

  #write(data: string): void {
    if (this.#overflowed || this.#restored) return;
    const bytes = Buffer.byteLength(data);
    this.#pendingBytes += bytes;
    this.#pendingFrames += 1;
    if (
      this.#pendingBytes > HEAD_BACKLOG_LIMIT.bytes ||
      this.#pendingFrames > HEAD_BACKLOG_LIMIT.frames
    ) {
      this.#overflowed = true;
      this.#onOverflow(
        `The terminal showing --head fell behind by more than ${this.#pendingFrames - 1} writes or ${this.#pendingBytes - bytes} bytes; the run was stopped. Run without --head, or watch on a faster terminal.`,
      );
      return;
    }
    this.#stderr.write(data, () => {
      this.#pendingBytes -= bytes;
      this.#pendingFrames -= 1;
    });
  }
}

/** Interrupts from either source: the process's SIGINT and the mirror's Ctrl-C byte. */
export function eitherInterrupt(a: InterruptSource, b: InterruptSource): InterruptSource {
  return {
    onInterrupt(handler) {
      const offA = a.onInterrupt(handler);
      const offB = b.onInterrupt(handler);
      return () => {
        offA();
        offB();
      };
    },
  };
}
