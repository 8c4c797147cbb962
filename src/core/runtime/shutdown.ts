// stop / kill / teardown and unsolicited exits, serialized so the PTY is signalled at
// most once, each ending with a SIGKILL of the leader's process group so no grandchild
// (a hook client, a tool process) survives (lifecycle §1.6, C-LIFE-10).
import { ElwoodError } from "../../errors.js";
import type { GroupReaper, ProcessPort } from "../contract/ports.js";

export type ShutdownKind = "stop" | "kill" | "teardown";

const URGENCY: Record<ShutdownKind, number> = { stop: 1, kill: 2, teardown: 3 };
export const STOP_GRACE_MS = 3000;

export interface ShutdownHost {
  readonly process: ProcessPort;
  readonly reap: GroupReaper;
  /** Resolves when the PTY's exit has been observed (immediately if already exited). */
  waitForExit(timeoutMs: number): Promise<boolean>;
  /** Everything after the process is gone: flush, dispose, status, extra work per kind. */
  finish(kind: ShutdownKind): Promise<void>;
}

interface Flight {
  /** The most urgent kind asked for while this shutdown has not finished signalling. */
  kind: ShutdownKind;
  /** Set once the process is gone and `finish` runs; a later request queues behind. */
  finishing: boolean;
  /** Cuts a stop's grace short: a kill asked for during it SIGKILLs now. */
  readonly hurry: () => void;
}

export class ShutdownCoordinator {
  readonly #host: ShutdownHost;
  #signalled = false;
  #inFlight: { readonly flight: Flight; readonly promise: Promise<void> } | undefined;
  #completed: ShutdownKind | undefined;

  constructor(host: ShutdownHost) {
    this.#host = host;
  }

  get hasSignalled(): boolean {
    return this.#signalled;
  }

  /**
   * Equal or lower urgency joins the running shutdown. Higher urgency takes it over while
   * the process is still being ended (a kill during a stop's grace SIGKILLs at once and the
   * session ends `killed`, one status); once it is finishing, it runs after it.
   */
  request(kind: ShutdownKind): Promise<void> {
    const running = this.#inFlight;
    if (running !== undefined) {
      const { flight } = running;
      if (URGENCY[kind] <= URGENCY[flight.kind]) return running.promise;
      if (!flight.finishing) {
        flight.kind = kind;
        flight.hurry();
        return running.promise;
      }
      return running.promise.catch(() => undefined).then(() => this.request(kind));
    }
    if (this.#completed !== undefined && URGENCY[kind] <= URGENCY[this.#completed]) {
      // Already done: re-reap without re-signalling (the pid may have been recycled).
      return this.#reapOnly();
    }
    let hurry: () => void = () => undefined;
    const hurried = new Promise<void>((resolve) => {
      hurry = resolve;
    });
    const flight: Flight = { kind, finishing: false, hurry };
    const promise = this.#run(flight, hurried);
    this.#inFlight = { flight, promise };
    return promise;
  }

  /** close(): stop, falling back to kill; both failing is one error naming both (C-API-51). */
  async stopOrKill(): Promise<void> {
    try {
      await this.request("stop");
    } catch (stopError) {
      try {
        await this.request("kill");
      } catch (killError) {
        throw new ElwoodError(
          "termination_failed",
          "close() could not stop the session, and the kill fallback failed too; call teardown() to retry.",
          { cause: new AggregateError([stopError, killError], "stop() and kill() both failed") },
        );
      }
    }
  }

  async #run(flight: Flight, hurried: Promise<void>): Promise<void> {
    try {
      await this.#terminate(flight, hurried);
      flight.finishing = true;
      await this.#host.finish(flight.kind);
      this.#completed = flight.kind;
    } finally {
      if (this.#inFlight?.flight === flight) this.#inFlight = undefined;
    }
  }

  async #terminate(flight: Flight, hurried: Promise<void>): Promise<void> {
    if (!this.#signalled) {
      this.#signalled = true;
      try {
        if (flight.kind === "stop") {
          this.#host.process.kill("SIGHUP");
          const exited = await Promise.race([
            this.#host.waitForExit(STOP_GRACE_MS),
            hurried.then(() => false),
          ]);
          if (!exited) this.#host.process.kill("SIGKILL");
        } else {
          this.#host.process.kill("SIGKILL");
        }
      } catch {
        // Signalling can fail if the process already exited; the group reap below decides.
      }
    }
    await this.#reapOnly();
    await this.#host.waitForExit(STOP_GRACE_MS);
  }

  async #reapOnly(): Promise<void> {
    try {
      this.#host.reap(this.#host.process.pid);
    } catch (error) {
      throw new ElwoodError(
        "termination_failed",
        `Could not confirm that the agent's process group ${this.#host.process.pid} was killed; call teardown() to retry.`,
        { cause: error, details: { processGroupId: this.#host.process.pid } },
      );
    }
  }
}
