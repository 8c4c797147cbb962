// What a session command uses of the live session, and the waits the commands share, all
// on the session's clock. Each runs in one control-queue slot that never consumes the
// ready transition (prd/operations.md: one that did would deadlock the next message).
import { KEYS } from "../../terminal/input.js";
import type { SessionContext } from "../context/session-context.js";
import { normalizeText } from "../screen/options.js";
import { waitForSafeScreen } from "../screen/safe-screen.js";

/** What a command is built with; `run` takes one readiness-waiting queue slot. */
export interface OperationHost<Facts> {
  readonly context: SessionContext;
  readonly facts: Facts;
  /** The session's launch environment (where the CLI keeps its config). */
  readonly env: Readonly<Record<string, string | undefined>>;
  run<T>(kind: string, run: (context: SessionContext) => Promise<T>): Promise<T>;
}

/** Between typing a command and its Enter: the CLI takes the text first. */
export const ENTER_SETTLE_MS = 150;

/** A sleep that resolves early once the session closes: the operation's next check stops it. */
export function sleep(context: SessionContext, ms: number): Promise<void> {
  return context.lifetime.sleep(ms).catch(() => undefined);
}

/** The screen's lines once every byte received so far is rendered. */
export async function renderedLines(context: SessionContext): Promise<readonly string[]> {
  await context.terminal.settled();
  return context.terminal.snapshot().lines;
}

/**
 * How long a typed command may take to show in the composer (or until the caller's
 * deadline). Its Enter goes then anyway: on an empty composer it does nothing, and the
 * caller sees no effect and fails.
 */
export const COMMAND_SHOW_MS = 5000;

/**
 * Types `text`, then one Enter once the composer shows it, each onto a safe screen
 * (C-API-56). Codex (0.171.0) takes fast typing for a paste: it holds the text outside its
 * composer until the burst ends, and an Enter read meanwhile joins the held text as a
 * newline, so the command never runs. A starved Codex read "/model" and an Enter sent
 * 150 ms later together in 7 of 72 standalone listings (6 at a time, 2 CPU burners, 2
 * cores). Shown in the composer, the text is out of the burst and Enter runs it (in both
 * CLIs). The wait for it ends by the caller's `deadline` (clock time), if that comes first.
 */
export async function typeCommand(
  context: SessionContext,
  text: string,
  deadline = Number.POSITIVE_INFINITY,
  suggestion?: RegExp,
): Promise<void> {
  await waitForSafeScreen(context);
  context.terminal.sendInput(text);
  await sleep(context, ENTER_SETTLE_MS);
  const remaining = Math.max(0, deadline - context.clock.now());
  const isShown = (lines: readonly string[]) =>
    composerShows(context, text) &&
    (suggestion === undefined || lines.some((line) => suggestion.test(line.trim())));
  // A CLI that lists the command as a suggestion knows it only then (see ModelPickerFacts).
  const showMs = suggestion === undefined ? Math.min(COMMAND_SHOW_MS, remaining) : remaining;
  await pollScreen(context, isShown, showMs, 50);
  await waitForSafeScreen(context);
  context.terminal.sendInput(KEYS.enter);
}

/** The composer's draft starts with `text` (a CLI may show an argument hint after it). */
function composerShows(context: SessionContext, text: string): boolean {
  return context.screen.read().composerDraft?.startsWith(normalizeText(text)) ?? false;
}

/** The first value `probe` returns (not undefined or false) within `timeoutMs`; else undefined. */
export async function pollScreen<T>(
  context: SessionContext,
  probe: (lines: readonly string[]) => T | undefined | false,
  timeoutMs: number,
  intervalMs = 100,
): Promise<T | undefined> {
  const deadline = context.clock.now() + timeoutMs;
  for (;;) {
    if (context.lifetime.isClosed) throw context.lifetime.notRunning();
    const found = probe(await renderedLines(context));
    if (found !== undefined && found !== false) return found;
    if (context.clock.now() >= deadline) return undefined;
    await sleep(context, intervalMs);
  }
}

/** After the last key, how long a slow CLI may take to close what it was told to close. */
export const DISMISS_SETTLE_MS = 3000;

/** What `dismiss()` closes, and how. */
export interface Dismissal {
  isOpen(lines: readonly string[]): boolean;
  /**
   * Which stage of the dialog shows (e.g. the code prompt, the method list), or undefined
   * for a frame that shows none (half painted, or between stages).
   */
  stageOf(lines: readonly string[]): string | undefined;
  key: string;
  /** Keys at most: one per stage. */
  attempts: number;
  /** How long one key may take to show its effect before the next is sent. */
  waitMs: number;
}

/** A stage made of which of a dialog's parts show; none when no part shows. */
export function stageOfParts(parts: readonly boolean[]): string | undefined {
  return parts.includes(true) ? JSON.stringify(parts) : undefined;
}

/**
 * Sends `key` while `isOpen` holds, at most `attempts` times. Each key goes onto a known
 * stage (after up to `waitMs` for one to show), and the next waits until the dialog closed
 * or another known stage showed on two looks in a row, or `waitMs` ran out. Under load
 * Claude showed a stage change late; the old rule (closed within 350 ms, else the next
 * key) sent Escapes that reached the empty composer, and two of those open its Rewind
 * dialog (Codex's Esc Esc browses the transcript), which took the next prompt as keys.
 * Still open after the last key, it waits (no more keys) up to DISMISS_SETTLE_MS.
 */
export async function dismiss(context: SessionContext, close: Dismissal): Promise<void> {
  const CLOSED = "\u0000closed";
  const shownStage = (lines: readonly string[]) =>
    close.isOpen(lines) ? close.stageOf(lines) : CLOSED;
  for (let attempt = 0; attempt < close.attempts; attempt += 1) {
    if (context.lifetime.isClosed) return;
    const stage = await pollScreen(context, shownStage, close.waitMs, 50).catch(() => undefined);
    if (stage === CLOSED || context.lifetime.isClosed) return;
    if (stage === undefined && !close.isOpen(await renderedLines(context))) return;
    context.terminal.sendInput(close.key);
    // A new stage counts once two looks agree: a frame painted halfway is not the key's effect.
    let candidate: string | undefined;
    const isTaken = (lines: readonly string[]) => {
      const now = shownStage(lines);
      if (now === CLOSED) return true;
      if (now === undefined || now === stage) {
        candidate = undefined;
        return false;
      }
      if (now === candidate) return true;
      candidate = now;
      return false;
    };
    await pollScreen(context, isTaken, close.waitMs, 50).catch(() => undefined);
  }
  if (context.lifetime.isClosed) return;
  await pollScreen(context, (lines) => !close.isOpen(lines), DISMISS_SETTLE_MS, 50).catch(
    () => undefined,
  );
}
