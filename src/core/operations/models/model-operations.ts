// listModels()/setModel() (C-API-23/24): the call's arguments, one readiness-waiting queue
// slot whose wait counts against the deadline, and the adapter's persisted-default guard
// around a switch. The picker itself is driven by picker-session.ts.
import { ElwoodError } from "../../../errors.js";
import { checkTimeoutOptions } from "../../contract/call-arguments.js";
import type { AgentModelOption, ModelOperationFacts } from "../../contract/models.js";
import type { OperationHost } from "../context.js";
import { PickerSession } from "./picker-session.js";

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

export class ModelOperations {
  readonly #host: OperationHost<ModelOperationFacts | undefined>;

  constructor(host: OperationHost<ModelOperationFacts | undefined>) {
    this.#host = host;
  }

  /** Reads every row, then Escapes; the model stays as it was. `timeoutMs`: modelTimeout. */
  listModels(timeoutMs: number): Promise<readonly AgentModelOption[]> {
    return this.#withPicker("listModels", timeoutMs, async (picker, facts) => {
      const rows = await picker.open();
      await picker.cancel();
      const saved = await facts.persistedDefault?.(this.#host.env).catch(() => undefined);
      if (saved === undefined || !rows.some((row) => row.id === saved)) return rows;
      return rows.map((row) => ({ ...row, isDefault: row.id === saved }));
    });
  }

  /** `modelId` and `timeoutMs` were checked at the session's boundary. */
  setModel(modelId: string, timeoutMs: number): Promise<void> {
    return this.#withPicker("setModel", timeoutMs, (picker, facts) => {
      const change = async () => picker.choose(await picker.open(), modelId);
      const guard = facts.defaultGuard?.(this.#host.env);
      if (guard === undefined) return change();
      const { events } = this.#host.context;
      return guard.around(change, () => events.emitWarning(guard.persistedWarning));
    });
  }

  // Throws at the call without the adapter's facts. The queue wait counts against
  // timeoutMs: a slot that starts after the deadline writes nothing, and the caller's
  // promise rejects at the deadline whatever is running.
  #withPicker<T>(
    kind: string,
    timeoutMs: number,
    run: (picker: PickerSession, facts: ModelOperationFacts) => Promise<T>,
  ): Promise<T> {
    const { clock, displayName } = this.#host.context;
    const facts = this.#host.facts;
    if (facts === undefined) {
      const message = `${displayName} has no model picker Elwood can drive.`;
      throw new ElwoodError("model_automation_failed", message);
    }
    const deadline = clock.now() + timeoutMs;
    const expired = () =>
      new ElwoodError(
        "model_automation_failed",
        `${displayName} ${kind}() did not finish within ${timeoutMs} ms.`,
        { details: { timeoutMs } },
      );
    const op = this.#host.run(kind, (context) => {
      if (clock.now() >= deadline) return Promise.reject(expired());
      return run(new PickerSession(context, facts.picker, deadline), facts);
    });
    op.catch(() => undefined);
    return clock.within(op, timeoutMs + 500, expired);
  }
}
