// Runs vitest's fake clock until a promise settles, for tests over the fake CLIs.
import { vi } from "vitest";

/** Advances the fake clock in 100 ms steps until `pending` settles; its value or its error. */
export async function settle(pending: Promise<unknown>, budgetMs = 120_000): Promise<unknown> {
  let outcome: { readonly value: unknown } | { readonly error: unknown } | undefined;
  pending.then(
    (value) => {
      outcome = { value };
    },
    (error: unknown) => {
      outcome = { error };
    },
  );
  for (let spent = 0; outcome === undefined && spent < budgetMs; spent += 100) {
    await vi.advanceTimersByTimeAsync(100);
  }
  if (outcome === undefined) throw new Error(`still pending after ${budgetMs} ms`);
  return "value" in outcome ? outcome.value : outcome.error;
}
