// Text output (spec §5.4): the assistant messages, one blank line between them, one
// trailing newline when there is any text, nothing at all otherwise. `--stream` writes
// each message as it arrives; failures keep what was already collected.
import type { ProtocolOutput } from "../io/output.js";
import type { RunEvent, RunOutcome, RunSink } from "./sink.js";

export class TextSink implements RunSink {
  readonly #out: ProtocolOutput;
  readonly #stream: boolean;
  #messages = 0;

  constructor(out: ProtocolOutput, options: { readonly stream: boolean }) {
    this.#out = out;
    this.#stream = options.stream;
  }

  async event(event: RunEvent, _elapsedMs?: number): Promise<void> {
    if (!this.#stream || event.type !== "text" || event.text === "") return;
    await this.#out.write(this.#messages === 0 ? event.text : `\n\n${event.text}`);
    this.#messages++;
  }

  async finish(outcome: RunOutcome): Promise<void> {
    if (this.#stream) {
      if (this.#messages > 0) await this.#out.write("\n");
      return;
    }
    if (outcome.response !== "") await this.#out.write(`${outcome.response}\n`);
  }
}
