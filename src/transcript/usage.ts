// Token usage as the CLIs' transcripts record it (issue 26): one shape for both agents,
// and the sums the turn owner keeps. Counts are never invented: a record without usage
// adds nothing, and a total nothing was read into stays absent rather than zero.

/**
 * Tokens of one or more model requests. The four main counts are disjoint: the whole
 * prompt is `inputTokens + cacheReadTokens + cacheWriteTokens`. `reasoningTokens` is the
 * part of `outputTokens` the model spent reasoning (0 where the agent reports none).
 */
export interface ElwoodTokenUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadTokens: number;
  readonly cacheWriteTokens: number;
  readonly reasoningTokens: number;
}

/** The usage one transcript record reports for a model request (not an activity). */
export interface TranscriptUsage {
  readonly kind: "usage";
  readonly turnId?: string;
  readonly raw: unknown;
  readonly usage: ElwoodTokenUsage;
  /** The model that answered, when the record names it. */
  readonly model?: string;
}

export const USAGE_FIELDS = [
  "inputTokens",
  "outputTokens",
  "cacheReadTokens",
  "cacheWriteTokens",
  "reasoningTokens",
] as const satisfies readonly (keyof ElwoodTokenUsage)[];

export const NO_TOKENS: ElwoodTokenUsage = {
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  reasoningTokens: 0,
};

export function addUsage(a: ElwoodTokenUsage, b: ElwoodTokenUsage): ElwoodTokenUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
    reasoningTokens: a.reasoningTokens + b.reasoningTokens,
  };
}

/** `later − earlier`, or undefined when any count went down (not the same running total). */
export function usageSince(
  later: ElwoodTokenUsage,
  earlier: ElwoodTokenUsage,
): ElwoodTokenUsage | undefined {
  const difference: Record<keyof ElwoodTokenUsage, number> = { ...NO_TOKENS };
  for (const field of USAGE_FIELDS) {
    const value = later[field] - earlier[field];
    if (value < 0) return undefined;
    difference[field] = value;
  }
  return difference;
}

export function isNoUsage(usage: ElwoodTokenUsage): boolean {
  return USAGE_FIELDS.every((field) => usage[field] === 0);
}

/** A non-negative integer count from a record field; undefined for anything else. */
export function tokenCount(value: unknown): number | undefined {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** A running sum that stays absent until something was added (never zero-filled). */
export class UsageTotal {
  #total: ElwoodTokenUsage | undefined;
  #model: string | undefined;

  add(usage: ElwoodTokenUsage, model?: string): void {
    this.#total = addUsage(this.#total ?? NO_TOKENS, usage);
    if (model !== undefined) this.#model = model;
  }

  get usage(): ElwoodTokenUsage | undefined {
    return this.#total;
  }

  /** The model of the newest request that named one. */
  get model(): string | undefined {
    return this.#model;
  }
}
