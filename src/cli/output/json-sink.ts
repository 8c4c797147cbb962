// `--output json`: exactly one v1 document on stdout, written at the end.
import type { ProtocolOutput } from "../io/output.js";
import { outcomeDocument, type RunOutcome, type RunSink } from "./sink.js";

export class JsonSink implements RunSink {
  readonly #out: ProtocolOutput;

  constructor(out: ProtocolOutput) {
    this.#out = out;
  }

  async event(): Promise<void> {}

  async finish(outcome: RunOutcome): Promise<void> {
    await this.#out.write(`${JSON.stringify(outcomeDocument(outcome))}\n`);
  }
}
