// Runs vitest's fake clock until a promise settles, for tests over the fake CLIs.
import { vi } from "vitest";

/**
 * Advances the fake clock in `stepMs` steps until `pending` settles, at most `budgetMs`:
 * `{ value }` or `{ error }`. Throws when it is still pending after the budget.
 */
export async function settledOutcome<T>(
  pending: Promise<T>,
  budgetMs = 120_000,
  stepMs = 100,
): Promise<{ value?: T; error?: unknown }> {
  let outcome: { value?: T; error?: unknown } | undefined;
  pending.then(
    (value) => {
      outcome = { value };
    },
    (error: unknown) => {
      outcome = { error };
    },
  );
  for (let spent = 0; outcome === undefined && spent < budgetMs; spent += stepMs) {
    await vi.advanceTimersByTimeAsync(stepMs);
  }
  if (outcome === undefined) throw new Error(`still pending after ${budgetMs} ms`);
  return outcome;
}

/** Advances the fake clock in 100 ms steps until `pending` settles; its value or its error. */
export async function settle(pending: Promise<unknown>, budgetMs = 120_000): Promise<unknown> {
  const outcome = await settledOutcome(pending, budgetMs);
  return "error" in outcome ? outcome.error : outcome.value;
}
