// Serializes ergonomic turns: each send/stream holds the slot until the agent reaches
// its real turn boundary, not merely until its consumer stops reading (seeds §5.8).

export class TurnSlot {
  #tail: Promise<void> = Promise.resolve();

  /** Resolves with a release function once every earlier holder has released. */
  acquire(): Promise<() => void> {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.#tail;
    this.#tail = previous.then(() => held);
    return previous.then(() => {
      let isReleased = false;
      return () => {
        if (isReleased) return;
        isReleased = true;
        release();
      };
    });
  }
}
