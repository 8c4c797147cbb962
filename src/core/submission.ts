// Typing a submission as a person would: one bracketed paste, then Enter as a separate
// write after a short settle, then at most two recovery Enters while the composer still
// shows the staged paste (api.md "Paste and Enter mechanics", C-API-31).
import { bracketedPaste, KEYS } from "../terminal/input.js";

export const ENTER_SETTLE_MS = 120;
export const RECOVERY_OBSERVATIONS = 4;
export const RECOVERY_INTERVAL_MS = 1000;
export const MAX_RECOVERY_ENTERS = 2;

export interface SubmissionSurface {
  /** Writes to the PTY through the terminal's input path. */
  write(data: string): void;
  /** Waits until every byte received so far is rendered and the screen is safe to type into. */
  waitForSafeScreen(): Promise<void>;
  /** True when the composer still shows the staged, unsubmitted paste. */
  hasStagedInput(): boolean;
  /** True once the agent has positively accepted this submission (hook or content). */
  isAccepted(): boolean;
  sleep(ms: number): Promise<void>;
  isClosed(): boolean;
}

/** Pastes `text` and submits it; resolves after the first Enter is written. */
export async function pasteAndSubmit(surface: SubmissionSurface, text: string): Promise<void> {
  await surface.waitForSafeScreen();
  surface.write(bracketedPaste(text));
  await surface.sleep(ENTER_SETTLE_MS);
  await surface.waitForSafeScreen();
  surface.write(KEYS.enter);
}

/**
 * Re-sends Enter while the paste stays staged, so a paste the TUI was still ingesting
 * when Enter arrived is not left sitting in the composer. Runs in the background.
 */
export async function recoverStagedSubmission(surface: SubmissionSurface): Promise<void> {
  let entersSent = 0;
  for (let observation = 0; observation < RECOVERY_OBSERVATIONS; observation += 1) {
    await surface.sleep(RECOVERY_INTERVAL_MS);
    if (surface.isClosed() || surface.isAccepted()) return;
    if (!surface.hasStagedInput()) return;
    if (entersSent >= MAX_RECOVERY_ENTERS) return;
    await surface.waitForSafeScreen();
    if (surface.isClosed() || surface.isAccepted() || !surface.hasStagedInput()) return;
    surface.write(KEYS.enter);
    entersSent += 1;
  }
}
