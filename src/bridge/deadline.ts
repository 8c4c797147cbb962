// Runs one hook handler under the hookTimeoutMs deadline (timer + race) and says how it
// settled, so a genuine timeout is never confused with a throw or a rejection.

export type HandlerSettlement =
  | { readonly kind: "returned"; readonly value: unknown }
  | { readonly kind: "threw"; readonly error: unknown }
  | { readonly kind: "timed_out" };

/** Call `run()` and wait for it (sync or async) at most `timeoutMs`. Never rejects. */
export function settleWithin(run: () => unknown, timeoutMs: number): Promise<HandlerSettlement> {
  let pending: Promise<unknown>;
  try {
    pending = Promise.resolve(run());
  } catch (error) {
    return Promise.resolve({ kind: "threw", error });
  }
  return new Promise<HandlerSettlement>((resolve) => {
    let isSettled = false;
    const timer = setTimeout(() => {
      isSettled = true;
      resolve({ kind: "timed_out" });
    }, timeoutMs);
    // The bridge server keeps the process alive while a request waits; the timer need not.
    timer.unref?.();
    pending.then(
      (value) => {
        if (isSettled) return;
        isSettled = true;
        clearTimeout(timer);
        resolve({ kind: "returned", value });
      },
      // A late rejection after the timeout is swallowed here, so it is never unhandled.
      (error: unknown) => {
        if (isSettled) return;
        isSettled = true;
        clearTimeout(timer);
        resolve({ kind: "threw", error });
      },
    );
  });
}
