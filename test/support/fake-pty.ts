// An in-memory PtyProcess for unit tests: records every write, resize, pause/resume and
// signal, and lets a test push output and end the process.

import type { ElwoodUnsubscribe } from "../../src/events/emitter.js";
import type { PtyExit, PtyOutput, PtyProcess } from "../../src/terminal/pty-process.js";

export interface FakePtyOptions {
  readonly pid?: number;
  /** Makes `resize` throw this error, e.g. to model a closed fd. */
  readonly resizeError?: Error;
}

export class FakePty implements PtyProcess {
  readonly pid: number;
  readonly writes: (string | Uint8Array)[] = [];
  readonly resizes: { cols: number; rows: number }[] = [];
  readonly signals: (string | undefined)[] = [];
  pauseCount = 0;
  resumeCount = 0;
  isPaused = false;
  exit: PtyExit | undefined;
  readonly #dataListeners = new Set<(chunk: PtyOutput) => void>();
  readonly #exitListeners = new Set<(exit: PtyExit) => void>();
  readonly #resizeError: Error | undefined;

  constructor(options: FakePtyOptions = {}) {
    this.pid = options.pid ?? 424_242;
    this.#resizeError = options.resizeError;
  }

  /** Everything written so far, decoded and joined. */
  get written(): string {
    return this.writes
      .map((data) => (typeof data === "string" ? data : Buffer.from(data).toString("utf8")))
      .join("");
  }

  write(data: string | Uint8Array): void {
    this.writes.push(data);
  }

  resize(cols: number, rows: number): void {
    if (this.#resizeError !== undefined) throw this.#resizeError;
    this.resizes.push({ cols, rows });
  }

  pause(): void {
    this.pauseCount += 1;
    this.isPaused = true;
  }

  resume(): void {
    this.resumeCount += 1;
    this.isPaused = false;
  }

  kill(signal?: string): void {
    this.signals.push(signal);
  }

  onData(callback: (chunk: PtyOutput) => void): ElwoodUnsubscribe {
    this.#dataListeners.add(callback);
    return () => this.#dataListeners.delete(callback);
  }

  onExit(callback: (exit: PtyExit) => void): ElwoodUnsubscribe {
    this.#exitListeners.add(callback);
    return () => this.#exitListeners.delete(callback);
  }

  get dataListenerCount(): number {
    return this.#dataListeners.size;
  }

  /** Delivers `chunk` as if the child printed it: text, or bytes as node-pty hands them over. */
  pushOutput(chunk: PtyOutput): void {
    for (const listener of [...this.#dataListeners]) listener(chunk);
  }

  /** Ends the fake process once; later calls are ignored like node-pty's single exit. */
  emitExit(exit: PtyExit = { exitCode: 0 }): void {
    if (this.exit !== undefined) return;
    this.exit = exit;
    for (const listener of [...this.#exitListeners]) listener(exit);
  }
}
