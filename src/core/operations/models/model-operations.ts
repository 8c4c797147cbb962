// The runtime side of listModels()/setModel(): validation at the call, one readiness-
// waiting queue slot that never consumes the ready transition, the deadline that the
// queue wait counts against, and the adapter's persisted-default guard around a switch.
import { ElwoodError } from "../../../errors.js";
import type { AgentModelOption, ModelOperationFacts } from "../../contract/models.js";
import type { OperationContext } from "../context.js";
import { runListModels, runSetModel } from "./run-models.js";

interface ModelOperationsHost {
  readonly context: OperationContext;
  readonly facts: ModelOperationFacts | undefined;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Runs `run` in one queue slot (readiness-waiting, not consuming the ready). */
  run<T>(kind: string, run: (context: OperationContext) => Promise<T>): Promise<T>;
}

export class ModelOperations {
  readonly #host: ModelOperationsHost;

  constructor(host: ModelOperationsHost) {
    this.#host = host;
  }

  /** `timeoutMs` was checked at the session's boundary (modelTimeout). */
  listModels(timeoutMs: number): Promise<readonly AgentModelOption[]> {
    const facts = this.#requireFacts();
    return this.#withDeadline("listModels", timeoutMs, async (context, deadline) => {
      const rows = await runListModels(context, facts.picker, deadline);
      const saved = await facts.persistedDefault?.(this.#host.env).catch(() => undefined);
      if (saved === undefined || !rows.some((row) => row.id === saved)) return rows;
      return rows.map((row) => ({ ...row, isDefault: row.id === saved }));
    });
  }

  /** `modelId` and `timeoutMs` were checked at the session's boundary. */
  setModel(modelId: string, timeoutMs: number): Promise<void> {
    const facts = this.#requireFacts();
    return this.#withDeadline("setModel", timeoutMs, (context, deadline) => {
      const change = () => runSetModel(context, facts.picker, modelId, deadline);
      const guard = facts.defaultGuard?.(this.#host.env);
      if (guard === undefined) return change();
      return guard.around(change, () => context.events.emitWarning(guard.persistedWarning));
    });
  }

  #requireFacts(): ModelOperationFacts {
    const facts = this.#host.facts;
    if (facts === undefined) {
      throw new ElwoodError(
        "model_automation_failed",
        `${this.#host.context.displayName} has no model picker Elwood can drive.`,
      );
    }
    return facts;
  }

  // The queue wait counts against timeoutMs: a slot that starts after the deadline writes
  // nothing, and the caller's promise rejects at the deadline whatever is running.
  #withDeadline<T>(
    kind: string,
    timeoutMs: number,
    run: (context: OperationContext, deadline: number) => Promise<T>,
  ): Promise<T> {
    const { clock, displayName } = this.#host.context;
    const deadline = clock.now() + timeoutMs;
    const expired = () =>
      new ElwoodError(
        "model_automation_failed",
        `${displayName} ${kind}() did not finish within ${timeoutMs} ms.`,
        { details: { timeoutMs } },
      );
    const op = this.#host.run(kind, (context) => {
      if (clock.now() >= deadline) return Promise.reject(expired());
      return run(context, deadline);
    });
    op.catch(() => undefined);
    return clock.within(op, timeoutMs + 500, expired);
  }
}
