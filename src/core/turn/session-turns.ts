// A session's Turns (issue 11): every submission — message, prompt, guidance, loop turn,
// persona, and the prompt of a `stream()`/`send()` — becomes a Turn that goes through the
// control queue and is delivered with verification (./delivery.ts); `stream()` yields
// its content and ends it by the oracle (./turn-run.ts). The runtime feeds it status,
// hook and transcript signals; this is the one owner of a turn from paste to end.
import { ElwoodError } from "../../errors.js";
import { sanitizePastedText } from "../../terminal/input.js";
import type { ControlQueue, OperationClass } from "../context/control-queue.js";
import type { SessionEvents } from "../context/session-events.js";
import type { StatusMachine } from "../context/status-machine.js";
import type { ScreenReading, TranscriptItem } from "../contract/adapter.js";
import { checkTurnOptions } from "../contract/call-arguments.js";
import type { TerminalPort } from "../contract/ports.js";
import type { ElwoodStreamEvent, TurnOptions } from "../contract/turn.js";
import { classifyComposer, countEchoes } from "./composer.js";
import { type DeliverySurface, deliverTurn } from "./delivery.js";
import { TurnLedger } from "./ledger.js";
import { toStreamEvent } from "./stream-events.js";
import type { Turn, TurnChange } from "./turn.js";
import { TurnRun } from "./turn-run.js";
import { TurnSlot } from "./turn-slot.js";

export interface SessionTurnsHost {
  readonly queue: () => ControlQueue;
  readonly status: () => StatusMachine;
  readonly events: SessionEvents;
  readonly terminal: TerminalPort;
  /** Reads the current frame (undefined once closed). */
  evaluateScreen(): ScreenReading | undefined;
  renderCount(): number;
  isClosed(): boolean;
  notRunning(): ElwoodError;
  /** Waits until the screen is rendered and free of dialogs; rejects once closed. */
  waitForSafeScreen(): Promise<void>;
  /** Sleeps, or rejects with session_not_running when the session closes first. */
  sleep(ms: number): Promise<void>;
  /** Waits for `wait`, or rejects with session_not_running when the session closes first. */
  untilClosed(wait: Promise<void>): Promise<void>;
  /** Caller input (not a loop turn): loops count it as non-loop activity. */
  onCallerInput(): void;
  /** Validates and reserves a submission's images synchronously (operations/images). */
  admitImages(images: unknown): AdmittedImageHandle;
}

/** A submission's admitted images: attached inside its queue op, released when it settles. */
export interface AdmittedImageHandle {
  readonly count: number;
  /** Attaches every image; returns what to type before the text. */
  attach(onFailure: () => void): Promise<string>;
  release(): void;
}

export class SessionTurns {
  readonly ledger: TurnLedger;
  readonly #host: SessionTurnsHost;
  readonly #slot = new TurnSlot();
  #activeRun: TurnRun | undefined;

  constructor(host: SessionTurnsHost) {
    this.#host = host;
    this.ledger = new TurnLedger({ onChange: (change) => this.#onTurnChange(change) });
  }

  /** One turn's content, in arrival order, ending when the turn is complete. */
  stream(prompt: string, options: TurnOptions = {}): AsyncIterable<ElwoodStreamEvent> {
    return { [Symbol.asyncIterator]: () => this.#runTurn(prompt, options) };
  }

  /** Drains `stream()`: the turn's assistant messages joined by a blank line. */
  async send(prompt: string, options: TurnOptions = {}): Promise<string> {
    const texts: string[] = [];
    for await (const event of this.stream(prompt, options)) {
      if (event.type === "text") texts.push(event.text);
    }
    return texts.join("\n\n");
  }

  /** Guidance waits like a message before first readiness or while blocked; else goes in now. */
  guidance(message: string, images?: unknown): Promise<void> {
    const { status, hasBeenReady } = this.#host.status();
    const waits = !hasBeenReady || status === "blocked" || status === "ready";
    return this.submit("guidance", waits ? "readiness" : "immediate", message, undefined, images);
  }

  /**
   * Queues one submission as a Turn. Resolves once its first Enter is written (api.md:
   * "Resolves when written"); the queue op holds the queue until delivery is verified,
   * so nothing is ever pasted over a staged prompt. An ergonomic turn's submission is
   * withdrawn if its run gives up before the queue dispatched it.
   */
  submit(
    kind: string,
    operationClass: OperationClass,
    text: string,
    run?: TurnRun,
    images?: unknown,
  ): Promise<void> {
    const host = this.#host;
    if (host.status().isTerminal || host.isClosed()) return Promise.reject(host.notRunning());
    if (typeof text !== "string" || sanitizePastedText(text).trim().length === 0) {
      return Promise.reject(
        new ElwoodError("invalid_options", `A ${kind} must be a non-empty string.`),
      );
    }
    let admitted: AdmittedImageHandle;
    try {
      admitted = host.admitImages(images);
    } catch (error) {
      return Promise.reject(error);
    }
    if (kind !== "loop") host.onCallerInput();
    let resolveSubmitted: () => void = () => {};
    let rejectSubmitted: (error: unknown) => void = () => {};
    const submitted = new Promise<void>((resolve, reject) => {
      resolveSubmitted = resolve;
      rejectSubmitted = reject;
    });
    const deliver = async () => {
      // A failed attach submitted nothing: give back the ready transition this op consumed.
      const separator = await admitted.attach(() => {
        if (operationClass === "readiness") host.status().apply("submission_abandoned", kind);
      });
      const turn = this.ledger.begin(kind, `${separator}${text}`);
      if (run !== undefined) bindRun(turn, run);
      turn.onChange((change) => {
        if (change.kind !== "submitted" && change.kind !== "accepted") return;
        if (operationClass === "immediate") host.status().apply("submitted", `${kind} written`);
        resolveSubmitted();
      });
      try {
        await deliverTurn(this.#deliverySurface(turn), turn);
      } catch (error) {
        turn.fail(asElwoodError(error));
        if (!turn.isSubmitted) throw error;
      }
    };
    host
      .queue()
      .enqueue({
        kind,
        operationClass,
        bytes: Buffer.byteLength(text, "utf8"),
        run: deliver,
        ...(run === undefined ? {} : { signal: run.givenUp }),
      })
      .then(resolveSubmitted, rejectSubmitted)
      .finally(() => admitted.release());
    return submitted;
  }

  onStatus(status: Parameters<TurnRun["onStatus"]>[0]): void {
    this.#activeRun?.onStatus(status);
  }

  onTurnEndText(text: string): void {
    this.#activeRun?.onTurnEnd(text);
  }

  onTranscriptItem(item: TranscriptItem): void {
    if (item.kind === "user_message") this.ledger.accept("transcript user message", item.text);
    const content = toStreamEvent(item);
    const turn = this.ledger.current;
    if (content !== undefined && turn !== undefined) {
      this.#host.events.emitTurn({ kind: "content", turnNumber: turn.id, event: content });
    }
    this.#activeRun?.onItem(item);
  }

  async *#runTurn(prompt: string, options: TurnOptions): AsyncGenerator<ElwoodStreamEvent> {
    checkTurnOptions(options);
    const waitStartedAt = Date.now();
    const release = await this.#slot.acquire(options.timeoutMs);
    // One bound for the whole call: time spent waiting for the slot is spent.
    const remaining =
      options.timeoutMs === undefined
        ? {}
        : { timeoutMs: Math.max(1, options.timeoutMs - (Date.now() - waitStartedAt)) };
    const run = new TurnRun({
      ...options,
      ...remaining,
      status: () => this.#host.status().status,
    });
    this.#activeRun = run;
    try {
      this.submit("message", "readiness", prompt, run, options.images).catch((error: unknown) =>
        run.onFailed(error),
      );
      yield* run.events();
    } finally {
      run.abandon();
      void run.boundary.then(() => {
        if (this.#activeRun === run) this.#activeRun = undefined;
        release();
      });
    }
  }

  #deliverySurface(turn: Turn): DeliverySurface {
    const host = this.#host;
    return {
      write: (data) => host.terminal.sendInput(data),
      waitForSafeScreen: () => host.waitForSafeScreen(),
      observe: async () => {
        // Bounded like every pre-write render wait (C-API-56): a screen still catching up
        // is read as it stands; the next look sees the rest.
        await host.untilClosed(Promise.race([host.terminal.settled(), host.sleep(1000)]));
        const reading = host.evaluateScreen();
        if (reading === undefined || host.isClosed()) throw host.notRunning();
        const { composerText } = reading;
        return {
          composer: classifyComposer(composerText, turn.text),
          isWorking: reading.isWorking,
          hasDialog: reading.dialog !== undefined,
          echoes: countEchoes(host.terminal.snapshot().lines, turn.text, composerText),
          renders: host.renderCount(),
        };
      },
      sleep: (ms) => host.sleep(ms),
      now: () => Date.now(),
      isSuperseded: () => this.ledger.isSuperseded(turn),
    };
  }

  #onTurnChange(change: TurnChange): void {
    const { events } = this.#host;
    const turnNumber = change.turn.id;
    switch (change.kind) {
      case "started":
        events.emitTurn({ kind: "started", turnNumber, submission: change.turn.kind });
        return;
      case "accepted":
        events.emitTurn({ kind: "accepted", turnNumber, evidence: change.evidence });
        return;
      case "ended":
        events.emitTurn({ kind: "ended", turnNumber });
        return;
      case "failed":
        // A prompt the agent never took leaves it idle: `running` would be a lie.
        if (change.error.name === "prompt_not_accepted" && this.ledger.current === change.turn) {
          this.#host.status().apply("prompt_not_accepted", String(change.error.details.rule));
        }
        events.emitTurn({ kind: "failed", turnNumber, error: change.error });
        return;
      default:
        return;
    }
  }
}

// The ergonomic run follows its Turn: accepted starts the end oracle, a failure fails it.
function bindRun(turn: Turn, run: TurnRun): void {
  turn.onChange((change) => {
    if (change.kind === "accepted") run.onAccepted();
    if (change.kind === "failed") run.onFailed(change.error);
  });
}

function asElwoodError(error: unknown): ElwoodError {
  if (error instanceof ElwoodError) return error;
  return new ElwoodError("session_not_running", "The prompt could not be delivered.", {
    cause: error,
  });
}
