// Session ids and runtime file names are opaque path components (§8.2): they
// are validated before they ever reach a path join.

import { randomUUID } from "node:crypto";
import { ElwoodError } from "../errors.js";

export const MAX_SESSION_ID_LENGTH = 128;

/** Names the state layer owns inside a session directory. */
export const RESERVED_FILE_NAMES: ReadonlySet<string> = new Set(["record.json", "loops.json"]);

/** Why `value` is not a usable path component, or undefined when it is. */
export function pathComponentProblem(value: unknown): string | undefined {
  if (typeof value !== "string") return "must be a string";
  if (value.length === 0) return "must not be empty";
  if (value.length > MAX_SESSION_ID_LENGTH)
    return `must be at most ${MAX_SESSION_ID_LENGTH} characters`;
  if (value === "." || value === "..") return "must not be a traversal segment";
  if (value.includes("/") || value.includes("\\")) return "must not contain a path separator";
  if (value.includes("\0")) return "must not contain NUL";
  return undefined;
}

export function isValidSessionId(value: unknown): value is string {
  return pathComponentProblem(value) === undefined;
}

/** Throws `invalid_options` unless `id` is an opaque, single path component. */
export function assertSessionId(id: unknown): asserts id is string {
  const problem = pathComponentProblem(id);
  if (problem === undefined) return;
  throw new ElwoodError("invalid_options", `Session id ${problem}; pass an opaque name.`, {
    details: { option: "sessionId" },
  });
}

// Runtime files share the id rules; a leading dot is reserved for temp files and
// the record/sidecar names for the state layer itself.
export function assertRuntimeFileName(name: unknown): asserts name is string {
  let problem = pathComponentProblem(name);
  if (problem === undefined && typeof name === "string") {
    if (name.startsWith(".")) problem = "must not start with a dot";
    else if (RESERVED_FILE_NAMES.has(name)) problem = "is reserved for Elwood's own state";
  }
  if (problem === undefined) return;
  throw new ElwoodError("invalid_options", `Runtime file name ${problem}.`, {
    details: { option: "name" },
  });
}

/** A fresh random session id. */
export function newSessionId(): string {
  return randomUUID();
}
