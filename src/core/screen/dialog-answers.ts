// A caller's answer to the dialog an `attention` reported, confirmed (issue 47 item 5,
// C-ATTN-06, prd/operations.md "answerDialog()"). The CLIs ignore keys for a moment after
// they paint a dialog (Codex drains its typeahead, Claude guards its input), so a key sent
// at the attention can be lost. This waits out that moment, presses, and presses again
// only while the very same dialog, untouched, is still the whole story: a key is written
// only right after a frame that shows it, never into a different dialog or the composer.
import { ElwoodError } from "../../errors.js";
import type { SessionContext } from "../context/session-context.js";
import type { ScreenDialog, ScreenReading } from "../contract/adapter.js";
import type { ElwoodDialogAnswer } from "../contract/session.js";
import { withoutWorkspacePath } from "./dialog-text.js";
import { ANSWER_CONFIRM_MS, UNRENDERED_RETRY_MS } from "./screen-watcher.js";

export const DEFAULT_DIALOG_ANSWER_TIMEOUT_MS = 20_000;
/** Presses of the whole answer at most: the first and two more. */
export const DIALOG_ANSWER_PRESSES = 3;
/** A dialog's least time on screen before the first key when its screen row names none. */
export const DIALOG_FIRST_KEY_AFTER_MS = 1_000;
/** Between two keys of one answer (an arrow, then Enter). */
export const DIALOG_KEY_STEP_MS = 400;

/** The dialog an answer is for, as the frame before its first key showed it. */
interface AnsweredDialog {
  readonly label: string;
  readonly text: string | undefined;
  readonly unmarkedText: string | undefined;
}

/** What a frame shows of that dialog: nothing more of it, it as it was, or its highlight moved. */
type DialogState = "gone" | "untouched" | "moved";

export class DialogAnswers {
  readonly #context: SessionContext;
  readonly #cwd: string;
  readonly #frameWaiters = new Set<() => void>();
  #shown: { readonly identity: string; readonly since: number } | undefined;
  #previous: Promise<unknown> = Promise.resolve();

  constructor(context: SessionContext, cwd: string) {
    this.#context = context;
    this.#cwd = cwd;
  }

  /** Every evaluated frame (the screen watcher's): when each dialog first showed. */
  onFrame(reading: ScreenReading): void {
    this.#noteShown(reading.dialog);
    for (const wake of [...this.#frameWaiters]) wake();
  }

  /** One answer at a time: a second waits for the first, then looks at the screen afresh. */
  answer(keys: readonly string[], timeoutMs: number): Promise<ElwoodDialogAnswer> {
    const next = this.#previous.catch(() => undefined).then(() => this.#answer(keys, timeoutMs));
    this.#previous = next;
    return next;
  }

  async #answer(keys: readonly string[], timeoutMs: number): Promise<ElwoodDialogAnswer> {
    const { status, lifetime, screen, clock } = this.#context;
    lifetime.assertLive();
    const dialog = screen.read().dialog;
    if (!status.isBlocked || dialog === undefined) throw this.#notShown();
    let target = targetOf(dialog);
    const deadline = clock.now() + timeoutMs;
    const waitForFirstKey = async (shown: ScreenDialog) => {
      const since = this.#noteShown(shown);
      const firstKeyAt = since + (shown.firstKeyAfterMs ?? DIALOG_FIRST_KEY_AFTER_MS);
      await this.#watchUntil(target, Math.min(firstKeyAt, deadline));
    };
    await waitForFirstKey(dialog);
    let presses = 0;
    for (;;) {
      const state = this.#stateOf(target);
      // No key of ours went yet and the session is still blocked: the dialog is not answered.
      // A frame without it (a repaint) or with this kind of dialog in other text (Codex
      // paints its trust dialog in steps) is this dialog still painting: a fresh-clone CI
      // run resolved such an answer with 0 presses and the session stayed blocked 60 s.
      if (state === "gone" && presses === 0 && status.isBlocked && clock.now() < deadline) {
        const shown = screen.read().dialog;
        if (shown === undefined) {
          await lifetime.untilClosed(this.#nextFrameOr(Math.min(500, deadline - clock.now())));
          continue;
        }
        if (shown.ruleIds.join(",") === target.label) {
          target = targetOf(shown);
          await waitForFirstKey(shown);
          continue;
        }
      }
      if (state === "gone") return { label: target.label, presses };
      if (state === "moved") break;
      if (presses >= DIALOG_ANSWER_PRESSES || clock.now() >= deadline) break;
      await this.#press(target, keys);
      presses += 1;
      await this.#settle(target, deadline);
    }
    // A moved highlight means part of the answer landed: pressing it again would choose
    // another option, so only its going counts now.
    await this.#watchUntil(target, deadline);
    if (this.#stateOf(target) === "gone") return { label: target.label, presses };
    throw this.#notAnswered(target, presses, timeoutMs);
  }

  // Each key goes only while a frame still shows this dialog; once it is gone the rest stay unsent.
  async #press(target: AnsweredDialog, keys: readonly string[]): Promise<void> {
    const { clock, lifetime, terminal } = this.#context;
    for (const [index, key] of keys.entries()) {
      if (index > 0) await this.#watchUntil(target, clock.now() + DIALOG_KEY_STEP_MS);
      lifetime.assertLive();
      if (this.#stateOf(target) === "gone") return;
      terminal.sendInput(key);
    }
  }

  // After a press: until the dialog goes, or has had the watcher's time to show a key's
  // effect: the confirm time with a fresh frame since the press, the longer time without one.
  async #settle(target: AnsweredDialog, deadline: number): Promise<void> {
    const { clock, screen } = this.#context;
    const pressedAt = clock.now();
    const renders = screen.renderCount;
    await this.#watchUntil(target, Math.min(deadline, pressedAt + ANSWER_CONFIRM_MS));
    const hasFreshFrame = () => screen.renderCount > renders;
    await this.#watchUntil(
      target,
      Math.min(deadline, pressedAt + UNRENDERED_RETRY_MS),
      hasFreshFrame,
    );
  }

  /** Waits frame by frame until `at`, the dialog's going, or `isDone`; rejects at close-down. */
  async #watchUntil(target: AnsweredDialog, at: number, isDone = () => false): Promise<void> {
    const { clock, lifetime } = this.#context;
    while (clock.now() < at && this.#stateOf(target) !== "gone" && !isDone()) {
      await lifetime.untilClosed(this.#nextFrameOr(at - clock.now()));
    }
  }

  #nextFrameOr(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        cancel();
        this.#frameWaiters.delete(wake);
        resolve();
      };
      const cancel = this.#context.clock.set(wake, Math.max(1, ms));
      this.#frameWaiters.add(wake);
    });
  }

  #stateOf(target: AnsweredDialog): DialogState {
    const dialog = this.#context.screen.read().dialog;
    if (dialog === undefined || dialog.ruleIds.join(",") !== target.label) return "gone";
    // Another dialog of the same kind (the next question) is a new one: this one was taken.
    if (dialog.unmarkedText !== target.unmarkedText) return "gone";
    return dialog.text === target.text ? "untouched" : "moved";
  }

  // The time a dialog first showed, kept until a frame shows another (or none).
  #noteShown(dialog: ScreenDialog | undefined): number {
    const now = this.#context.clock.now();
    if (dialog === undefined) {
      this.#shown = undefined;
      return now;
    }
    const identity = `${dialog.ruleIds.join(",")}\n${dialog.unmarkedText ?? ""}`;
    if (this.#shown?.identity !== identity) this.#shown = { identity, since: now };
    return this.#shown.since;
  }

  #notShown(): ElwoodError {
    const { status } = this.#context.status;
    return new ElwoodError(
      "dialog_not_shown",
      `There is no dialog to answer: the session is "${status}" and ${this.#context.displayName} shows no dialog. Answer a dialog after its \`attention\` activity, while the status is "blocked"; type anything else with sendMessage() or sendKeys().`,
      { details: { status } },
    );
  }

  #notAnswered(target: AnsweredDialog, presses: number, timeoutMs: number): ElwoodError {
    const isMoved = this.#stateOf(target) === "moved";
    const why = isMoved
      ? "its highlight moved, so part of the answer landed and it was not pressed again"
      : `it was pressed ${presses} time${presses === 1 ? "" : "s"}`;
    const dialogText =
      target.text === undefined ? undefined : withoutWorkspacePath(target.text, this.#cwd);
    return new ElwoodError(
      "dialog_not_answered",
      `The dialog "${target.label}" was still showing ${timeoutMs} ms after answerDialog() (${why}). The keys may not choose an option on it: look at session.terminal.snapshot() and answer it again.`,
      {
        details: {
          label: target.label,
          presses,
          timeoutMs,
          isHighlightMoved: isMoved,
          ...(dialogText === undefined ? {} : { dialogText }),
        },
      },
    );
  }
}

function targetOf(dialog: ScreenDialog): AnsweredDialog {
  return { label: dialog.ruleIds.join(","), text: dialog.text, unmarkedText: dialog.unmarkedText };
}
