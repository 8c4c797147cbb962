// Records whether a promise has settled, and with what error, so a fake-clock test can
// look at a pending call between clock steps without awaiting it.
export interface Tracked {
  settled: boolean;
  error?: unknown;
}

export function track(pending: Promise<unknown>): Tracked {
  const state: Tracked = { settled: false };
  pending.then(
    () => {
      state.settled = true;
    },
    (error: unknown) => {
      state.settled = true;
      state.error = error;
    },
  );
  return state;
}
