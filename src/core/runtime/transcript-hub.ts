// Follows the agent's own transcript files (the main one and any subagent ones the
// hooks point at) and turns their committed records into activity through the
// adapter's pure mapper. On resume, content already on disk is history: skipped.

import { type ChangeWatch, watchFileChanges } from "../../transcript/change-watch.js";
import { TranscriptCursor } from "../../transcript/cursor.js";
import { TranscriptFollower } from "../../transcript/follower.js";
import { ToolNamePairing } from "../../transcript/tool-names.js";
import type { TranscriptRecord, TranscriptWarning } from "../../transcript/types.js";
import type { SessionClock } from "../context/clock.js";
import type { TranscriptItem, TranscriptMapper } from "../contract/adapter.js";
import type { TranscriptPort } from "../contract/ports.js";

/** Poll interval while a turn may be writing (file-change events also wake the reader). */
export const ACTIVE_POLL_INTERVAL_MS = 100;
/** Poll interval while the session idles: nothing is expected, so polling is a safety net. */
export const IDLE_POLL_INTERVAL_MS = 1000;
/** A turn's last records can land just after ready; stay quick that long before slowing. */
export const IDLE_GRACE_MS = 2000;

export interface TranscriptHubOptions {
  readonly clock: SessionClock;
  readonly skipExistingContent: boolean;
  readonly createMapper: () => TranscriptMapper;
}

/** Where the hub delivers: the session's runtime, connected once both exist. */
export interface TranscriptSink {
  handleTranscriptItems(items: readonly TranscriptItem[], transcriptPath: string): void;
  /** Each committed record, in file order, before the batch's items are delivered. */
  handleTranscriptRecord(record: TranscriptRecord, transcriptPath: string): void;
  handleTranscriptWarning(warning: TranscriptWarning, transcriptPath: string): void;
}

interface Followed {
  readonly follower: TranscriptFollower;
  /** Settles once the backlog is skipped (a resume) or at once. */
  readonly ready: Promise<unknown>;
  readonly watch: ChangeWatch | undefined;
}

// A change that lands while a poll is running gets one more poll after it, so nothing
// written during a read waits for the slow safety-net interval.
function pollAgainOnChange(poll: () => Promise<void>): () => void {
  let running: Promise<void> | undefined;
  let isRequestedAgain = false;
  const request = (): void => {
    if (running !== undefined) {
      isRequestedAgain = true;
      return;
    }
    running = poll().finally(() => {
      running = undefined;
      if (!isRequestedAgain) return;
      isRequestedAgain = false;
      request();
    });
  };
  return request;
}

export class TranscriptHub implements TranscriptPort {
  readonly #options: TranscriptHubOptions;
  readonly #followed = new Map<string, Followed>();
  #isStopped = false;
  #isActive = true;
  #cancelSlowDown: (() => void) | undefined;

  #sink: TranscriptSink | undefined;

  constructor(options: TranscriptHubOptions) {
    this.#options = options;
  }

  /** Delivers to `sink` from now on; nothing is read before a file is followed. */
  connect(sink: TranscriptSink): void {
    this.#sink = sink;
  }

  setActive(isActive: boolean): void {
    this.#cancelSlowDown?.();
    this.#cancelSlowDown = undefined;
    if (this.#isStopped) return;
    if (isActive) {
      this.#applyPace(true);
      return;
    }
    // Unref'd: the slow-down alone never keeps the parent process alive.
    const slowDown = () => this.#applyPace(false);
    this.#cancelSlowDown = this.#options.clock.set(slowDown, IDLE_GRACE_MS, { unref: true });
  }

  #applyPace(isActive: boolean): void {
    this.#isActive = isActive;
    for (const { follower } of this.#followed.values()) follower.setIntervalMs(this.#intervalMs());
  }

  #intervalMs(): number {
    return this.#isActive ? ACTIVE_POLL_INTERVAL_MS : IDLE_POLL_INTERVAL_MS;
  }

  follow(path: string): void {
    if (this.#isStopped || this.#followed.has(path)) return;
    const cursor = new TranscriptCursor({ path });
    const mapRecord = this.#options.createMapper();
    // Results carry only the call's id; the name comes from the call earlier in the file.
    const pairing = new ToolNamePairing();
    const map: TranscriptMapper = (record) => pairing.pair(mapRecord(record));
    const ready = this.#options.skipExistingContent
      ? cursor.skipBacklog().catch(() => undefined)
      : Promise.resolve();
    const follower = new TranscriptFollower({
      cursor,
      intervalMs: this.#intervalMs(),
      timers: this.#options.clock,
      onRecords: (records) => this.#deliver(records, path, map),
      onWarning: (warning) => this.#sink?.handleTranscriptWarning(warning, path),
    });
    const onChange = pollAgainOnChange(() => ready.then(() => follower.poll()));
    this.#followed.set(path, { follower, ready, watch: watchFileChanges(path, onChange) });
    void ready.then(() => follower.start());
  }

  catchUp(): Promise<void> {
    return this.#eachFollower((follower) => follower.poll());
  }

  finalFlush(): Promise<void> {
    return this.#eachFollower((follower) => follower.flush());
  }

  async #eachFollower(read: (follower: TranscriptFollower) => Promise<void>): Promise<void> {
    await Promise.all(
      [...this.#followed.values()].map(({ follower, ready }) => ready.then(() => read(follower))),
    );
  }

  stop(): void {
    this.#isStopped = true;
    this.#cancelSlowDown?.();
    for (const { follower, watch } of this.#followed.values()) {
      watch?.close();
      follower.stop();
    }
  }

  #deliver(records: readonly TranscriptRecord[], path: string, map: TranscriptMapper): void {
    const items: TranscriptItem[] = [];
    for (const record of records) {
      this.#sink?.handleTranscriptRecord(record, path);
      items.push(...map(record));
    }
    if (items.length > 0) this.#sink?.handleTranscriptItems(items, path);
  }
}
