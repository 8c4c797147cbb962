// When a blocked agent ends a headless run (spec §5.3: a prompt Elwood does not answer
// fails the run instead of hanging it). A block before the first ready may be a start-up
// prompt whose automation overran its 5 s bound on a loaded machine: the session reports
// `blocked`, keeps answering, and clears. Such a block fails the run only if it still
// stands after a grace period; a block after the first ready fails it at once.
import type { ElwoodStatusEvent, ElwoodUnsubscribe } from "../../index.js";

export const STARTUP_BLOCK_GRACE_MS = 15_000;

interface WatchedSession {
  readonly status: string;
  on(event: "status", handler: (event: ElwoodStatusEvent) => void): ElwoodUnsubscribe;
}

export interface BlockPolicyOptions {
  /** The block stands: end the run. Called at most once. */
  readonly onBlocked: () => void;
  /** A start-up block began; the run waits for it (for progress output). */
  readonly onStartupBlock?: () => void;
  readonly graceMs?: number;
}

/** Watches the session's status; returns a function that stops watching. */
export function watchBlockingPrompts(
  session: WatchedSession,
  options: BlockPolicyOptions,
): () => void {
  const graceMs = options.graceMs ?? STARTUP_BLOCK_GRACE_MS;
  let hasBeenReady = false;
  let isDone = false;
  let grace: ReturnType<typeof setTimeout> | undefined;
  const block = () => {
    if (isDone) return;
    isDone = true;
    options.onBlocked();
  };
  const unsubscribe = session.on("status", ({ status }) => {
    if (status === "ready") hasBeenReady = true;
    if (status !== "blocked") {
      clearTimeout(grace);
      grace = undefined;
    } else if (hasBeenReady) {
      block();
    } else if (grace === undefined) {
      options.onStartupBlock?.();
      grace = setTimeout(() => {
        if (session.status === "blocked") block();
      }, graceMs);
    }
  });
  return () => {
    clearTimeout(grace);
    unsubscribe();
  };
}
