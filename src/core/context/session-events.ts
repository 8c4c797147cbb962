// The session's event surface: `on(name, handler) → unsubscribe`, `off`, and one emit
// helper per family, each also projected into the adapter-neutral `activity` stream
// (api.md §5.4). Listener errors are contained by the emitter.
import type { HookDispatchError, HookOutcome } from "../../bridge/outcome.js";
import { type ElwoodUnsubscribe, TypedEmitter } from "../../events/emitter.js";
import type { TranscriptWarning } from "../../transcript/types.js";
import type { TranscriptItem } from "../contract/adapter.js";
import type { TerminalPort } from "../contract/ports.js";
import type { ElwoodAgentSessionEvents } from "../contract/session.js";
import type {
  ElwoodAgentId,
  ElwoodSessionStatus,
  ElwoodTerminalExitEvent,
  StartupPromptLabel,
} from "../contract/status.js";
import type { ElwoodActivityEvent, ElwoodHookErrorEvent } from "../contract/types.js";
import type {
  DistributiveOmit,
  ElwoodWarningEvent,
  ElwoodWarningInput,
} from "../contract/warnings.js";

const TRANSCRIPT_WARNING_MESSAGES: Record<TranscriptWarning["code"], string> = {
  transcript_records_dropped: "Some committed transcript records could not be read.",
  transcript_read_error: "Reading the agent's transcript failed; activity may be incomplete.",
  transcript_poll_stopped: "Stopped following the agent's transcript after repeated failures.",
};

// Derived from the public map (one source, issue 20): the mapped copy is a type literal, not
// an interface, so it satisfies the emitter's string-keyed map; the rest is core-internal.
export type CoreEventMap = {
  [K in keyof ElwoodAgentSessionEvents]: ElwoodAgentSessionEvents[K];
} & {
  hook: unknown;
  /** Parsed hook events by name; the adapter's event map types them for callers. */
  [hookName: `hook:${string}`]: unknown;
  /** The adapter's content-free transcript summary (`codex:transcript`). */
  [summary: `${string}:transcript`]: unknown;
};

type ActivityInput = DistributiveOmit<ElwoodActivityEvent, "elwoodSessionId" | "agent">;

export class SessionEvents {
  readonly #emitter = new TypedEmitter<CoreEventMap>(() => {
    this.#listenerFailures += 1;
  });
  #listenerFailures = 0;
  readonly #terminalSubscriptions = new Map<unknown, ElwoodUnsubscribe>();
  /** What every event and activity is stamped with. */
  readonly #identity: { readonly elwoodSessionId: string; readonly agent: ElwoodAgentId };
  readonly #terminal: TerminalPort;

  constructor(options: { elwoodSessionId: string; agent: ElwoodAgentId; terminal: TerminalPort }) {
    const { terminal, ...identity } = options;
    this.#identity = identity;
    this.#terminal = terminal;
  }

  /** How many listener calls have thrown so far (contained; the first ready watches it). */
  get listenerFailureCount(): number {
    return this.#listenerFailures;
  }

  on<K extends keyof CoreEventMap & string>(
    event: K,
    handler: (payload: CoreEventMap[K]) => void,
  ): ElwoodUnsubscribe {
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

  /** A write that reached the PTY (launcher-wired): only its listeners pay for the text. */
  emitTerminalInput(input: string | Uint8Array): void {
    if (this.#emitter.listenerCount("terminal:input") === 0) return;
    const text = typeof input === "string" ? input : Buffer.from(input).toString("utf8");
    this.#emitter.emit("terminal:input", text);
  }

  /** The events that have no activity twin: turn progress, resizes and loops, as they are. */
  emit<K extends "turn" | "resize" | "loop">(event: K, payload: CoreEventMap[K]): void {
    this.#emitter.emit(event, payload);
  }

  emitStatus(status: ElwoodSessionStatus, previous: ElwoodSessionStatus): void {
    this.#emitter.emit("status", { status, previous });
    this.#activity({ source: "lifecycle", kind: "status", label: status, status });
  }

  emitWarning(input: ElwoodWarningInput): void {
    const warning: ElwoodWarningEvent = {
      ...input,
      ...this.#identity,
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
    const { code } = warning;
    const message = TRANSCRIPT_WARNING_MESSAGES[code];
    const common = { source: "terminal", message, transcriptPath } as const;
    if (code === "transcript_records_dropped") {
      this.emitWarning({ ...common, code, cause: warning.reason });
    } else if (code === "transcript_read_error") {
      this.emitWarning({ ...common, code, lastErrorCode: warning.errorCode });
    } else {
      this.emitWarning({ ...common, code, reason: warning.reason, phase: warning.phase });
    }
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
    // The event is the dispatcher's error (timeoutMs only on a real timeout), stamped.
    const event: ElwoodHookErrorEvent = { ...this.#identity, ...error };
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
    // Token usage is no activity: it reaches callers through turns and `session.usage`.
    if (item.kind === "usage") return;
    this.#activity({ ...item, source: "transcript", label: item.kind, transcriptPath });
  }

  /** The adapter's content-free per-record summary, as `<agent>:transcript`. */
  emitTranscriptSummary(summary: unknown): void {
    this.#emitter.emit(`${this.#identity.agent}:transcript`, summary);
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

  emitExit(exit: ElwoodTerminalExitEvent): void {
    this.#emitter.emit("terminal:exit", exit);
    this.#activity({
      source: "lifecycle",
      kind: "lifecycle",
      label: "exit",
      exitCode: exit.exitCode,
    });
  }

  #activity(fields: ActivityInput): void {
    this.#emitter.emit("activity", { ...this.#identity, ...fields });
  }
}
