// Stdout for the protocol only (spec §5.4): writes honour backpressure, and a closed
// pipe (EPIPE) stops output quietly instead of crashing the run.
import type { Writable } from "node:stream";

export class ProtocolOutput {
  readonly #stream: Writable;
  #closed = false;
  #bytes = 0;

  constructor(stream: Writable) {
    this.#stream = stream;
    stream.on("error", (error: NodeJS.ErrnoException) => {
      // The consumer went away (`elwood … | head -1`): not our failure.
      if (error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED") this.#closed = true;
      else this.#closed = true;
    });
  }

  /** True once the consumer closed the pipe. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Bytes written so far (the text mode decides its trailing newline from this). */
  get bytesWritten(): number {
    return this.#bytes;
  }

  async write(text: string): Promise<void> {
    if (this.#closed || text === "") return;
    this.#bytes += Buffer.byteLength(text);
    const flushed = this.#stream.write(text);
    if (flushed) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.#stream.off("drain", done);
        this.#stream.off("error", done);
        this.#stream.off("close", done);
        resolve();
      };
      this.#stream.once("drain", done);
      this.#stream.once("error", done);
      this.#stream.once("close", done);
    });
  }

  /** Resolves once everything written has been handed to the OS. */
  async flush(): Promise<void> {
    if (this.#closed) return;
    await new Promise<void>((resolve) => this.#stream.write("", () => resolve()));
  }
}
