// Every submission — message, prompt, guidance, loop turn, persona, and the prompt of a
// `stream()`/`send()` — goes through the control queue and is delivered with verification
// (./delivery.ts) as a turn the turn owner (./turns.ts) begins; delivery's evidence goes
// to that owner, which alone decides acceptance and end. Raw input goes around the queue.
// (seeds §5.8, api.md "Resolves when written", "Raw input".)
import type { ElwoodError } from "../../errors.js";
import type { ElwoodUnsubscribe } from "../../events/emitter.js";
import { KEYS } from "../../terminal/input.js";
import type { OperationClass } from "../context/control-queue.js";
import type { SessionContext } from "../context/session-context.js";
import type { TurnSignals } from "../contract/adapter.js";
import { type ElwoodSessionStatus, isTerminalStatus } from "../contract/status.js";
import type {
  AdmittedImages,
  CheckedTurnOptions,
  ElwoodStreamEvent,
  ImageSnapshot,
} from "../contract/turn.js";
import type { ComposerGuard } from "./composer-guard.js";
import { deliverTurn } from "./delivery.js";
import { isTerminalReport } from "./human-draft.js";
import type { StreamBinding } from "./open-turns.js";
import type { Turn } from "./turn.js";
import { asElwoodError, exitedMidTurn, isExitError, timeout } from "./turn-errors.js";
import type { TurnProgress } from "./turn-progress.js";
import { TurnSlot } from "./turn-slot.js";
import { TurnStream } from "./turn-stream.js";
import type { Turns } from "./turns.js";

/** A CLI exit a submission learned of first is announced with the status, at most this late. */
const EXIT_STATUS_GRACE_MS = 2_000;

export interface SubmissionsOptions {
  readonly context: SessionContext;
  readonly turns: Turns;
  readonly signals: TurnSignals;
  /** Reserves a submission's images (checked at the session's boundary) synchronously. */
  admitImages(images: readonly ImageSnapshot[]): AdmittedImages;
  /** No prompt is typed over a person's draft (./composer-guard.ts, issue 25). */
  readonly composerGuard: ComposerGuard;
}

interface Submission {
  /** Resolves once the first Enter is written (api.md "Resolves when written"). */
  readonly written: Promise<void>;
  /** Settles with the turn once the queue op is done (undefined: it never began). */
  readonly settled: Promise<TurnProgress | undefined>;
  /** The turn, once the queue op began it. */
  readonly begun: () => TurnProgress | undefined;
}

export class Submissions {
  readonly #options: SubmissionsOptions;
  readonly #context: SessionContext;
  readonly #turns: Turns;
  readonly #slot: TurnSlot;
  readonly #callerInputListeners = new Set<() => void>();
  /** Streams whose submission learned of the CLI's exit before the status announced it. */
  readonly #exitedStreams = new Map<TurnStream, ElwoodError>();
  /** The turn whose composer a person's raw keys took last. */
  #rawInputTurn: Turn | undefined;

  constructor(options: SubmissionsOptions) {
    this.#options = options;
    this.#context = options.context;
    this.#slot = new TurnSlot(options.context.clock);
    this.#turns = options.turns;
  }

  /**
   * One ergonomic turn: its content in arrival order, ending as the turn ends. It holds the
   * turn slot until the agent's real boundary, not merely until its reader stops (§5.8).
   */
  async *stream(prompt: string, options: CheckedTurnOptions): AsyncGenerator<ElwoodStreamEvent> {
    const { clock } = this.#context;
    const spentMs = options.spentMs ?? 0;
    const waitStartedAt = clock.now() - spentMs;
    const release = await this.#slot.acquire(options.timeoutMs, spentMs);
    const stream = new TurnStream();
    let cancelTimeout = (): void => {};
    if (options.timeoutMs !== undefined) {
      // One bound for the whole call: time spent starting or waiting for the slot is spent.
      const timeoutMs = options.timeoutMs;
      const remaining = Math.max(1, timeoutMs - (clock.now() - waitStartedAt));
      cancelTimeout = clock.set(() => {
        const error = timeout(`the turn (timeoutMs ${timeoutMs})`, timeoutMs);
        const progress = submission.begun();
        if (progress !== undefined) progress.turn.fail(error);
        else stream.fail(error);
      }, remaining);
    }
    const binding = { stream, catchUpMs: options.catchUpMs };
    const submission = this.#submit("message", "readiness", prompt, options.images, binding);
    submission.written.catch((error: unknown) => this.#failUnbegun(stream, error));
    try {
      yield* stream.events();
    } finally {
      cancelTimeout();
      stream.abandon();
      void submission.settled.then((progress) => progress?.boundary).then(release, release);
    }
  }

  /** sendMessage (readiness-waiting) and sendPrompt (immediate); resolves once written. */
  submit(kind: "message" | "prompt", text: string, images: readonly ImageSnapshot[] = []) {
    return this.#submit(kind, kind === "message" ? "readiness" : "immediate", text, images).written;
  }

  /** Guidance waits like a message before first readiness or while blocked; else goes in now. */
  guidance(text: string, images: readonly ImageSnapshot[] = []): Promise<void> {
    const { status, hasBeenReady } = this.#context.status;
    const waits = !hasBeenReady || status === "blocked" || status === "ready";
    return this.#submit("guidance", waits ? "readiness" : "immediate", text, images).written;
  }

  /** A due loop's message (seeds §5.9): readiness-waiting, and not caller input. */
  submitLoop(text: string): Promise<void> {
    return this.#submit("loop", "readiness", text).written;
  }

  /** Raw input (api.md): outside the queue, never sanitized; the current delivery stops typing. */
  takeRawInput(input: string | Uint8Array): void {
    this.#context.lifetime.assertLive();
    this.#notifyCallerInput();
    // A terminal's own reports (focus, cursor position) are no person taking the composer.
    if (!isTerminalReport(input)) this.#rawInputTurn = this.#turns.current?.turn;
    if (input === KEYS.escape) this.#turns.noteInterruptRequested();
    this.#options.composerGuard.noteKeys(input);
    this.#context.terminal.sendInput(input);
  }

  /** Caller input (every submission but a loop's, and raw keys): loops count it as activity. */
  onCallerInput(listener: () => void): ElwoodUnsubscribe {
    this.#callerInputListeners.add(listener);
    return () => this.#callerInputListeners.delete(listener);
  }

  /** Every status change, after the turn owner's: an exit learned early fails its streams now. */
  onStatus(status: ElwoodSessionStatus): void {
    // A change announced late is skipped, as the owner skips it: the machine is the truth.
    if (status !== this.#context.status.status || !isTerminalStatus(status)) return;
    for (const [stream, error] of this.#exitedStreams) stream.fail(error);
    this.#exitedStreams.clear();
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
    let progress: TurnProgress | undefined;
    let markWritten: () => void = () => {};
    const written = new Promise<void>((resolve) => {
      markWritten = resolve;
    });
    const signal = binding?.stream.givenUp;
    const deliver = async (): Promise<void> => {
      // Nothing is typed over a person's draft; nothing of theirs joins this prompt.
      const holdsReadiness = operationClass === "readiness";
      const mark = await this.#options.composerGuard.waitForFree({ kind, holdsReadiness, signal });
      // A failed attach submitted nothing: give back the ready transition this op consumed.
      const separator = await admitted.attach(() => {
        if (operationClass === "readiness") status.apply("submission_abandoned", kind);
      });
      const begun = this.#turns.begin(kind, `${separator}${text}`, binding);
      progress = begun;
      begun.turn.onChange((change) => {
        if (change.kind !== "submitted" && change.kind !== "accepted") return;
        if (operationClass === "immediate") status.apply("submitted", `${kind} written`);
        markWritten();
      });
      try {
        await deliverTurn(this.#context, {
          turn: begun.turn,
          pasteChip: this.#options.signals.pasteChip,
          guard: this.#options.composerGuard,
          keysMark: mark,
          holdsReadiness,
          isSuperseded: () => this.#turns.current !== begun || this.#rawInputTurn === begun.turn,
          accept: (evidence) => this.#turns.accept(begun, evidence),
        });
      } catch (error) {
        // An exit is announced with the status (the owner settles the turn), never before it.
        if (!isExitError(error)) begun.turn.fail(asElwoodError(error));
        if (!begun.turn.isSubmitted) throw error;
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
      () => progress,
      () => progress,
    );
    void settled.finally(() => admitted.release());
    return {
      written: Promise.race([written, op.then(() => undefined)]),
      settled,
      begun: () => progress,
    };
  }

  // A submission that failed before its turn began (queue closed, withdrawn, exit).
  #failUnbegun(stream: TurnStream, error: unknown): void {
    if (!isExitError(error)) {
      stream.fail(error);
      return;
    }
    const failed = exitedMidTurn(error.details.exitCode);
    if (this.#context.status.isTerminal) {
      stream.fail(failed);
      return;
    }
    this.#exitedStreams.set(stream, failed);
    this.#context.clock.set(() => {
      if (this.#exitedStreams.delete(stream)) stream.fail(failed);
    }, EXIT_STATUS_GRACE_MS);
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
