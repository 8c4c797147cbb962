// `--output jsonl`: one v1 record per line, in order — text, thinking, tool, status and
// warning — each with `seq` and `elapsedMs`, then the run's token usage when any was read,
// then exactly one result or error record.
import type { ProtocolOutput } from "../io/output.js";
import {
  outcomeDocument,
  PROTOCOL_VERSION,
  type RunEvent,
  type RunOutcome,
  type RunSink,
} from "./sink.js";

export class JsonlSink implements RunSink {
  readonly #out: ProtocolOutput;
  #seq = 0;

  constructor(out: ProtocolOutput) {
    this.#out = out;
  }

  async event(event: RunEvent, elapsedMs: number): Promise<void> {
    await this.#line({ schemaVersion: PROTOCOL_VERSION, ...event }, elapsedMs);
  }

  async finish(outcome: RunOutcome): Promise<void> {
    if (outcome.usage !== undefined) {
      const usage = { schemaVersion: PROTOCOL_VERSION, type: "usage", usage: outcome.usage };
      await this.#line(usage, outcome.durationMs);
    }
    await this.#line(outcomeDocument(outcome), outcome.durationMs);
  }

  async #line(record: Record<string, unknown>, elapsedMs: number): Promise<void> {
    const line = { ...record, seq: this.#seq++, elapsedMs: Math.round(elapsedMs) };
    await this.#out.write(`${JSON.stringify(line)}\n`);
  }
}
