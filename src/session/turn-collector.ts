// One ergonomic turn: submit, collect the turn's transcript content, and decide when it
// is complete (seeds §5.8 "Turn boundary"). The oracle: after `ready`, the turn ends
// once the transcript's assistant text contains the turn-end hook's expected text; with
// no expected text, after a short quiet window; expected text that never arrives within
// catchUpMs fails with wait_timeout. A ready with no sign the prompt was accepted is
// replayed at most twice. Buffers are bounded by count and bytes.
import type { ElwoodAgentSession } from "../core/agent-session.js";
import type { ElwoodActivityEvent, ElwoodSessionStatus } from "../core/types.js";
import { isTerminalStatus } from "../core/types.js";
import { ElwoodError } from "../errors.js";
import type { Unsubscribe } from "../events/emitter.js";
import type { ElwoodStreamEvent } from "./stream-events.js";

export const DEFAULT_CATCH_UP_MS = 10_000;
const QUIET_WINDOW_MS = 400;
const ACCEPTANCE_WAIT_MS = 1500;
const MAX_REPLAYS = 2;
const MAX_BUFFERED_EVENTS = 10_000;
const MAX_BUFFERED_BYTES = 32 * 1024 * 1024;
const ORACLE_WINDOW_CHARS = 256 * 1024;

/** The agent-specific bits a turn needs from hook events (normalized per adapter). */
export interface TurnSignals {
  /** Expected final text when `hook` is the turn-end hook ("" when it carries none). */
  expectedTextOf(hook: unknown): string | undefined;
  /** True when `hook` proves the agent accepted a submitted prompt. */
  isPromptAccepted(hook: unknown): boolean;
}

// Every agent session also emits `hook`; the common type leaves it to each adapter.
type LooseOn = (event: string, handler: (payload: never) => void) => Unsubscribe;

type Outcome = { readonly kind: "done" } | { readonly kind: "failed"; readonly error: unknown };

const normalize = (text: string): string => text.replace(/\s+/g, " ").trim();

export class TurnCollector {
  readonly #session: ElwoodAgentSession;
  readonly #signals: TurnSignals;
  readonly #prompt: string;
  readonly #catchUpMs: number;
  readonly #queue: ElwoodStreamEvent[] = [];
  readonly #unsubscribers: Unsubscribe[] = [];
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  #queuedBytes = 0;
  #wake: (() => void) | undefined;
  #outcome: Outcome | undefined;
  #isSubmitted = false;
  #isAccepted = false;
  #expected: string | undefined;
  #window = "";
  #readyAt: number | undefined;
  #lastContentAt = 0;
  #replays = 0;
  #isConsumerGone = false;
  #boundary: Promise<void>;
  #reachBoundary: () => void = () => {};

  constructor(options: {
    readonly session: ElwoodAgentSession;
    readonly signals: TurnSignals;
    readonly prompt: string;
    readonly catchUpMs?: number;
    readonly timeoutMs?: number;
  }) {
    this.#session = options.session;
    this.#signals = options.signals;
    this.#prompt = options.prompt;
    this.#catchUpMs = options.catchUpMs ?? DEFAULT_CATCH_UP_MS;
    this.#boundary = new Promise((resolve) => {
      this.#reachBoundary = resolve;
    });
    if (options.timeoutMs !== undefined) {
      const timeoutMs = options.timeoutMs;
      this.#timer(
        () => this.#fail(timeout(`the turn (timeoutMs ${timeoutMs})`, timeoutMs)),
        timeoutMs,
      );
    }
  }

  /** Resolves when the agent reached its real boundary (done, or ready/terminal after a failure). */
  get boundary(): Promise<void> {
    return this.#boundary;
  }

  /** Subscribe first, then submit, so no early event of the turn is missed. */
  async start(): Promise<void> {
    const on = (this.#session.on as unknown as LooseOn).bind(this.#session);
    this.#unsubscribers.push(
      on("activity", (event: ElwoodActivityEvent) => this.#onActivity(event)),
      on("hook", (hook: unknown) => this.#onHook(hook)),
      on("status", (event: { status: ElwoodSessionStatus }) => this.#onStatus(event.status)),
    );
    if (isTerminalStatus(this.#session.status)) {
      this.#finish({ kind: "failed", error: notRunning(this.#session.status) });
      return;
    }
    try {
      await this.#session.sendMessage(this.#prompt);
      this.#markSubmitted();
    } catch (error) {
      this.#finish({ kind: "failed", error });
    }
  }

  // A short turn can finish before the write that submitted it settles; a ready seen
  // after this turn's acceptance still ends it once the submission is known written.
  #markSubmitted(): void {
    this.#isSubmitted = true;
    if (this.#isAccepted && this.#session.status === "ready") this.#onStatus("ready");
  }

  /** The consumer stopped reading; collection continues silently until the boundary. */
  abandon(): void {
    this.#isConsumerGone = true;
    this.#queue.length = 0;
    this.#queuedBytes = 0;
  }

  async *events(): AsyncGenerator<ElwoodStreamEvent, void, undefined> {
    for (;;) {
      const next = this.#queue.shift();
      if (next !== undefined) {
        this.#queuedBytes -= sizeOf(next);
        yield next;
        continue;
      }
      const outcome = this.#outcome;
      if (outcome !== undefined) {
        if (outcome.kind === "failed") throw outcome.error;
        return;
      }
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
  }

  #onActivity(event: ElwoodActivityEvent): void {
    if (this.#outcome !== undefined || event.source !== "transcript") return;
    const streamEvent = toStreamEvent(event);
    if (event.kind === "user_message" || streamEvent !== undefined) this.#isAccepted = true;
    if (streamEvent === undefined) return;
    this.#lastContentAt = Date.now();
    if (streamEvent.type === "text") {
      this.#window = (this.#window + normalize(streamEvent.text)).slice(-ORACLE_WINDOW_CHARS);
    }
    this.#push(streamEvent);
    this.#check();
  }

  #onHook(hook: unknown): void {
    if (this.#outcome !== undefined) return;
    if (this.#signals.isPromptAccepted(hook)) this.#isAccepted = true;
    const expected = this.#signals.expectedTextOf(hook);
    if (expected === undefined) return;
    this.#isAccepted = true;
    this.#expected = normalize(expected).slice(-ORACLE_WINDOW_CHARS / 2);
    this.#check();
  }

  #onStatus(status: ElwoodSessionStatus): void {
    if (isTerminalStatus(status)) {
      // The CLI dying by itself mid-turn is a failure stream() throws and send() rejects
      // with (prd/decisions.md "Crash recovery"); a caller's stop/kill ends it quietly.
      if (this.#outcome === undefined) {
        this.#finish(
          status === "exited" ? { kind: "failed", error: diedMidTurn() } : { kind: "done" },
        );
      }
      this.#reachBoundary();
      return;
    }
    if (status !== "ready") return;
    if (this.#outcome !== undefined) {
      // After a failure the slot is held until a real ready, then a short drain.
      this.#timer(() => this.#reachBoundary(), QUIET_WINDOW_MS);
      return;
    }
    if (!this.#isSubmitted) return;
    this.#readyAt = Date.now();
    this.#check();
  }

  #check(): void {
    if (this.#outcome !== undefined || this.#readyAt === undefined) return;
    if (!this.#isAccepted) {
      const readyAt = this.#readyAt;
      this.#timer(() => this.#retryUnaccepted(readyAt), ACCEPTANCE_WAIT_MS);
      return;
    }
    const expected = this.#expected;
    if (expected !== undefined && expected.length > 0) {
      if (this.#window.includes(expected)) {
        this.#finish({ kind: "done" });
        return;
      }
      const readyAt = this.#readyAt;
      this.#timer(() => {
        if (this.#readyAt === readyAt) {
          this.#fail(timeout("the transcript to catch up with the finished turn", this.#catchUpMs));
        }
      }, this.#catchUpMs);
      return;
    }
    const quietSince = Math.max(this.#readyAt, this.#lastContentAt);
    const remaining = QUIET_WINDOW_MS - (Date.now() - quietSince);
    if (remaining <= 0) this.#finish({ kind: "done" });
    else this.#timer(() => this.#check(), remaining);
  }

  // A ready with no hook, content or user message after it: the paste was lost.
  #retryUnaccepted(readyAt: number): void {
    if (this.#outcome !== undefined || this.#isAccepted || this.#readyAt !== readyAt) return;
    if (this.#replays >= MAX_REPLAYS) {
      this.#fail(timeout("the agent to accept the prompt", ACCEPTANCE_WAIT_MS));
      return;
    }
    this.#replays += 1;
    this.#readyAt = undefined;
    this.#isSubmitted = false;
    this.#session.sendMessage(this.#prompt).then(
      () => this.#markSubmitted(),
      (error: unknown) => this.#finish({ kind: "failed", error }),
    );
  }

  #push(event: ElwoodStreamEvent): void {
    if (this.#isConsumerGone) return;
    this.#queue.push(event);
    this.#queuedBytes += sizeOf(event);
    if (this.#queue.length > MAX_BUFFERED_EVENTS || this.#queuedBytes > MAX_BUFFERED_BYTES) {
      this.#queue.length = 0;
      this.#queuedBytes = 0;
      this.#fail(timeout("the consumer to read buffered turn events", 0));
      return;
    }
    this.#wakeConsumer();
  }

  #fail(error: unknown): void {
    if (this.#outcome !== undefined) return;
    this.#finish({ kind: "failed", error });
    if (this.#session.status === "ready") this.#timer(() => this.#reachBoundary(), QUIET_WINDOW_MS);
  }

  #finish(outcome: Outcome): void {
    if (this.#outcome !== undefined) return;
    this.#outcome = outcome;
    if (outcome.kind === "done" || isTerminalStatus(this.#session.status)) {
      this.#dispose();
      this.#reachBoundary();
    } else {
      // Keep listening for the real boundary (ready or terminal) before releasing.
      for (const timer of this.#timers) clearTimeout(timer);
      this.#timers.clear();
    }
    this.#wakeConsumer();
  }

  #dispose(): void {
    for (const unsubscribe of this.#unsubscribers.splice(0)) unsubscribe();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  /** Releases listeners once the boundary is reached (also after failures). */
  close(): void {
    void this.#boundary.then(() => this.#dispose());
  }

  #wakeConsumer(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  #timer(callback: () => void, ms: number): void {
    const handle = setTimeout(() => {
      this.#timers.delete(handle);
      callback();
    }, ms);
    this.#timers.add(handle);
  }
}

function toStreamEvent(event: ElwoodActivityEvent): ElwoodStreamEvent | undefined {
  switch (event.kind) {
    case "assistant_message":
      return { type: "text", text: event.text ?? "" };
    case "reasoning":
      return { type: "thinking", text: event.text ?? "" };
    case "tool_call":
      return {
        type: "tool_call",
        name: event.toolName ?? "unknown",
        ...(event.toolInput === undefined ? {} : { input: event.toolInput }),
      };
    case "tool_result":
      return {
        type: "tool_result",
        ...(event.toolName === undefined ? {} : { name: event.toolName }),
        ...(event.toolOutput === undefined ? {} : { output: event.toolOutput }),
      };
    default:
      return undefined;
  }
}

function sizeOf(event: ElwoodStreamEvent): number {
  const text = "text" in event ? event.text : "input" in event ? (event.input ?? "") : "";
  const output = "output" in event ? (event.output ?? "") : "";
  return 64 + text.length * 2 + output.length * 2;
}

function timeout(what: string, timeoutMs: number): ElwoodError {
  return new ElwoodError("wait_timeout", `Timed out waiting for ${what}.`, {
    details: { timeoutMs },
  });
}

function diedMidTurn(): ElwoodError {
  return new ElwoodError(
    "session_not_running",
    "The agent exited by itself before the turn completed; resume the session to continue the conversation.",
    { details: { status: "exited" } },
  );
}

function notRunning(status: ElwoodSessionStatus): ElwoodError {
  return new ElwoodError(
    "session_not_running",
    `The session is not running (status "${status}").`,
    {
      details: { status },
    },
  );
}
