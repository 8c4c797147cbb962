// Follows the agent's own transcript files (the main one and any subagent ones the
// hooks point at) and turns their committed records into activity through the
// adapter's pure mapper. On resume, content already on disk is history: skipped.
import { TranscriptCursor } from "../transcript/cursor.js";
import { TranscriptFollower } from "../transcript/follower.js";
import { ToolNamePairing } from "../transcript/tool-names.js";
import type { TranscriptRecord, TranscriptWarning } from "../transcript/types.js";
import type { TranscriptItem, TranscriptMapper } from "./adapter.js";
import type { TranscriptPort } from "./ports.js";

export const TRANSCRIPT_POLL_INTERVAL_MS = 100;

export interface TranscriptHubOptions {
  readonly skipExistingContent: boolean;
  readonly createMapper: () => TranscriptMapper;
  readonly onItems: (items: readonly TranscriptItem[], transcriptPath: string) => void;
  /** Each committed record, in file order, before the batch's items are delivered. */
  readonly onRecord?: (record: TranscriptRecord, transcriptPath: string) => void;
  readonly onWarning: (warning: TranscriptWarning, transcriptPath: string) => void;
}

interface Followed {
  readonly follower: TranscriptFollower;
  readonly map: TranscriptMapper;
  readonly ready: Promise<void>;
}

// Results carry only the call's id; the name comes from the call earlier in the file.
function withToolNames(map: TranscriptMapper): TranscriptMapper {
  const pairing = new ToolNamePairing();
  return (record) => pairing.pair(map(record));
}

export class TranscriptHub implements TranscriptPort {
  readonly #options: TranscriptHubOptions;
  readonly #followed = new Map<string, Followed>();
  #isStopped = false;

  constructor(options: TranscriptHubOptions) {
    this.#options = options;
  }

  follow(path: string): void {
    if (this.#isStopped || this.#followed.has(path)) return;
    const cursor = new TranscriptCursor({ path });
    const map = withToolNames(this.#options.createMapper());
    const follower = new TranscriptFollower({
      cursor,
      intervalMs: TRANSCRIPT_POLL_INTERVAL_MS,
      onRecords: (records) => this.#deliver(records, path, map),
      onWarning: (warning) => this.#options.onWarning(warning, path),
    });
    const ready = this.#options.skipExistingContent
      ? cursor.skipBacklog().then(
          () => undefined,
          () => undefined,
        )
      : Promise.resolve();
    this.#followed.set(path, { follower, map, ready });
    void ready.then(() => follower.start());
  }

  /** Reads what is committed now in every followed file, without stopping. */
  async catchUp(): Promise<void> {
    await Promise.all(
      [...this.#followed.values()].map(async ({ follower, ready }) => {
        await ready;
        await follower.poll();
      }),
    );
  }

  async finalFlush(): Promise<void> {
    await Promise.all(
      [...this.#followed.values()].map(async ({ follower, ready }) => {
        await ready;
        await follower.flush();
      }),
    );
  }

  stop(): void {
    this.#isStopped = true;
    for (const { follower } of this.#followed.values()) follower.stop();
  }

  #deliver(records: readonly TranscriptRecord[], path: string, map: TranscriptMapper): void {
    const items: TranscriptItem[] = [];
    for (const record of records) {
      this.#options.onRecord?.(record, path);
      items.push(...map(record));
    }
    if (items.length > 0) this.#options.onItems(items, path);
  }
}
