// Turns stored JSON text into a validated value. Failures name paths and issue
// codes only, so a stored loop prompt or tool list never leaks into an error.

import type { ZodError } from "zod";
import { stateCorrupt } from "./state-errors.js";

export interface StateSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: ZodError };
}

/** A content-free summary of a zod failure. */
export function describeIssues(error: ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join(".") || "(root)"}: ${issue.code}`)
    .join("; ");
}

/** Parses and validates a state file's text; anything wrong is `state_corrupt`. */
export function parseStateJson<T>(
  file: string,
  text: string,
  schema: StateSchema<T>,
  what: string,
): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw stateCorrupt(`The ${what} at ${file} is not valid JSON`, file, error);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw stateCorrupt(`The ${what} at ${file} is invalid (${describeIssues(parsed.error)})`, file);
  return parsed.data;
}
