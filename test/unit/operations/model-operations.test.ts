// The runtime side of listModels()/setModel() (C-API-23/24): bad input and a missing
// picker fail before anything is queued, and the queue wait counts against timeoutMs — a
// slot that starts after the deadline writes nothing.
import { describe, expect, test } from "vitest";
import { CLAUDE_MODEL_PICKER } from "../../../src/claude/screen/models.js";
import type { OperationContext } from "../../../src/core/operations/context.js";
import { ModelOperations } from "../../../src/core/operations/models/model-operations.js";
import { ElwoodError } from "../../../src/errors.js";

function fakeContext(written: string[]): OperationContext {
  const context = {
    displayName: "Claude Code",
    terminal: { sendInput: (data: string) => written.push(data) },
    isClosed: () => false,
  };
  return context as unknown as OperationContext;
}

/** `run` gets the queued op's start; it decides when (or whether) the slot begins. */
function operations(run: (start: () => Promise<unknown>) => Promise<unknown>, withFacts = true) {
  const written: string[] = [];
  const context = fakeContext(written);
  const models = new ModelOperations({
    context,
    facts: withFacts ? { picker: CLAUDE_MODEL_PICKER } : undefined,
    env: {},
    run: <T>(_kind: string, op: (context: OperationContext) => Promise<T>) =>
      run(() => op(context)) as Promise<T>,
  });
  return { models, written };
}

function errorOf(run: () => unknown): ElwoodError {
  try {
    run();
  } catch (error) {
    if (error instanceof ElwoodError) return error;
  }
  throw new Error("expected an ElwoodError");
}

describe("model operations before the picker", () => {
  test("C-API-24: a non-string or empty id and a bad timeout are invalid_options, nothing queued", () => {
    let queued = 0;
    const { models } = operations(async () => {
      queued += 1;
    });
    expect(errorOf(() => models.setModel("")).name).toBe("invalid_options");
    expect(errorOf(() => models.setModel(42 as unknown as string)).name).toBe("invalid_options");
    expect(errorOf(() => models.listModels({ timeoutMs: 0 })).name).toBe("invalid_options");
    expect(queued).toBe(0);
  });

  test("C-API-23: an adapter without picker facts fails model_automation_failed", () => {
    const { models } = operations(async () => undefined, false);
    expect(errorOf(() => models.listModels()).name).toBe("model_automation_failed");
  });

  test("C-API-23: a slot still queued at the deadline rejects, and when it starts it writes nothing", async () => {
    let start: (() => Promise<unknown>) | undefined;
    const { models, written } = operations((begin) => {
      start = begin;
      return new Promise(() => undefined);
    });
    const started = Date.now();
    const error = await models.listModels({ timeoutMs: 50 }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ElwoodError);
    expect((error as ElwoodError).name).toBe("model_automation_failed");
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(start?.()).rejects.toMatchObject({ name: "model_automation_failed" });
    expect(written).toEqual([]);
  });
});
