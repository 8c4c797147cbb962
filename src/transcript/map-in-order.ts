// Transcript mappers that carry context from record to record (the current turn id):
// the batch form the tests use and the stateful per-file form the runtime uses.
import type { TranscriptActivityItem } from "./activity.js";

export interface MapResult<Context> {
  readonly items: TranscriptActivityItem[];
  readonly context: Context;
}

export type ContextMapper<Context> = (record: unknown, context: Context) => MapResult<Context>;

/** Maps a batch of records in order, threading the context through. */
export function mapInOrder<Context>(
  map: ContextMapper<Context>,
  records: readonly unknown[],
  context: Context,
): MapResult<Context> {
  const items: TranscriptActivityItem[] = [];
  let current = context;
  for (const record of records) {
    const result = map(record, current);
    items.push(...result.items);
    current = result.context;
  }
  return { items, context: current };
}

/** One file's mapper: each call maps the next record with the context so far. */
export function threadContext<Context>(
  map: ContextMapper<Context>,
  initial: Context,
): (record: unknown) => readonly TranscriptActivityItem[] {
  let context = initial;
  return (record) => {
    const result = map(record, context);
    context = result.context;
    return result.items;
  };
}
