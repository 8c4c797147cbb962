// SIGINT as a subscription, so a run can count presses and a test can press them.
export interface InterruptSource {
  onInterrupt(handler: () => void): () => void;
}

export const processInterrupts: InterruptSource = {
  onInterrupt(handler) {
    const listener = () => handler();
    process.on("SIGINT", listener);
    return () => {
      process.off("SIGINT", listener);
    };
  },
};
