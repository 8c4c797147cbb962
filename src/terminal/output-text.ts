// A terminal's PTY output as text, for its `data` listeners and their replay
// (prd/internals.md "terminal/"). node-pty hands over bytes cut wherever a read ended, even
// inside a character; listeners get strings of whole characters. The bytes are decoded only
// while someone listens: nothing in Elwood does by default (serve's socket, attach, the
// CLI's mirror and `terminal:data` subscribe on demand), and decoding every byte was about
// a tenth of the main thread's work under a flood (prd/decisions.md, issue 22).

import { StringDecoder } from "node:string_decoder";
import { type ElwoodUnsubscribe, TypedEmitter } from "../events/emitter.js";
import { ReplayBuffer } from "./replay-buffer.js";
import { NO_BYTES, unfinishedTailAfter } from "./utf8.js";

export class OutputText {
  readonly #replay: ReplayBuffer;
  readonly #events = new TypedEmitter<{ data: string }>();
  /** Only while anyone listens; it holds back a character until all its bytes arrived. */
  #decoder: StringDecoder | undefined;
  /** The bytes of the stream's last character, while it is not complete (a decoder starts with them). */
  #unfinished: Uint8Array = NO_BYTES;

  constructor(options: { readonly replayBytes: number }) {
    this.#replay = new ReplayBuffer({ maxBytes: options.replayBytes });
  }

  /** True while a decoder runs, i.e. someone listens (tests and benches read it). */
  get isDecoding(): boolean {
    return this.#decoder !== undefined;
  }

  receive(chunk: Uint8Array): void {
    this.#replay.append(chunk);
    this.#unfinished = unfinishedTailAfter(this.#unfinished, chunk);
    if (this.#decoder === undefined) return;
    const text = this.#decoder.write(chunk);
    if (text !== "") this.#events.emit("data", text);
  }

  /** Calls `listener` with the replay at once (if any), then with each decoded chunk. */
  subscribe(listener: (text: string) => void): ElwoodUnsubscribe {
    const replay = this.#replay.contents();
    if (replay !== "") listener(replay);
    if (this.#decoder === undefined) {
      this.#decoder = new StringDecoder("utf8");
      // The replay left out an unfinished last character: the stream goes on from there.
      this.#decoder.write(this.#unfinished);
    }
    const unsubscribe = this.#events.on("data", listener);
    return () => {
      unsubscribe();
      if (this.#events.listenerCount("data") === 0) this.#decoder = undefined;
    };
  }

  dispose(): void {
    this.#events.removeAllListeners();
    this.#decoder = undefined;
    this.#replay.clear();
  }
}
