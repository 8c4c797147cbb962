// One open `/model` picker inside a queue slot: opens it, walks its rows by cursor, and
// cancels it. Every wait is bounded by the operation's deadline; failures are
// model_automation_failed after the picker is closed again (one Escape per stage).
import { ElwoodError } from "../../../errors.js";
import { KEYS } from "../../../terminal/input.js";
import type { AgentModelOption, ModelPickerFacts } from "../../contract/models.js";
import { waitForSafeScreen } from "../../screen/safe-screen.js";
import {
  dismiss,
  type OperationContext,
  pollScreen,
  renderedLines,
  sleep,
  typeCommand,
} from "../context.js";
import {
  finishRows,
  isPickerVisible,
  type PickerFrame,
  type PickerRow,
  readPicker,
} from "./parse-picker.js";

const KEY_SETTLE_MS = 60;
const MAX_ROWS = 200;
/** The picker must be gone within this after the cancelling Escape (api.md: +1 s). */
const PICKER_CANCEL_MS = 1000;

export function modelFailure(
  context: OperationContext,
  message: string,
  details: Record<string, unknown> = {},
): ElwoodError {
  return new ElwoodError("model_automation_failed", `${context.displayName} /model: ${message}`, {
    details,
  });
}

export class PickerSession {
  readonly #context: OperationContext;
  readonly #facts: ModelPickerFacts;
  readonly #deadline: number;
  readonly #rows = new Map<number, PickerRow>();

  constructor(context: OperationContext, facts: ModelPickerFacts, deadline: number) {
    this.#context = context;
    this.#facts = facts;
    this.#deadline = deadline;
  }

  remainingMs(): number {
    return Math.max(0, this.#deadline - this.#context.clock.now());
  }

  async write(keys: string, settleMs = KEY_SETTLE_MS): Promise<void> {
    if (this.#context.lifetime.isClosed) throw this.#context.lifetime.notRunning();
    this.#context.terminal.sendInput(keys);
    await sleep(this.#context, settleMs);
  }

  /** Types the command and waits for the list; a picker already up is foreign. */
  async open(): Promise<PickerFrame> {
    await waitForSafeScreen(this.#context);
    if (isPickerVisible(await renderedLines(this.#context), this.#facts)) {
      throw modelFailure(this.#context, "a model picker is already on screen; nothing was typed.");
    }
    await typeCommand(this.#context, this.#facts.command);
    await sleep(this.#context, KEY_SETTLE_MS);
    const frame = await this.frame();
    if (frame === undefined) {
      await this.cancel();
      throw modelFailure(this.#context, "the model picker did not appear.", {
        timeoutMs: this.remainingMs(),
      });
    }
    return frame;
  }

  /** The picker as rendered now (waiting until the deadline for it). */
  frame(): Promise<PickerFrame | undefined> {
    return this.#frameWhere(() => true, this.remainingMs(), 50);
  }

  /** Every row, scrolling the cursor down through the list and back to where it began. */
  async allRows(first: PickerFrame): Promise<AgentModelOption[]> {
    const start = selectedNumber(first);
    let frame: PickerFrame | undefined = first;
    const hasMore = (at: PickerFrame) =>
      at.hasMoreBelow || (selectedNumber(at) ?? 0) < Math.max(...at.rows.map((row) => row.number));
    for (let moves = 0; frame !== undefined && hasMore(frame) && moves < MAX_ROWS; moves += 1) {
      const before = selectedNumber(frame);
      await this.write(KEYS.down);
      frame = await this.#frameWhere((candidate) => selectedNumber(candidate) !== before);
    }
    if (start !== undefined) await this.moveTo(start);
    return finishRows([...this.#rows.values()], this.#facts);
  }

  /** Moves the cursor to row `number` one key at a time, checking each step. */
  async moveTo(number: number): Promise<void> {
    for (let step = 0; step < MAX_ROWS; step += 1) {
      const frame = await this.frame();
      if (frame === undefined) throw modelFailure(this.#context, "the model picker closed.");
      const at = selectedNumber(frame);
      if (at === number) return;
      await this.write(at === undefined || at < number ? KEYS.down : KEYS.up);
      await this.#frameWhere((candidate) => selectedNumber(candidate) !== at);
    }
    throw modelFailure(this.#context, `could not move the cursor to row ${number}.`);
  }

  /** Escape until the idle composer shows (one per stage, at most three). */
  cancel(): Promise<void> {
    const isOpen = (lines: readonly string[]) => !this.isClosedToComposer(lines);
    const close = { isOpen, key: KEYS.escape, attempts: 3, waitMs: PICKER_CANCEL_MS };
    return dismiss(this.#context, close);
  }

  /** Waits until the picker is gone and the idle composer is back. */
  async untilComposer(): Promise<boolean> {
    const isBack = (lines: readonly string[]) =>
      this.isClosedToComposer(lines) ? true : undefined;
    return (await pollScreen(this.#context, isBack, this.remainingMs(), 50)) === true;
  }

  /** The picker is gone and the idle composer is back. */
  isClosedToComposer(lines: readonly string[]): boolean {
    const { dialog, hasIdleComposer } = this.#context.screen.read();
    return !isPickerVisible(lines, this.#facts) && dialog === undefined && hasIdleComposer;
  }

  async #frameWhere(
    test: (frame: PickerFrame) => boolean,
    timeoutMs = Math.min(2000, this.remainingMs()),
    intervalMs = 30,
  ): Promise<PickerFrame | undefined> {
    const frame = await pollScreen(
      this.#context,
      (lines) => {
        const candidate = readPicker(lines, this.#facts);
        return candidate !== undefined && test(candidate) ? candidate : undefined;
      },
      timeoutMs,
      intervalMs,
    );
    for (const row of frame?.rows ?? []) this.#rows.set(row.number, row);
    return frame;
  }
}

function selectedNumber(frame: PickerFrame): number | undefined {
  return frame.rows.find((row) => row.isSelected)?.number;
}
