// The first ready's bookkeeping (C-API-42): restore the caller's size, set `ready` (which
// tells every status listener) and release the queue. If any of it throws — a listener
// included, whose error the emitter contains — the queue is released anyway and one
// content-free `initial_ready_fallback` warning follows on a later tick, apart from the
// failure itself.
import type { SessionEvents } from "../context/session-events.js";

export function releaseFirstReady(parts: {
  readonly events: SessionEvents;
  readonly record: () => void;
  readonly release: () => void;
}): void {
  const failuresBefore = parts.events.listenerFailureCount;
  let hasThrown = false;
  try {
    parts.record();
  } catch {
    hasThrown = true;
  }
  parts.release();
  if (!hasThrown && parts.events.listenerFailureCount === failuresBefore) return;
  setImmediate(() =>
    parts.events.emitWarning({
      source: "lifecycle",
      code: "initial_ready_fallback",
      message: "Recording the first ready failed; input was released anyway.",
    }),
  );
}
