// The runtime's side of loops: tells loop activity from non-loop activity and feeds
// readiness to the LoopService. A turn is a loop turn when the control-queue op that
// started it was a loop submission; it stays one (through dialogs) until the next ready.
import type { LoopDefinition } from "../../state/loop-sidecar.js";
import type { ElwoodLoopEvent, ElwoodLoopRequest, ElwoodLoopSnapshot } from "../contract/loops.js";
import type { ElwoodSessionStatus } from "../contract/status.js";
import type { LoopClock } from "./clock.js";
import { currentLoopClock } from "./clock.js";
import { LoopService } from "./loop-service.js";

/** The control-queue op kind of a loop submission. */
export const LOOP_OPERATION_KIND = "loop";

/** What the launcher gives a runtime: restored definitions and the sidecar writer. */
export interface RuntimeLoopOptions {
  readonly restored: readonly LoopDefinition[];
  writeLoops(loops: readonly LoopDefinition[]): Promise<void>;
  /** Defaults to the process loop clock (the system clock outside tests). */
  readonly clock?: LoopClock;
}

export interface SessionLoopsHost {
  readonly options: RuntimeLoopOptions | undefined;
  emit(event: ElwoodLoopEvent): void;
  isLive(): boolean;
  canSubmitNow(): boolean;
  submit(message: string): Promise<void>;
}

export class SessionLoops {
  readonly #service: LoopService;
  readonly #host: SessionLoopsHost;
  #isLoopTurn = false;

  constructor(host: SessionLoopsHost) {
    this.#host = host;
    const options = host.options;
    this.#service = new LoopService(
      {
        clock: options?.clock ?? currentLoopClock(),
        writeLoops: (loops) => options?.writeLoops(loops) ?? Promise.resolve(),
        emit: (event) => host.emit(event),
        isLive: () => host.isLive(),
        canSubmitNow: () => host.canSubmitNow(),
        submit: (message) => host.submit(message),
      },
      options?.restored ?? [],
    );
  }

  create(request: ElwoodLoopRequest): Promise<ElwoodLoopSnapshot> {
    return this.#service.create(request);
  }

  list(): Promise<readonly ElwoodLoopSnapshot[]> {
    return this.#service.list();
  }

  cancel(loopId: string): Promise<void> {
    return this.#service.cancel(loopId);
  }

  /** Every status change, with the kind of the control-queue op running at that moment. */
  onStatus(status: ElwoodSessionStatus, activeOperationKind: string | undefined): void {
    if (status === "ready") {
      this.#service.onReady();
      this.#isLoopTurn = false;
      return;
    }
    if (status !== "running" && status !== "blocked") return;
    if (activeOperationKind !== undefined) {
      this.#isLoopTurn = activeOperationKind === LOOP_OPERATION_KIND;
    }
    // A turn no loop started (the caller's, or typed into the TUI) is non-loop activity.
    if (!this.#isLoopTurn) this.#service.onNonLoopActivity(false);
  }

  /** Caller input (send*, sendKeys). */
  onCallerInput(): void {
    this.#service.onNonLoopActivity(this.#host.canSubmitNow());
  }

  dispatch(): void {
    this.#service.dispatch();
  }

  suspend(): void {
    this.#service.suspend();
  }

  clear(reason: "kill" | "teardown", removeState: () => Promise<void>): Promise<void> {
    return this.#service.clear(reason, removeState);
  }
}
