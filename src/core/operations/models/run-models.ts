// listModels() / setModel() (api.md "listModels / setModel", C-API-23/24): both open the
// real `/model` picker inside one queue slot. listModels reads every row and Escapes;
// setModel moves the cursor to the row (never a number key, which would save a default),
// applies it for this session only, answers the follow-up stages the adapter lists (its
// own cache warning or effort list, nothing else) and resolves once the composer is back.
import { ElwoodError } from "../../../errors.js";
import { KEYS } from "../../../terminal/input.js";
import { checkTimeoutOptions } from "../../contract/call-arguments.js";
import type { AgentModelOption, FollowUpStage, ModelPickerFacts } from "../../contract/models.js";
import { type OperationContext, pollScreen, renderedLines } from "../context.js";
import { regionBetween } from "./parse-picker.js";
import { modelFailure, PickerSession } from "./picker-session.js";

const DEFAULT_MODEL_TIMEOUT_MS = 30_000;

export function modelTimeout(options: { readonly timeoutMs?: number } | undefined): number {
  return checkTimeoutOptions(options, "Model operation") ?? DEFAULT_MODEL_TIMEOUT_MS;
}

export function validModelId(id: unknown): string {
  if (typeof id !== "string" || id.trim() === "") {
    throw new ElwoodError(
      "invalid_options",
      `setModel() takes a model id string such as "sonnet" or "gpt-5.4"; got ${JSON.stringify(id)}. listModels() shows the ids.`,
    );
  }
  return id.trim().toLowerCase();
}

/** Reads every row, then Escapes; the model stays as it was. */
export async function runListModels(
  context: OperationContext,
  facts: ModelPickerFacts,
  deadline: number,
): Promise<readonly AgentModelOption[]> {
  const picker = new PickerSession(context, facts, deadline);
  const first = await picker.open();
  try {
    return await picker.allRows(first);
  } finally {
    await picker.cancel();
  }
}

export async function runSetModel(
  context: OperationContext,
  facts: ModelPickerFacts,
  id: string,
  deadline: number,
): Promise<void> {
  const picker = new PickerSession(context, facts, deadline);
  const first = await picker.open();
  let isDone = false;
  try {
    const rows = await picker.allRows(first);
    const target = rows.find((row) => row.id === id);
    if (target === undefined) {
      const ids = rows.map((row) => row.id);
      throw modelFailure(context, `no model "${id}" in the picker; available: ${ids.join(", ")}.`, {
        id,
        availableIds: ids,
      });
    }
    if (target.isCurrent) return;
    // Rows are numbered 1..n in list order (finishRows sorts them by number).
    await picker.moveTo(rows.indexOf(target) + 1);
    await picker.write(facts.sessionKeyOnList ?? KEYS.enter);
    // Each follow-up stage is answered only when it shows, revalidated right before the key.
    for (const stage of facts.followUps) {
      const seen = await pollScreen(
        context,
        (lines) => {
          if (stageRegion(lines, stage) !== undefined) return "stage" as const;
          return picker.isClosedToComposer(lines) ? ("closed" as const) : undefined;
        },
        Math.min(3000, picker.remainingMs()),
        50,
      );
      if (seen !== "stage") break;
      await answerStage(context, picker, stage, target, facts.row);
    }
    if (!(await picker.untilComposer())) {
      throw modelFailure(context, `the picker did not close after choosing "${id}".`, { id });
    }
    isDone = true;
  } finally {
    if (!isDone) await picker.cancel();
  }
}

// The stage's numbered rows read as the picker's own (`row`: group 1 the cursor glyph).
async function answerStage(
  context: OperationContext,
  picker: PickerSession,
  stage: FollowUpStage,
  target: AgentModelOption,
  rowPattern: RegExp,
): Promise<void> {
  if ("key" in stage.answer) {
    await picker.write(stage.answer.key);
    return;
  }
  const wanted = `${stage.answer.enterOnRowStarting} ${target.label}`.toLowerCase();
  for (let step = 0; step < 6; step += 1) {
    const region = stageRegion(await renderedLines(context), stage);
    if (region === undefined) throw modelFailure(context, "the confirmation closed unexpectedly.");
    const rows = region.flatMap((line) => {
      const row = rowPattern.exec(line);
      return row === null ? [] : [{ line, isSelected: row[1] !== undefined, text: row[3] ?? "" }];
    });
    const index = rows.findIndex((row) => row.text.trim().toLowerCase().startsWith(wanted));
    const selected = rows.findIndex((row) => row.isSelected);
    if (index === -1) {
      const shown = rows.map((row) => row.line);
      throw modelFailure(context, `the confirmation does not offer "${wanted}".`, { rows: shown });
    }
    if (index === selected) {
      await picker.write(KEYS.enter);
      return;
    }
    await picker.write(index > selected ? KEYS.down : KEYS.up, 150);
  }
  throw modelFailure(context, "could not select the confirmation's answer.");
}

/** The bottom-most region from the stage's header down to its footer, if complete. */
function stageRegion(lines: readonly string[], stage: FollowUpStage): string[] | undefined {
  const range = regionBetween(lines, stage.header, stage.footer);
  return range === undefined ? undefined : lines.slice(range[0], range[1] + 1);
}
