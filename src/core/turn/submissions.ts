// Every submission goes through the control queue and is delivered (./delivery.ts) as a
// turn the turn owner begins; raw input goes around the queue (seeds §5.8, api.md "Raw input").
import { ElwoodError } from "../../errors.js";
import type { ElwoodUnsubscribe } from "../../events/emitter.js";
import { KEYS } from "../../terminal/input.js";
import type { OperationClass } from "../context/control-queue.js";
import type { SessionContext } from "../context/session-context.js";
import type {
  AdmittedImages,
  CheckedTurnOptions,
  ElwoodStreamEvent,
  ImageSnapshot,
} from "../contract/turn.js";
import { type ComposerGuard, isTerminalReport } from "./composer-guard.js";
import { DEFAULT_ENTER_TIMING, Delivery } from "./delivery.js";
import type { StreamBinding, Turn } from "./turn.js";
import { TurnStream } from "./turn-stream.js";
import type { Turns } from "./turns.js";

export interface SubmissionsOptions {
  readonly context: SessionContext;
  readonly turns: Turns;
  admitImages(images: readonly ImageSnapshot[]): AdmittedImages;
  readonly composerGuard: ComposerGuard;
  /** Waits for the conversation id's record write in flight (never rejects). */
  settleRecord(): Promise<void>;
}

interface Submission {
  /** Resolves once the first Enter is written (api.md); settles with the turn once the op is done. */
  readonly written: Promise<void>;
  readonly settled: Promise<Turn | undefined>;
  readonly begun: () => Turn | undefined;
}

export class Submissions {
  readonly #options: SubmissionsOptions;
  readonly #context: SessionContext;
  readonly #turns: Turns;
  /** Ergonomic turns run one at a time, each until the agent's real turn boundary. */
  #slotTail: Promise<void> = Promise.resolve();
  readonly #callerInputListeners = new Set<() => void>();
  #rawInputTurn: Turn | undefined;

  constructor(options: SubmissionsOptions) {
    this.#options = options;
    this.#context = options.context;
    this.#turns = options.turns;
  }

  /** One ergonomic turn; it holds the slot until the agent's real boundary (seeds §5.8). */
  async *stream(prompt: string, options: CheckedTurnOptions): AsyncGenerator<ElwoodStreamEvent> {
    const { clock } = this.#context;
    const spentMs = options.spentMs ?? 0;
    const waitStartedAt = clock.now() - spentMs;
    const release = await this.#takeSlot(options.timeoutMs, spentMs);
    const stream = new TurnStream();
    let cancelTimeout = (): void => {};
    if (options.timeoutMs !== undefined) {
      // One bound for the whole call: time spent starting or waiting for the slot is spent.
      const timeoutMs = options.timeoutMs;
      const remaining = Math.max(1, timeoutMs - (clock.now() - waitStartedAt));
      cancelTimeout = clock.set(() => {
        this.#turns.onCallerTimeout(submission.begun() ?? stream, timeoutMs);
      }, remaining);
    }
    const binding = { stream, catchUpMs: options.catchUpMs };
    const submission = this.#submit("message", "readiness", prompt, options.images, binding);
    submission.written.catch((error: unknown) => this.#turns.onSubmissionFailed(stream, error));
    try {
      yield* stream.events();
      // The text can complete a turn while the conversation id is still on its way to disk
      // (Claude flushes its transcript after the Stop hook): a caller resuming right after
      // the turn must find it (the empty-resume e2e caught this race in stop 35's CI).
      await this.#options.settleRecord();
    } finally {
      cancelTimeout();
      stream.abandon();
      void submission.settled.then((turn) => turn?.boundary).then(release, release);
    }
  }

  submit(kind: "message" | "prompt", text: string, images: readonly ImageSnapshot[] = []) {
    return this.#submit(kind, kind === "message" ? "readiness" : "immediate", text, images).written;
  }

  /** Guidance waits like a message before first readiness, when blocked or ready. */
  guidance(text: string, images: readonly ImageSnapshot[] = []): Promise<void> {
    const { status, hasBeenReady } = this.#context.status;
    const waits = !hasBeenReady || status === "blocked" || status === "ready";
    return this.#submit("guidance", waits ? "readiness" : "immediate", text, images).written;
  }

  /** A due loop's message (seeds §5.9): not caller input. */
  submitLoop(text: string): Promise<void> {
    return this.#submit("loop", "readiness", text).written;
  }

  /** Never sanitized; the current delivery stops typing. */
  takeRawInput(input: string | Uint8Array): void {
    this.#context.lifetime.assertLive();
    this.#notifyCallerInput();
    // A terminal's own reports (focus, cursor position) are no person taking the composer.
    if (!isTerminalReport(input)) this.#rawInputTurn = this.#turns.current;
    if (input === KEYS.escape) this.#turns.noteInterruptRequested();
    this.#options.composerGuard.noteKeys(input);
    this.#context.terminal.sendInput(input);
  }

  /** Caller input (all but a loop's): loops count it as activity. */
  onCallerInput(listener: () => void): ElwoodUnsubscribe {
    this.#callerInputListeners.add(listener);
    return () => this.#callerInputListeners.delete(listener);
  }

  #submit(
    kind: string,
    operationClass: OperationClass,
    text: string,
    images: readonly ImageSnapshot[] = [],
    binding?: StreamBinding,
  ): Submission {
    const { lifetime, status, queue } = this.#context;
    if (!lifetime.isLive) return refused(lifetime.notRunning());
    let admitted: AdmittedImages;
    try {
      admitted = this.#options.admitImages(images);
    } catch (error) {
      return refused(error);
    }
    if (kind !== "loop") this.#notifyCallerInput();
    let turn: Turn | undefined;
    let markWritten: () => void = () => {};
    const written = new Promise<void>((resolve) => {
      markWritten = resolve;
    });
    const signal = binding?.stream.givenUp;
    const deliver = async (): Promise<void> => {
      const holdsReadiness = operationClass === "readiness";
      const mark = await this.#options.composerGuard.waitForFree({ kind, holdsReadiness, signal });
      // A failed attach submitted nothing: give back the ready transition this op consumed.
      const separator = await admitted.attach(() => {
        if (operationClass === "readiness") status.apply("submission_abandoned", kind);
      });
      const begun = this.#turns.begin(kind, `${separator}${text}`, binding);
      turn = begun;
      begun.onChange((change) => {
        if (change.kind !== "submitted" && change.kind !== "accepted") return;
        if (operationClass === "immediate") status.apply("submitted", `${kind} written`);
        markWritten();
      });
      try {
        await new Delivery(this.#context, {
          turn: begun,
          pasteChip: this.#turns.signals.pasteChip,
          enterTiming: this.#turns.signals.enterTiming ?? DEFAULT_ENTER_TIMING,
          guard: this.#options.composerGuard,
          keysMark: mark,
          holdsReadiness,
          isSuperseded: () => this.#turns.current !== begun || this.#rawInputTurn === begun,
          accept: (evidence) => this.#turns.accept(begun, evidence),
        }).run();
      } catch (error) {
        this.#turns.onDeliveryFailed(begun, error);
        if (!begun.isSubmitted) throw error;
      }
    };
    const op = queue.enqueue({
      kind,
      operationClass,
      bytes: Buffer.byteLength(text, "utf8"),
      run: deliver,
      ...(signal === undefined ? {} : { signal }),
    });
    const settled = op.then(
      () => turn,
      () => turn,
    );
    void settled.finally(() => admitted.release());
    return {
      written: Promise.race([written, op.then(() => undefined)]),
      settled,
      begun: () => turn,
    };
  }

  // Resolves with a release once every earlier holder released. A caller's timeoutMs covers
  // this wait too (`spentMs` of it are gone): the previous agent may never be back.
  #takeSlot(timeoutMs: number | undefined, spentMs: number): Promise<() => void> {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.#slotTail;
    this.#slotTail = previous.then(() => held);
    // Resolving twice is harmless: a release after the timeout's give-up is a no-op.
    const acquired = previous.then(() => release);
    if (timeoutMs === undefined) return acquired;
    return this.#context.clock.within(acquired, Math.max(1, timeoutMs - spentMs), () => {
      // Too late to run: pass the turn on as soon as it comes.
      void acquired.then((giveUp) => giveUp());
      return new ElwoodError(
        "wait_timeout",
        `Timed out waiting for the previous turn to end (timeoutMs ${timeoutMs}); the agent has not come back to ready since it.`,
        { details: { timeoutMs } },
      );
    });
  }

  #notifyCallerInput(): void {
    for (const listener of [...this.#callerInputListeners]) listener();
  }
}

/** A submission refused at the call: nothing was queued, no turn will begin. */
function refused(error: unknown): Submission {
  return {
    written: Promise.reject(error),
    settled: Promise.resolve(undefined),
    begun: () => undefined,
  };
}
