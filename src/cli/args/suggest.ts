// "Did you mean …?" for a mistyped long option: the closest accepted name by edit
// distance, offered only when it is clearly closer than the runner-up.

export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The nearest candidate, or undefined when none is close or two tie. */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  const ranked = candidates
    .map((candidate) => ({
      candidate,
      // A prefix ("--verb") is as good as one edit away.
      distance: candidate.startsWith(word) ? 1 : editDistance(word, candidate),
    }))
    .sort((a, b) => a.distance - b.distance);
  const best = ranked[0];
  if (best === undefined) return undefined;
  const limit = Math.max(2, Math.floor(word.length / 3));
  if (best.distance > limit) return undefined;
  if (ranked[1] !== undefined && ranked[1].distance === best.distance) return undefined;
  return best.candidate;
}
