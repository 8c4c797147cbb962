// The runtime side of listModels()/setModel() (C-API-23/24): bad input and a missing
// picker fail before anything is queued, and the queue wait counts against timeoutMs — a
// slot that starts after the deadline writes nothing.
import { describe, expect, test } from "vitest";
import { CLAUDE_MODEL_PICKER } from "../../../../../src/claude/screen/models.js";
import { SessionClock } from "../../../../../src/core/context/clock.js";
import type { SessionContext } from "../../../../../src/core/context/session-context.js";
import { ModelOperations } from "../../../../../src/core/operations/models/model-operations.js";
import { ElwoodError } from "../../../../../src/errors.js";
import { AgentSession } from "../../../../../src/session/agent-session.js";

function fakeContext(written: string[]): SessionContext {
  const context = {
    displayName: "Claude Code",
    terminal: { sendInput: (data: string) => written.push(data) },
    lifetime: { isClosed: false },
    clock: new SessionClock(),
  };
  return context as unknown as SessionContext;
}

/** `run` gets the queued op's start; it decides when (or whether) the slot begins. */
function operations(run: (start: () => Promise<unknown>) => Promise<unknown>, withFacts = true) {
  const written: string[] = [];
  const context = fakeContext(written);
  const models = new ModelOperations({
    context,
    facts: withFacts ? { picker: CLAUDE_MODEL_PICKER } : undefined,
    env: {},
    run: <T>(_kind: string, op: (context: SessionContext) => Promise<T>) =>
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
  test("C-API-24: a non-string or empty id and a bad timeout are invalid_options, nothing queued", async () => {
    // Checked once, at the session's boundary: the runtime's models are never reached.
    let reached = 0;
    const session = new AgentSession({
      agent: "claude",
      cwd: "/tmp",
      elwoodSessionId: "s",
      initialSize: { cols: 80, rows: 24 },
      open: async () => ({
        runtime: {
          operations: { models: new Proxy({}, { get: () => () => (reached += 1) }) },
        } as never,
        resumed: false,
      }),
    });
    await expect(session.setModel("")).rejects.toMatchObject({ name: "invalid_options" });
    await expect(session.setModel(42 as unknown as string)).rejects.toMatchObject({
      name: "invalid_options",
    });
    await expect(session.listModels({ timeoutMs: 0 })).rejects.toMatchObject({
      name: "invalid_options",
    });
    expect(reached).toBe(0);
  });

  test("C-API-23: an adapter without picker facts fails model_automation_failed", () => {
    const { models } = operations(async () => undefined, false);
    expect(errorOf(() => models.listModels(30_000)).name).toBe("model_automation_failed");
  });

  test("C-API-23: a slot still queued at the deadline rejects, and when it starts it writes nothing", async () => {
    let start: (() => Promise<unknown>) | undefined;
    const { models, written } = operations((begin) => {
      start = begin;
      return new Promise(() => undefined);
    });
    const started = Date.now();
    const error = await models.listModels(50).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ElwoodError);
    expect((error as ElwoodError).name).toBe("model_automation_failed");
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(start?.()).rejects.toMatchObject({ name: "model_automation_failed" });
    expect(written).toEqual([]);
  });
});
