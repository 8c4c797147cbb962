// A person's keys wait for a session that can take them (issue 47, prd/serve.md "Terminal
// socket"): `POST /api/sessions` answers while the CLI is still starting, and Codex drops
// input that arrives during its start-up, so keys typed on a terminal socket before the
// session's first `ready` (it is `starting`, then `running` while the CLI boots) are held
// here, in order, and typed once it is ready, with the gaps they were typed with (a line
// and its Enter in one burst reads as a paste to Codex).
// The person is told: a `starting` notice when the socket opens, `ready` when the held
// keys went in. A session that stops at a dialog instead (`blocked`) drops them, so typed
// text can never answer a dialog the person has not seen; said with `held_keys_dropped`.

import type { ElwoodSessionStatus } from "../index.js";

/** Held keys beyond this are refused (said with `keys_refused`), never buffered unbounded. */
const MAX_HELD_BYTES = 16 * 1024;
/** A replayed gap is at most this long: the person's pauses, not their whole wait. */
const MAX_REPLAY_GAP_MS = 1_000;

export type KeyHoldNotice =
  | { readonly type: "starting"; readonly message: string }
  | { readonly type: "ready"; readonly message: string; readonly heldBytes: number }
  | { readonly type: "held_keys_dropped"; readonly message: string; readonly heldBytes: number }
  | { readonly type: "keys_refused"; readonly message: string };

interface HeldKeys {
  readonly bytes: Uint8Array;
  readonly at: number;
}

export interface StartupKeyHoldOptions {
  readonly sessionId: string;
  /** True while the session has not been ready yet: keys are held from the start. */
  readonly isStarting: boolean;
  /** Types keys into the session (its sendKeys); failures are the caller's to report. */
  readonly type: (keys: Uint8Array) => Promise<void>;
  readonly notify: (notice: KeyHoldNotice) => void;
  readonly onError: (error: unknown) => void;
}

export class StartupKeyHold {
  readonly #options: StartupKeyHoldOptions;
  readonly #held: HeldKeys[] = [];
  #heldBytes = 0;
  #isHolding: boolean;
  /** Every key goes through this chain, so held keys stay ahead of later ones. */
  #typing: Promise<void> = Promise.resolve();

  constructor(options: StartupKeyHoldOptions) {
    this.#options = options;
    this.#isHolding = options.isStarting;
    if (this.#isHolding) {
      options.notify({
        type: "starting",
        message: `Session ${options.sessionId} is still starting; what you type is held and typed into it once it is ready.`,
      });
    }
  }

  /** Keys from the person: typed now, or held while the session starts. */
  keys(bytes: Uint8Array): void {
    if (!this.#isHolding) {
      this.#chain(() => this.#options.type(bytes));
      return;
    }
    if (this.#heldBytes + bytes.length > MAX_HELD_BYTES) {
      this.#options.notify({
        type: "keys_refused",
        message: `Session ${this.#options.sessionId} is still starting and ${MAX_HELD_BYTES / 1024} KB of keys already wait for it; these keys were not sent.`,
      });
      return;
    }
    this.#held.push({ bytes, at: Date.now() });
    this.#heldBytes += bytes.length;
  }

  /**
   * The session's status changed: its first `ready` types the held keys; a dialog
   * (`blocked`) or its end drops them. `starting` and `running` before ready keep holding.
   */
  onStatus(status: ElwoodSessionStatus): void {
    if (!this.#isHolding || status === "starting" || status === "running") return;
    this.#isHolding = false;
    const held = this.#held.splice(0);
    const heldBytes = this.#heldBytes;
    this.#heldBytes = 0;
    const { sessionId, notify } = this.#options;
    if (status === "ready") {
      this.#replay(held);
      this.#chain(async () =>
        notify({
          type: "ready",
          heldBytes,
          message:
            heldBytes === 0
              ? `Session ${sessionId} is ready.`
              : `Session ${sessionId} is ready; what you typed while it started was typed into it.`,
        }),
      );
      return;
    }
    if (heldBytes === 0) return;
    const why =
      status === "blocked"
        ? "it is waiting at a dialog, which your keys must not answer unseen; answer it now"
        : `it ended (${status})`;
    notify({
      type: "held_keys_dropped",
      heldBytes,
      message: `Session ${sessionId} did not become ready (${why}); what you typed while it started was not sent.`,
    });
  }

  #replay(held: readonly HeldKeys[]): void {
    let previous: number | undefined;
    for (const { bytes, at } of held) {
      const gap = previous === undefined ? 0 : Math.min(at - previous, MAX_REPLAY_GAP_MS);
      previous = at;
      this.#chain(async () => {
        if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
        await this.#options.type(bytes);
      });
    }
  }

  #chain(step: () => Promise<void>): void {
    this.#typing = this.#typing.then(step).catch(this.#options.onError);
  }
}
