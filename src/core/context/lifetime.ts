// How long a session lives, for every part that waits: "wait for this, unless the session
// closes first", sleeps that end with the session, and the one session_not_running error a
// call on a closed or closing session gets (api.md: calls after a terminal status reject).
import { ElwoodError } from "../../errors.js";
import type {
  ElwoodSessionStatus,
  ElwoodTerminalStatus,
  ElwoodTerminalExitEvent as ProcessExit,
} from "../contract/status.js";
import type { SessionClock } from "./clock.js";
import { CloseSignal } from "./close-signal.js";
import type { StatusMachine } from "./status-machine.js";

export class SessionLifetime {
  /** The CLI process's exit, once observed. */
  readonly exit: ExitWatch;
  readonly #displayName: string;
  readonly #status: StatusMachine;
  readonly #clock: SessionClock;
  readonly #closeSignal = new CloseSignal();
  /** The final status a close-down in progress will settle on (reported before it lands). */
  #closingStatus: ElwoodTerminalStatus | undefined;

  constructor(options: {
    readonly displayName: string;
    readonly status: StatusMachine;
    readonly clock: SessionClock;
  }) {
    this.#displayName = options.displayName;
    this.#status = options.status;
    this.#clock = options.clock;
    this.exit = new ExitWatch(options.clock);
  }

  /** Closing or closed: nothing new may start. */
  get isClosed(): boolean {
    return this.#closeSignal.isClosed;
  }

  get isLive(): boolean {
    return !this.isClosed && !this.#status.isTerminal;
  }

  /** Starts the close-down: every pending wait rejects with session_not_running. */
  close(finalStatus: ElwoodTerminalStatus): void {
    this.#closingStatus ??= finalStatus;
    this.#closeSignal.close();
  }

  /** Waits for `wait`, or rejects with session_not_running when the session closes first. */
  untilClosed(wait: Promise<void>): Promise<void> {
    return this.#closeSignal.race(wait, () => this.notRunning());
  }

  /** Sleeps on the session clock, or rejects with session_not_running at close-down. */
  sleep(ms: number): Promise<void> {
    return this.untilClosed(this.#clock.sleep(ms));
  }

  assertLive(): void {
    if (!this.isLive) throw this.notRunning();
  }

  /**
   * During a close-down the status machine still says the old live status, so the error
   * names the status the session is settling on; it never names a live one.
   */
  notRunning(): ElwoodError {
    const status: ElwoodSessionStatus = this.#status.isTerminal
      ? this.#status.status
      : (this.#closingStatus ?? this.#status.status);
    const exit = this.exit.exit;
    const how = exit === undefined ? "" : ` (the agent process exited with code ${exit.exitCode})`;
    return new ElwoodError(
      "session_not_running",
      `The ${this.#displayName} session is no longer running (status "${status}")${how}.`,
      { details: { status, ...(exit === undefined ? {} : { exitCode: exit.exitCode }) } },
    );
  }
}

/** The PTY's exit, remembered so shutdown can wait for it whether it came before or after. */
export class ExitWatch {
  readonly #clock: SessionClock;
  #exit: ProcessExit | undefined;
  #markExited: () => void = () => {};
  readonly #exited = new Promise<boolean>((resolve) => {
    this.#markExited = () => resolve(true);
  });

  constructor(clock: SessionClock) {
    this.#clock = clock;
  }

  get exit(): ProcessExit | undefined {
    return this.#exit;
  }

  record(exit: ProcessExit): void {
    this.#exit = exit;
    this.#markExited();
  }

  /** Resolves true once exited, or false when `timeoutMs` passes first. */
  wait(timeoutMs: number): Promise<boolean> {
    const timedOut = () => new Error("the exit did not come in time");
    return this.#clock.within(this.#exited, timeoutMs, timedOut).catch(() => false);
  }
}
