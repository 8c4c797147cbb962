// The session's side of on-screen approvals (prd/approvals.md "On screen"): each
// permission dialog a CLI's hook announces is paired with the next tool-permission dialog
// a frame shows, followed until it goes, and answered only while a frame shows it with
// its header and body (the screen table's `approvalKeys`). Nothing here types a key on
// its own: only an approval's answer does (prd/decisions.md "Screen is not a command").
import type { HookAbandonReason } from "../../bridge/catalogue.js";
import type { SessionContext } from "../context/session-context.js";
import type { ScreenReading } from "../contract/adapter.js";
import type {
  PermissionDialogAnswer,
  PermissionDialogPort,
  ShownPermissionDialog,
} from "../contract/permission-dialog.js";

/** How long an announced dialog may take to show before the announcement is dropped. */
export const ANNOUNCED_DIALOG_SHOW_MS = 30_000;
/** How long a shown dialog must stay off the screen before it counts as gone. */
export const DIALOG_GONE_AFTER_MS = 500;

interface Announcement {
  /** A permission dialog was on screen when it was announced: that one is stale. */
  waitsForClear: boolean;
  readonly resolve: (shown: ShownPermissionDialog | undefined) => void;
  cancelTimer: () => void;
}

type Reading = Pick<ScreenReading, "dialog">;

const isPermissionDialog = (reading: Reading): boolean => reading.dialog?.isToolPermission === true;

export class PermissionDialogs implements PermissionDialogPort {
  readonly #context: SessionContext;
  readonly #waiting: Announcement[] = [];
  #current: Shown | undefined;
  #isClosed = false;

  constructor(context: SessionContext) {
    this.#context = context;
  }

  announced(): Promise<ShownPermissionDialog | undefined> {
    if (this.#isClosed || this.#context.lifetime.isClosed) return Promise.resolve(undefined);
    // The CLI asks one dialog at a time and announces the next only after the last one
    // was answered, so whatever was shown before is over now.
    this.#current?.end("request_ended");
    // The CLI draws the dialog only after its hook returns: one on screen now is an old one.
    const waitsForClear = isPermissionDialog(this.#context.screen.read());
    return new Promise((resolve) => {
      const announcement: Announcement = { waitsForClear, resolve, cancelTimer: () => {} };
      announcement.cancelTimer = this.#context.clock.set(() => {
        const index = this.#waiting.indexOf(announcement);
        if (index !== -1) this.#waiting.splice(index, 1);
        resolve(undefined);
      }, ANNOUNCED_DIALOG_SHOW_MS);
      this.#waiting.push(announcement);
    });
  }

  /** Every frame the screen watcher evaluated (and each recheck of a missing dialog). */
  onFrame(reading: Reading): void {
    if (this.#isClosed) return;
    const isShown = isPermissionDialog(reading);
    const current = this.#current;
    if (current !== undefined) {
      current.onFrame(isShown);
      return;
    }
    const next = this.#waiting[0];
    if (next === undefined) return;
    if (next.waitsForClear) {
      next.waitsForClear = isShown;
      return;
    }
    if (!isShown) return;
    this.#waiting.shift();
    next.cancelTimer();
    const shown = new Shown(this.#context, () => {
      if (this.#current === shown) this.#current = undefined;
    });
    this.#current = shown;
    next.resolve(shown);
  }

  /**
   * The session ends: nothing shows any more, and nobody can answer what did. `reason`:
   * `request_ended` when the CLI exited by itself (as a hook request it was waiting on
   * would end), `bridge_closed` when the session was stopped.
   */
  dispose(reason: HookAbandonReason = "bridge_closed"): void {
    this.#isClosed = true;
    for (const announcement of this.#waiting.splice(0)) {
      announcement.cancelTimer();
      announcement.resolve(undefined);
    }
    this.#current?.end(reason);
  }
}

class Shown implements ShownPermissionDialog {
  readonly #context: SessionContext;
  readonly #release: () => void;
  readonly #gone = new AbortController();
  #missingSince: number | undefined;
  #cancelRecheck: (() => void) | undefined;
  #isOver = false;

  constructor(context: SessionContext, release: () => void) {
    this.#context = context;
    this.#release = release;
  }

  get gone(): AbortSignal {
    return this.#gone.signal;
  }

  onFrame(isShown: boolean): void {
    if (this.#isOver) return;
    if (isShown) {
      this.#missingSince = undefined;
      this.#cancelRecheck?.();
      this.#cancelRecheck = undefined;
      return;
    }
    // One frame without it may be a repaint: gone only once it stayed away a while.
    const { clock } = this.#context;
    this.#missingSince ??= clock.now();
    const missingMs = clock.now() - this.#missingSince;
    if (missingMs >= DIALOG_GONE_AFTER_MS) {
      this.end("request_ended");
      return;
    }
    this.#cancelRecheck ??= clock.set(() => {
      this.#cancelRecheck = undefined;
      this.onFrame(isPermissionDialog(this.#context.screen.read()));
    }, DIALOG_GONE_AFTER_MS - missingMs);
  }

  stillShown(): boolean {
    if (this.#isOver) return false;
    // Shown with its header and body, so an answer could be typed into it now.
    if (this.#context.screen.read().dialog?.approvalKeys !== undefined) return true;
    this.end("request_ended");
    return false;
  }

  answer(answer: PermissionDialogAnswer): boolean {
    if (this.#isOver) return false;
    const keys = this.#context.screen.read().dialog?.approvalKeys;
    if (keys === undefined) return false;
    this.#finish();
    try {
      this.#context.terminal.sendInput(keys[answer]);
      return true;
    } catch {
      return false;
    }
  }

  end(reason: HookAbandonReason): void {
    if (this.#isOver) return;
    this.#finish();
    this.#gone.abort(reason);
  }

  #finish(): void {
    this.#isOver = true;
    this.#cancelRecheck?.();
    this.#cancelRecheck = undefined;
    this.#release();
  }
}
