// One bound on one wait: the wait's outcome, or the error its caller names once the time
// passed first. The timer is cleared either way, so a settled wait leaves nothing behind.

/** `pending`, or `expired()`'s error once `ms` passed first (`expired` may act on `pending`). */
export async function withinTime<T>(
  pending: Promise<T>,
  ms: number,
  expired: () => Error,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(expired()), ms);
  });
  try {
    return await Promise.race([pending, bound]);
  } finally {
    clearTimeout(timer);
  }
}
