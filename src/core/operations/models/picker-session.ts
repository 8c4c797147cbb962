// One `/model` picker in a queue slot (prd/operations.md "listModels() / setModel()"),
// every wait bounded by the operation's deadline; failures are model_automation_failed.
import { ElwoodError } from "../../../errors.js";
import { KEYS } from "../../../terminal/input.js";
import type { SessionContext } from "../../context/session-context.js";
import type { AgentModelOption, FollowUpStage, ModelPickerFacts } from "../../contract/models.js";
import { waitForSafeScreen } from "../../screen/safe-screen.js";
import {
  dismiss,
  pollScreen,
  renderedLines,
  sleep,
  stageOfParts,
  typeCommand,
} from "../context.js";
import {
  entryRowOf,
  finishRows,
  idFromLabel,
  isPickerVisible,
  type PickerFrame,
  type PickerRow,
  readPicker,
  regionBetween,
} from "./parse-picker.js";

const KEY_SETTLE_MS = 60;
const MAX_ROWS = 200;
/** The picker must be gone within this after the cancelling Escape (api.md: +1 s). */
const PICKER_CANCEL_MS = 1000;
/** With the command still in the composer this long after its Enter, Enter goes again. */
const COMMAND_STUCK_MS = 2000;
const MAX_EXTRA_ENTERS = 2;
/** How long the model list's cursor may take to leave the entry row it first paints on. */
const ENTRY_CURSOR_MS = 3000;
/** After the CLI refused the command while starting, before it is typed again. */
const STARTING_RETRY_MS = 1000;

export class PickerSession {
  readonly #context: SessionContext;
  readonly #facts: ModelPickerFacts;
  readonly #deadline: number;
  readonly #rows = new Map<number, PickerRow>();

  constructor(context: SessionContext, facts: ModelPickerFacts, deadline: number) {
    this.#context = context;
    this.#facts = facts;
    this.#deadline = deadline;
  }

  /** Types the command and reads every row; a picker already up is foreign (nothing typed). */
  async open(): Promise<AgentModelOption[]> {
    await waitForSafeScreen(this.#context);
    if (isPickerVisible(await renderedLines(this.#context), this.#facts)) {
      throw this.#failure("a model picker is already on screen; nothing was typed.");
    }
    let refusalsBefore = await this.#typeCommand();
    try {
      let refusals = 0;
      let enters = 0;
      for (;;) {
        const waitMs = Math.min(COMMAND_STUCK_MS, this.#remainingMs());
        const seen = await this.#pickerOrRefusal(refusalsBefore, waitMs);
        if (seen === "picker" || this.#remainingMs() === 0) break;
        if (seen === "refused") {
          refusals += 1;
          await sleep(this.#context, STARTING_RETRY_MS);
          // Typed again only onto the empty composer the refusal left (no person's text).
          await renderedLines(this.#context);
          if (this.#remainingMs() === 0 || this.#context.screen.read().composerDraft !== "") break;
          refusalsBefore = await this.#typeCommand();
        } else if (
          this.#facts.enterAgainIfStillDrafted === true &&
          enters < MAX_EXTRA_ENTERS &&
          this.#isCommandStillDrafted()
        ) {
          // Its Enter went to something else: Gemini 0.61.0 under load took it to complete
          // a suggestion listed for a shorter prefix, leaving "/model" drafted.
          enters += 1;
          await this.#write(KEYS.enter);
        }
      }
      const shown = await this.#frame();
      if (shown === undefined) {
        const details = { timeoutMs: this.#remainingMs(), refusedWhileStarting: refusals };
        throw this.#failure("the model picker did not appear.", details);
      }
      const models = await this.#pastEntryList(shown);
      return await this.#allRows(models.frame, models.currentId);
    } catch (error) {
      await this.cancel();
      throw error;
    }
  }

  /** Applies `id` (from open()'s `rows`) for this session; anything but a switch cancels. */
  async choose(rows: readonly AgentModelOption[], id: string): Promise<void> {
    let isDone = false;
    try {
      const target = rows.find((row) => row.id === id);
      if (target === undefined) {
        const ids = rows.map((row) => row.id);
        throw this.#failure(`no model "${id}" in the picker; available: ${ids.join(", ")}.`, {
          id,
          availableIds: ids,
        });
      }
      if (target.isCurrent) return;
      // Rows are numbered 1..n in list order (finishRows sorts them by number).
      await this.#moveTo(rows.indexOf(target) + 1);
      await this.#write(this.#facts.sessionKeyOnList ?? KEYS.enter);
      // Each follow-up stage is answered only when it shows, revalidated right before the key.
      for (const stage of this.#facts.followUps) {
        const seen = await pollScreen(
          this.#context,
          (lines) => {
            if (stageRegion(lines, stage) !== undefined) return "stage" as const;
            return this.#isClosedToComposer(lines) && ("closed" as const);
          },
          Math.min(3000, this.#remainingMs()),
          50,
        );
        if (seen !== "stage") break;
        await this.#answerStage(stage, target);
      }
      const isBack = (lines: readonly string[]) => this.#isClosedToComposer(lines);
      if ((await pollScreen(this.#context, isBack, this.#remainingMs(), 50)) !== true) {
        throw this.#failure(`the picker did not close after choosing "${id}".`, { id });
      }
      isDone = true;
    } finally {
      if (!isDone) await this.cancel();
    }
  }

  /** Escape until the idle composer shows (one per stage, at most three). */
  cancel(): Promise<void> {
    const close = {
      isOpen: (lines: readonly string[]) => !this.#isClosedToComposer(lines),
      // The list, or which follow-up stage (e.g. Codex's reasoning effort) shows; none
      // while the list is gone and the composer not yet back (no key goes there).
      stageOf: (lines: readonly string[]) =>
        stageOfParts([
          isPickerVisible(lines, this.#facts),
          this.#isEntryListShown(lines),
          ...this.#facts.followUps.map((stage) => stageRegion(lines, stage) !== undefined),
        ]),
      key: KEYS.escape,
      attempts: 3,
      waitMs: PICKER_CANCEL_MS,
    };
    return dismiss(this.#context, close);
  }

  // A first list that leads to the models (Gemini's "Manual (…)"): its row is chosen with
  // Enter; the rows read so far were that list's, not models. The entry row may name the
  // model in use (`entryRow` group 1).
  async #pastEntryList(
    shown: PickerFrame,
  ): Promise<{ readonly frame: PickerFrame; readonly currentId?: string }> {
    const entry = entryRowOf(shown, this.#facts);
    if (entry === undefined) return { frame: shown };
    const named = this.#facts.entryRow?.exec(entry.option.label)?.[1];
    await this.#moveTo(entry.number);
    await this.#write(KEYS.enter);
    const isModels = (frame: PickerFrame) => entryRowOf(frame, this.#facts) === undefined;
    let models = await this.#frameWhere(isModels, this.#remainingMs(), 50);
    if (models === undefined) throw this.#failure("the model list did not open.");
    // Its first paint keeps the entry list's cursor row, and the cursor moves to the model
    // in use a render later (Gemini 0.61.0): on that row, the cursor gets time to move.
    if (named === undefined && selectedNumber(models) === entry.number) {
      const moved = (frame: PickerFrame) =>
        isModels(frame) && selectedNumber(frame) !== entry.number;
      models =
        (await this.#frameWhere(moved, Math.min(ENTRY_CURSOR_MS, this.#remainingMs()))) ?? models;
    }
    this.#rows.clear();
    for (const row of models.rows) this.#rows.set(row.number, row);
    const currentId = named === undefined ? undefined : idFromLabel(named, this.#facts.idFrom);
    return currentId === undefined ? { frame: models } : { frame: models, currentId };
  }

  /** Types the command; returns how many refusal lines showed before it. */
  async #typeCommand(): Promise<number> {
    // A CLI still finishing the turn (Gemini runs its turn-end hook after the ready) refuses
    // a command then ("Slash commands cannot be queued") and keeps it as a draft.
    const isIdle = () => !this.#context.screen.read().isWorking;
    await pollScreen(this.#context, isIdle, this.#remainingMs(), 50);
    const refusals = this.#refusalsShown(await renderedLines(this.#context));
    const { command, commandSuggestion } = this.#facts;
    await typeCommand(this.#context, command, this.#deadline, commandSuggestion);
    await sleep(this.#context, KEY_SETTLE_MS);
    return refusals;
  }

  #refusalsShown(lines: readonly string[]): number {
    const refusal = this.#facts.refusedWhileStarting;
    return refusal === undefined ? 0 : lines.filter((line) => refusal.test(line.trim())).length;
  }

  // Until the picker's title shows, or a new refusal with the composer emptied (the CLI,
  // still starting, dropped the command: typed again, it doubles nothing).
  #pickerOrRefusal(
    refusalsBefore: number,
    timeoutMs: number,
  ): Promise<"picker" | "refused" | undefined> {
    const seen = (lines: readonly string[]) => {
      if (isPickerVisible(lines, this.#facts)) return "picker" as const;
      const isNew = this.#refusalsShown(lines) > refusalsBefore;
      return isNew && this.#context.screen.read().composerDraft === "" && ("refused" as const);
    };
    return pollScreen(this.#context, seen, timeoutMs, 50);
  }

  /** The composer holds the command alone, as typed (its suggestions listed under it). */
  #isCommandStillDrafted(): boolean {
    const draft = this.#context.screen.read().composerDraft;
    return draft?.split("\n")[0]?.trim() === this.#facts.command;
  }

  #remainingMs(): number {
    return Math.max(0, this.#deadline - this.#context.clock.now());
  }

  async #write(keys: string, settleMs = KEY_SETTLE_MS): Promise<void> {
    if (this.#context.lifetime.isClosed) throw this.#context.lifetime.notRunning();
    this.#context.terminal.sendInput(keys);
    await sleep(this.#context, settleMs);
  }

  /** The picker as rendered now (waiting until the deadline for it). */
  #frame(): Promise<PickerFrame | undefined> {
    return this.#frameWhere(() => true, this.#remainingMs(), 50);
  }

  // Every row, scrolling the cursor down through the list and back to where it began.
  async #allRows(first: PickerFrame, currentId?: string): Promise<AgentModelOption[]> {
    const start = selectedNumber(first);
    let frame: PickerFrame | undefined = first;
    const hasMore = (at: PickerFrame) =>
      at.hasMoreBelow || (selectedNumber(at) ?? 0) < Math.max(...at.rows.map((row) => row.number));
    for (let moves = 0; frame !== undefined && hasMore(frame) && moves < MAX_ROWS; moves += 1) {
      const before = selectedNumber(frame);
      await this.#write(KEYS.down);
      frame = await this.#frameWhere((candidate) => selectedNumber(candidate) !== before);
    }
    if (start !== undefined) await this.#moveTo(start);
    return finishRows([...this.#rows.values()], this.#facts, { openedOn: start, currentId });
  }

  // To row `number` one key at a time (never a number key, which would save a default).
  async #moveTo(number: number): Promise<void> {
    for (let step = 0; step < MAX_ROWS; step += 1) {
      const frame = await this.#frame();
      if (frame === undefined) throw this.#failure("the model picker closed.");
      const at = selectedNumber(frame);
      if (at === number) return;
      await this.#write(at === undefined || at < number ? KEYS.down : KEYS.up);
      await this.#frameWhere((candidate) => selectedNumber(candidate) !== at);
    }
    throw this.#failure(`could not move the cursor to row ${number}.`);
  }

  // The stage's numbered rows read as the picker's own (`row`: group 1 the cursor glyph).
  async #answerStage(stage: FollowUpStage, target: AgentModelOption): Promise<void> {
    if ("key" in stage.answer) return this.#write(stage.answer.key);
    const wanted = `${stage.answer.enterOnRowStarting} ${target.label}`.toLowerCase();
    for (let step = 0; step < 6; step += 1) {
      const region = stageRegion(await renderedLines(this.#context), stage);
      if (region === undefined) throw this.#failure("the confirmation closed unexpectedly.");
      const rows = region.flatMap((line) => {
        const row = this.#facts.row.exec(line);
        return row === null ? [] : [{ line, isSelected: row[1] !== undefined, text: row[3] ?? "" }];
      });
      const index = rows.findIndex((row) => row.text.trim().toLowerCase().startsWith(wanted));
      const selected = rows.findIndex((row) => row.isSelected);
      if (index === -1) {
        const shown = rows.map((row) => row.line);
        throw this.#failure(`the confirmation does not offer "${wanted}".`, { rows: shown });
      }
      if (index === selected) return this.#write(KEYS.enter);
      await this.#write(index > selected ? KEYS.down : KEYS.up, 150);
    }
    throw this.#failure("could not select the confirmation's answer.");
  }

  #isEntryListShown(lines: readonly string[]): boolean {
    const frame = readPicker(lines, this.#facts);
    return frame !== undefined && entryRowOf(frame, this.#facts) !== undefined;
  }

  /** The picker is gone and the idle composer is back. */
  #isClosedToComposer(lines: readonly string[]): boolean {
    const { dialog, hasIdleComposer } = this.#context.screen.read();
    return !isPickerVisible(lines, this.#facts) && dialog === undefined && hasIdleComposer;
  }

  async #frameWhere(
    test: (frame: PickerFrame) => boolean,
    timeoutMs = Math.min(2000, this.#remainingMs()),
    intervalMs = 30,
  ): Promise<PickerFrame | undefined> {
    const frame = await pollScreen(
      this.#context,
      (lines) => {
        const candidate = readPicker(lines, this.#facts);
        return candidate !== undefined && test(candidate) && candidate;
      },
      timeoutMs,
      intervalMs,
    );
    for (const row of frame?.rows ?? []) this.#rows.set(row.number, row);
    return frame;
  }

  #failure(message: string, details: Record<string, unknown> = {}): ElwoodError {
    return new ElwoodError(
      "model_automation_failed",
      `${this.#context.displayName} /model: ${message}`,
      { details },
    );
  }
}

function selectedNumber(frame: PickerFrame): number | undefined {
  return frame.rows.find((row) => row.isSelected)?.number;
}

/** The bottom-most region from the stage's header down to its footer, if complete. */
function stageRegion(lines: readonly string[], stage: FollowUpStage): string[] | undefined {
  const range = regionBetween(lines, stage.header, stage.footer);
  return range === undefined ? undefined : lines.slice(range[0], range[1] + 1);
}
