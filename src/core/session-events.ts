// The session's event surface: `on(name, handler) → unsubscribe`, `off`, and one emit
// helper per family, each also projected into the adapter-neutral `activity` stream
// (api.md §5.4). Listener errors are contained by the emitter.
import type { HookDispatchError, HookOutcome } from "../bridge/outcome.js";
import { TypedEmitter, type Unsubscribe } from "../events/emitter.js";
import type { TranscriptWarning } from "../transcript/types.js";
import type { StartupPromptLabel, TranscriptItem } from "./adapter.js";
import type { TerminalPort } from "./ports.js";
import { TRANSCRIPT_WARNING_MESSAGES } from "./runtime-support.js";
import type {
  AgentKind,
  ElwoodActivityEvent,
  ElwoodSessionStatus,
  ElwoodWarningEvent,
  HookErrorEvent,
  StatusEvent,
  TerminalExitEvent,
  TerminalSize,
} from "./types.js";

export interface CoreEventMap {
  "terminal:data": string;
  "terminal:exit": TerminalExitEvent;
  status: StatusEvent;
  activity: ElwoodActivityEvent;
  warning: ElwoodWarningEvent;
  hook: unknown;
  hookError: HookErrorEvent;
  resize: TerminalSize;
  [hookName: `hook:${string}`]: unknown;
  [other: string]: unknown;
}

interface WarningInput {
  readonly source: ElwoodWarningEvent["source"];
  readonly code: string;
  readonly message: string;
  readonly [detail: string]: unknown;
}

export class SessionEvents {
  readonly #emitter = new TypedEmitter<CoreEventMap>();
  readonly #terminalSubscriptions = new Map<unknown, Unsubscribe>();
  readonly #elwoodSessionId: string;
  readonly #agent: AgentKind;
  readonly #terminal: TerminalPort;

  constructor(options: { elwoodSessionId: string; agent: AgentKind; terminal: TerminalPort }) {
    this.#elwoodSessionId = options.elwoodSessionId;
    this.#agent = options.agent;
    this.#terminal = options.terminal;
  }

  on<K extends keyof CoreEventMap & string>(
    event: K,
    handler: (payload: CoreEventMap[K]) => void,
  ): Unsubscribe {
    if (event === "terminal:data") {
      // Raw output comes straight from the terminal so new subscribers get the replay.
      const unsubscribe = this.#terminal.onData(handler as (chunk: string) => void);
      this.#terminalSubscriptions.set(handler, unsubscribe);
      return () => this.off(event, handler);
    }
    return this.#emitter.on(event, handler);
  }

  off<K extends keyof CoreEventMap & string>(
    event: K,
    handler: (payload: CoreEventMap[K]) => void,
  ): void {
    if (event === "terminal:data") {
      this.#terminalSubscriptions.get(handler)?.();
      this.#terminalSubscriptions.delete(handler);
      return;
    }
    this.#emitter.off(event, handler);
  }

  emitStatus(status: ElwoodSessionStatus, previous: ElwoodSessionStatus): void {
    this.#emitter.emit("status", { status, previous });
    this.#activity({ source: "lifecycle", kind: "status", label: status, status });
  }

  emitResize(size: TerminalSize): void {
    this.#emitter.emit("resize", size);
  }

  emitWarning(input: WarningInput): void {
    const warning: ElwoodWarningEvent = {
      ...input,
      elwoodSessionId: this.#elwoodSessionId,
      agent: this.#agent,
      severity: "warning",
      raw: input.code,
    };
    this.#emitter.emit("warning", warning);
    this.#activity({
      source: input.source,
      kind: "warning",
      label: input.code,
      text: input.message,
    });
  }

  /** Transcript loss, content-free: a cause label and the path, never a count or text. */
  emitTranscriptWarning(warning: TranscriptWarning, transcriptPath: string): void {
    const { code, ...fields } = warning;
    this.emitWarning({
      source: "terminal",
      code,
      message: TRANSCRIPT_WARNING_MESSAGES[code],
      transcriptPath,
      ...(code === "transcript_records_dropped" && "reason" in fields
        ? { cause: fields.reason }
        : fields),
    });
  }

  /** The agent exited on its own but its process group could not be killed. */
  emitReapFailed(processGroupId: number, errorCode: string): void {
    this.emitWarning({
      source: "lifecycle",
      code: "reap_failed",
      message: "The agent exited but its process group could not be killed.",
      processGroupId,
      errorCode,
    });
  }

  emitHook(name: string, event: unknown): void {
    this.#emitter.emit("hook", event);
    this.#emitter.emit(`hook:${name}`, event);
  }

  emitHookResult(outcome: HookOutcome): void {
    this.#activity({
      source: "hook",
      kind: "hook",
      label: outcome.hookEventName,
      hookEventName: outcome.hookEventName,
      failedOpen: outcome.failedOpen,
      raw: outcome.decision,
    });
  }

  emitHookError(error: HookDispatchError): void {
    const event: HookErrorEvent = {
      elwoodSessionId: this.#elwoodSessionId,
      agent: this.#agent,
      hookEventName: error.hookEventName,
      category: error.category,
      message: error.message,
      ...(error.timeoutMs === undefined ? {} : { timeoutMs: error.timeoutMs }),
    };
    this.#emitter.emit("hookError", event);
    this.#activity({
      source: "hook",
      kind: "hook_error",
      label: error.category,
      text: error.message,
      hookEventName: error.hookEventName,
      failedOpen: true,
    });
  }

  emitTranscriptItem(item: TranscriptItem, transcriptPath: string): void {
    const { kind, raw, ...fields } = item;
    this.#activity({ source: "transcript", kind, label: kind, ...fields, transcriptPath, raw });
  }

  /** The adapter's content-free per-record summary, as `<agent>:transcript`. */
  emitTranscriptSummary(summary: unknown): void {
    this.#emitter.emit(`${this.#agent}:transcript`, summary);
  }

  emitStartupPrompt(label: StartupPromptLabel): void {
    this.#activity({
      source: "terminal",
      kind: "startup_prompt",
      label,
      text: `Answered the ${label} startup prompt.`,
    });
  }

  /** `dialogText`: what the dialog shows, so a user can see what to answer (sendKeys). */
  emitAttention(ruleIds: readonly string[], dialogText?: string): void {
    const waiting = "The agent is waiting for a human decision.";
    this.#activity({
      source: "terminal",
      kind: "attention",
      label: ruleIds.join(","),
      text: dialogText ? `${waiting} The dialog reads:\n${dialogText}` : waiting,
    });
  }

  emitExit(exit: TerminalExitEvent): void {
    this.#emitter.emit("terminal:exit", exit);
    this.#activity({
      source: "lifecycle",
      kind: "lifecycle",
      label: "exit",
      exitCode: exit.exitCode,
    });
  }

  emitCustom(event: string, payload: unknown): void {
    this.#emitter.emit(event, payload);
  }

  removeAll(): void {
    this.#emitter.removeAllListeners();
    for (const unsubscribe of this.#terminalSubscriptions.values()) unsubscribe();
    this.#terminalSubscriptions.clear();
  }

  #activity(fields: Omit<ElwoodActivityEvent, "elwoodSessionId" | "agent">): void {
    this.#emitter.emit("activity", {
      elwoodSessionId: this.#elwoodSessionId,
      agent: this.#agent,
      ...fields,
    } as ElwoodActivityEvent);
  }
}
