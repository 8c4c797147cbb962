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

export class ShutdownCoordinator {
  readonly #host: ShutdownHost;
  #signalled = false;
  #inFlight: { kind: ShutdownKind; promise: Promise<void> } | undefined;
  #completed: ShutdownKind | undefined;

  constructor(host: ShutdownHost) {
    this.#host = host;
  }

  get hasSignalled(): boolean {
    return this.#signalled;
  }

  /** Equal or lower urgency joins the running shutdown; higher urgency runs after it. */
  request(kind: ShutdownKind): Promise<void> {
    const running = this.#inFlight;
    if (running !== undefined) {
      if (URGENCY[kind] <= URGENCY[running.kind]) return running.promise;
      const next = running.promise.catch(() => undefined).then(() => this.#run(kind));
      this.#inFlight = { kind, promise: next };
      return next;
    }
    if (this.#completed !== undefined && URGENCY[kind] <= URGENCY[this.#completed]) {
      // Already done: re-reap without re-signalling (the pid may have been recycled).
      return this.#reapOnly();
    }
    const promise = this.#run(kind);
    this.#inFlight = { kind, promise };
    return promise;
  }

  async #run(kind: ShutdownKind): Promise<void> {
    try {
      await this.#terminate(kind);
      await this.#host.finish(kind);
      this.#completed = kind;
    } finally {
      if (this.#inFlight?.kind === kind) this.#inFlight = undefined;
    }
  }

  async #terminate(kind: ShutdownKind): Promise<void> {
    if (!this.#signalled) {
      this.#signalled = true;
      try {
        if (kind === "stop") {
          this.#host.process.kill("SIGHUP");
          const exited = await this.#host.waitForExit(STOP_GRACE_MS);
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
