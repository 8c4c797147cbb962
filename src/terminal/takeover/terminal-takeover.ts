// A person's terminal handed to a live agent screen (issue 25, prd/cli.md "elwood attach"):
// raw mode on, the screen's output (its replay first) written out, keys forwarded until
// the detach key, window-size changes forwarded, and on every ending the terminal given
// back in its default modes. The screen is anything that has output, takes keys and
// resizes: a session (`session.attach()`) or the server's terminal socket (`elwood attach`).
import { writeSync } from "node:fs";
import type { Readable, Writable } from "node:stream";
import { ElwoodError } from "../../errors.js";
import type { ElwoodTerminalSize } from "../size.js";
import { type DetachKey, findDetachKey } from "./detach-key.js";

// Whatever modes the agent's TUI switched on, the terminal gets its defaults back: main
// screen, visible cursor, plain attributes, no bracketed paste, mouse or focus reporting,
// normal cursor keys, and the kitty keyboard stack popped.
export const TERMINAL_RESTORE_SEQUENCE =
  "\x1b[?1049l\x1b[?25h\x1b[0m\x1b[?2004l\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l" +
  "\x1b[?1004l\x1b[?1l\x1b>\x1b[<u\r\n";

/** Output not yet taken by the terminal past which the takeover ends instead of buffering. */
export const TAKEOVER_BACKLOG_BYTES = 8 * 1024 * 1024;

export interface TakeoverInput extends Readable {
  readonly isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

export interface TakeoverOutput extends Writable {
  readonly isTTY?: boolean;
  readonly columns?: number;
  readonly rows?: number;
  /** The file descriptor, for the synchronous restore when the process exits abruptly. */
  readonly fd?: number;
}

/** How a takeover ended. */
export type ElwoodAttachEnd =
  /** The person pressed the detach key (`byKey`), or the owner called `detach()`. */
  | { readonly reason: "detached"; readonly byKey: boolean }
  /** The session ended (its agent exited, or it was stopped) while attached. */
  | { readonly reason: "ended"; readonly message: string }
  /** Keys could not be delivered, the terminal fell behind, or the connection broke. */
  | { readonly reason: "failed"; readonly error: Error };

/** The live screen a terminal is handed to. */
export interface TakeoverScreen {
  /** Raw output, the replay first; returns the unsubscribe. */
  onOutput(listener: (chunk: string | Uint8Array) => void): () => void;
  sendKeys(keys: Uint8Array): Promise<void> | void;
  resize(size: ElwoodTerminalSize): Promise<void> | void;
}

export interface TakeoverOptions {
  readonly input: TakeoverInput;
  readonly output: TakeoverOutput;
  readonly screen: TakeoverScreen;
  readonly detachKey: DetachKey;
  /** Watch only: keys other than the detach key are dropped and the size is left alone. */
  readonly readOnly: boolean;
}

/** The terminal's size when it reports one. */
export function terminalSizeOf(output: TakeoverOutput): ElwoodTerminalSize | undefined {
  const { columns, rows } = output;
  return columns !== undefined && rows !== undefined && columns > 0 && rows > 0
    ? { cols: columns, rows }
    : undefined;
}

export class TerminalTakeover {
  /** Settles once, with how the takeover ended; never rejects. */
  readonly ended: Promise<ElwoodAttachEnd>;
  readonly #options: TakeoverOptions;
  readonly #cleanups: (() => void)[] = [];
  #settle: (end: ElwoodAttachEnd) => void = () => undefined;
  #end: ElwoodAttachEnd | undefined;
  #pendingBytes = 0;

  /** Takes the terminal at once: size first, then raw mode, then the screen's output. */
  constructor(options: TakeoverOptions) {
    this.#options = options;
    this.ended = new Promise((resolve) => {
      this.#settle = resolve;
    });
    const { input, output, screen, readOnly } = options;
    if (!readOnly) {
      // The PTY takes this terminal's size before the replay is drawn, so the agent
      // repaints at the size it will be seen at (a read-only viewer changes nothing).
      this.#resizeToTerminal();
      const onResize = () => this.#resizeToTerminal();
      output.on("resize", onResize);
      this.#cleanups.push(() => output.off("resize", onResize));
    }
    input.setRawMode?.(true);
    const onKeys = (chunk: Buffer | string) => this.#onKeys(chunk);
    const onInputEnd = () => this.end({ reason: "detached", byKey: false });
    const onOutputError = (error: unknown) =>
      this.#fail("The terminal stopped taking output.", error);
    input.on("data", onKeys);
    input.once("end", onInputEnd);
    output.on("error", onOutputError);
    input.resume();
    const onExit = () => this.#restoreSync();
    process.once("exit", onExit);
    this.#cleanups.push(() => {
      input.off("data", onKeys);
      input.off("end", onInputEnd);
      output.off("error", onOutputError);
      input.pause();
      process.off("exit", onExit);
    });
    this.#cleanups.push(screen.onOutput((chunk) => this.#write(chunk)));
  }

  get isEnded(): boolean {
    return this.#end !== undefined;
  }

  /** Ends the takeover (the first ending wins) and restores the terminal. Idempotent. */
  end(end: ElwoodAttachEnd): ElwoodAttachEnd {
    if (this.#end !== undefined) return this.#end;
    this.#end = end;
    for (const cleanup of this.#cleanups.splice(0).reverse()) cleanup();
    this.#options.output.write(TERMINAL_RESTORE_SEQUENCE);
    this.#options.input.setRawMode?.(false);
    this.#settle(end);
    return end;
  }

  #onKeys(chunk: Buffer | string): void {
    if (this.#end !== undefined) return;
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    const at = findDetachKey(this.#options.detachKey, bytes);
    const keys = at === -1 ? bytes : bytes.subarray(0, at);
    if (!this.#options.readOnly && keys.length > 0) this.#send(keys);
    if (at !== -1) this.end({ reason: "detached", byKey: true });
  }

  #send(keys: Buffer): void {
    try {
      const sent = this.#options.screen.sendKeys(new Uint8Array(keys));
      if (sent !== undefined)
        sent.catch((error: unknown) => this.#fail("Keys were not delivered.", error));
    } catch (error) {
      this.#fail("Keys were not delivered.", error);
    }
  }

  #resizeToTerminal(): void {
    const size = terminalSizeOf(this.#options.output);
    if (size === undefined) return;
    try {
      const resized = this.#options.screen.resize(size);
      if (resized !== undefined)
        resized.catch((error: unknown) => this.#fail("The resize failed.", error));
    } catch (error) {
      this.#fail("The resize failed.", error);
    }
  }

  #write(chunk: string | Uint8Array): void {
    if (this.#end !== undefined) return;
    const bytes = typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
    this.#pendingBytes += bytes;
    if (this.#pendingBytes > TAKEOVER_BACKLOG_BYTES) {
      this.#fail(
        `The terminal fell more than ${TAKEOVER_BACKLOG_BYTES} bytes behind the agent's output; attach again from a faster terminal.`,
      );
      return;
    }
    this.#options.output.write(chunk, () => {
      this.#pendingBytes -= bytes;
    });
  }

  #fail(message: string, cause?: unknown): void {
    // A session that ended already reports why; a failure after the end is not news.
    if (this.#end !== undefined) return;
    // An ElwoodError (session_not_running, a socket's typed notice) already says why.
    const error =
      cause instanceof ElwoodError
        ? cause
        : new Error(message, cause === undefined ? {} : { cause });
    this.end({ reason: "failed", error });
  }

  #restoreSync(): void {
    if (this.#end !== undefined) return;
    const { output, input } = this.#options;
    if (output.fd !== undefined) {
      try {
        writeSync(output.fd, TERMINAL_RESTORE_SEQUENCE);
      } catch {
        // The terminal is gone; there is nothing left to restore.
      }
    }
    input.setRawMode?.(false);
  }
}
