// The session's terminal size (api.md "Size"): a CLI that needs a wider screen to boot
// (Claude: 100 columns) starts wider; the caller's latest requested size is remembered
// (in memory only) and restored at first readiness, before any input.
import type { SessionContext } from "../context/session-context.js";
import type { ElwoodTerminalSize } from "../contract/status.js";
import { bootstrapSize, errorCodeOf } from "./runtime-support.js";

/** How long the CLI gets at one column less before the size is put back (both sizes repaint). */
export const REPAINT_RESTORE_MS = 300;

export class TerminalSize {
  readonly #context: SessionContext;
  readonly #bootstrapMinCols: number;
  #requested: ElwoodTerminalSize;
  #isBooted = false;
  #isRepainting = false;

  constructor(options: {
    readonly context: SessionContext;
    readonly requested: ElwoodTerminalSize;
    readonly bootstrapMinCols: number | undefined;
  }) {
    this.#context = options.context;
    this.#requested = options.requested;
    this.#bootstrapMinCols = options.bootstrapMinCols ?? 0;
  }

  /** A caller's resize: applied now (never narrower than the boot minimum before first ready). */
  resize(size: ElwoodTerminalSize): void {
    this.#context.lifetime.assertLive();
    this.#requested = size;
    const applied = bootstrapSize(this.#isBooted ? 0 : this.#bootstrapMinCols, size);
    this.#context.terminal.resize(applied);
    this.#context.events.emit("resize", applied);
  }

  /** At first readiness; a failure keeps the boot size and warns (input is released anyway). */
  restoreRequested(): void {
    this.#isBooted = true;
    const { terminal, events } = this.#context;
    const requested = this.#requested;
    const current = terminal.size;
    if (requested.cols === current.cols && requested.rows === current.rows) return;
    try {
      terminal.resize(requested);
      events.emit("resize", requested);
    } catch (error) {
      events.emitWarning({
        source: "lifecycle",
        code: "resize_restore_failed",
        message: "Could not restore the requested terminal size after the narrow bootstrap.",
        requestedCols: requested.cols,
        requestedRows: requested.rows,
        errorCode: errorCodeOf(error),
      });
    }
  }

  /**
   * Makes the CLI draw its whole screen again, with no key written: one column less, then
   * the size it had. A CLI repaints only what it changed, so text a tool wrote over its
   * screen stays until then (issue 49). A caller's resize meanwhile wins.
   */
  repaint(): void {
    const { terminal, clock, lifetime } = this.#context;
    const size = terminal.size;
    if (this.#isRepainting || size.cols < 2 || lifetime.isClosed) return;
    try {
      terminal.resize({ cols: size.cols - 1, rows: size.rows });
    } catch {
      return;
    }
    this.#isRepainting = true;
    clock.set(() => {
      this.#isRepainting = false;
      const current = terminal.size;
      const isOurs = current.cols === size.cols - 1 && current.rows === size.rows;
      if (lifetime.isClosed || !isOurs) return;
      try {
        terminal.resize(size);
      } catch {
        // An exiting PTY: nothing left to repaint.
      }
    }, REPAINT_RESTORE_MS);
  }
}
