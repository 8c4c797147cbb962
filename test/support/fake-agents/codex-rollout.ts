// A Codex 0.171.0 rollout file held in memory: the JSONL records Codex writes for a
// thread (hook-protocols B7; shapes copied from test/fixtures/transcripts/codex-0.171.0-
// rollout.jsonl), and the transcript port that reads them the way the launcher's
// TranscriptHub does: only once a hook named the file, on a poll and on every catch-up,
// each record through the Codex adapter's own rollout mapper.
import type { TimeSource } from "../../../src/core/context/clock.js";
import type { TranscriptItem, TranscriptMapper } from "../../../src/core/contract/adapter.js";
import type { TranscriptPort } from "../../../src/core/contract/ports.js";

/** Where the thread's rollout lives ($CODEX_HOME/sessions/YYYY/MM/DD/rollout-…-<thread>.jsonl). */
export const CODEX_THREAD_ID = "01a229a0-ddc5-7801-b477-e2e4be7afd49";
export const CODEX_ROLLOUT_PATH = `/tmp/fake-codex-home/sessions/2026/11/29/rollout-2026-11-29T23-25-38-${CODEX_THREAD_ID}.jsonl`;

type Payload = Record<string, unknown>;

/** The records one thread writes, in file order, as JSONL lines. */
export class CodexRollout {
  readonly lines: string[] = [];
  readonly #now: () => number;
  #ordinal = 0;
  #replies = 0;

  constructor(now: () => number) {
    this.#now = now;
  }

  #write(type: string, payload: Payload): void {
    const timestamp = new Date(this.#now()).toISOString();
    this.lines.push(JSON.stringify({ timestamp, ordinal: this.#ordinal++, type, payload }));
  }

  /** The first prompt creates the file (Codex writes it lazily): meta and injected context. */
  open(cwd: string): void {
    this.#write("session_meta", {
      session_id: CODEX_THREAD_ID,
      id: CODEX_THREAD_ID,
      timestamp: new Date(this.#now()).toISOString(),
      cwd,
      originator: "codex-tui",
      cli_version: "0.171.0",
      source: "cli",
    });
  }

  /** A turn begins: task_started, turn_context, the prompt as a user message and its item. */
  startTurn(turnId: string, prompt: string, cwd: string, isFirst: boolean): void {
    this.#write("event_msg", { type: "task_started", turn_id: turnId, started_at: this.#now() });
    if (isFirst) {
      this.#write("response_item", {
        type: "message",
        role: "user",
        content: [
          {
            type: "input_text",
            text: `<environment_context>\n  <cwd>${cwd}</cwd>\n  <shell>bash</shell>\n</environment_context>`,
          },
        ],
        internal_chat_message_metadata_passthrough: { turn_id: turnId },
      });
    }
    this.#write("turn_context", {
      turn_id: turnId,
      cwd,
      approval_policy: "on-request",
      model: "gpt-5",
    });
    this.#write("response_item", {
      type: "message",
      role: "user",
      content: [{ type: "input_text", text: prompt }],
      internal_chat_message_metadata_passthrough: { turn_id: turnId },
    });
    this.#write("event_msg", {
      type: "item_completed",
      thread_id: CODEX_THREAD_ID,
      turn_id: turnId,
      item: { type: "UserMessage", id: `u_${turnId}`, content: [{ type: "text", text: prompt }] },
    });
  }

  /** A shell call the model made, and its output. */
  toolCall(turnId: string, callId: string, command: string, output: string): void {
    const passthrough = { turn_id: turnId };
    this.#write("response_item", {
      type: "function_call",
      name: "exec_command",
      arguments: JSON.stringify({ cmd: command }),
      call_id: callId,
      internal_chat_message_metadata_passthrough: passthrough,
    });
    this.#write("response_item", {
      type: "function_call_output",
      call_id: callId,
      output,
      internal_chat_message_metadata_passthrough: passthrough,
    });
  }

  /** The reply: its item_completed first, then the response_item with the same id (0.171.0). */
  reply(turnId: string, text: string): void {
    const id = `m_${++this.#replies}`;
    this.#write("event_msg", {
      type: "item_completed",
      thread_id: CODEX_THREAD_ID,
      turn_id: turnId,
      item: { type: "AgentMessage", id, content: [{ type: "Text", text }] },
    });
    this.#write("response_item", {
      type: "message",
      status: "completed",
      id,
      role: "assistant",
      content: [{ type: "output_text", text, annotations: [] }],
      internal_chat_message_metadata_passthrough: { turn_id: turnId },
    });
    const usage = { input_tokens: 1, cached_input_tokens: 0, output_tokens: 1, total_tokens: 2 };
    this.#write("event_msg", {
      type: "token_count",
      info: { total_token_usage: usage, last_token_usage: usage, model_context_window: 272_000 },
    });
  }

  completeTurn(turnId: string, lastAgentMessage: string): void {
    this.#write("event_msg", {
      type: "task_complete",
      turn_id: turnId,
      last_agent_message: lastAgentMessage,
    });
  }

  /** An Escape: Codex tells the model so, and records the abort. */
  abortTurn(turnId: string): void {
    this.#write("response_item", {
      type: "message",
      role: "user",
      content: [
        {
          type: "input_text",
          text: "<turn_aborted>\nThe user interrupted the previous turn on purpose.\n</turn_aborted>",
        },
      ],
      internal_chat_message_metadata_passthrough: { turn_id: turnId },
    });
    this.#write("event_msg", { type: "turn_aborted", turn_id: turnId, reason: "interrupted" });
  }
}

/** What the transcript port hands the runtime (the launcher's wiring of TranscriptHub). */
export interface RolloutSink {
  onRecord(record: unknown): void;
  onItems(items: readonly TranscriptItem[], path: string): void;
}

/** Follows the rollout once a hook named it; reads new lines every `pollMs` and on catch-up. */
export class FakeRolloutReader implements TranscriptPort {
  /** False: the parent's reader is starved and reads nothing (catch-ups included). */
  isReading = true;
  readonly #rollout: CodexRollout;
  readonly #map: TranscriptMapper;
  readonly #sink: RolloutSink;
  readonly #time: TimeSource;
  readonly #pollMs: number;
  #followed: string | undefined;
  #read = 0;
  #isStopped = false;

  constructor(options: {
    rollout: CodexRollout;
    map: TranscriptMapper;
    sink: RolloutSink;
    time: TimeSource;
    pollMs?: number;
  }) {
    this.#rollout = options.rollout;
    this.#map = options.map;
    this.#sink = options.sink;
    this.#time = options.time;
    this.#pollMs = options.pollMs ?? 100;
  }

  /** The path a hook named, once followed. */
  get followed(): string | undefined {
    return this.#followed;
  }

  follow(path: string): void {
    if (this.#isStopped || this.#followed !== undefined || path !== CODEX_ROLLOUT_PATH) return;
    this.#followed = path;
    this.#poll();
  }

  #poll(): void {
    this.#time.setTimeout(() => {
      if (this.#isStopped) return;
      this.read();
      this.#poll();
    }, this.#pollMs);
  }

  /** Reads every line written since the last read, in file order. */
  read(): void {
    const path = this.#followed;
    if (path === undefined || !this.isReading) return;
    const items: TranscriptItem[] = [];
    for (const line of this.#rollout.lines.slice(this.#read)) {
      const record: unknown = JSON.parse(line);
      this.#sink.onRecord(record);
      items.push(...this.#map(record));
    }
    this.#read = this.#rollout.lines.length;
    if (items.length > 0) this.#sink.onItems(items, path);
  }

  async catchUp(): Promise<void> {
    this.read();
  }

  setActive(): void {}

  async finalFlush(): Promise<void> {
    this.read();
  }

  stop(): void {
    this.#isStopped = true;
  }
}
