// Error helpers for the state layer (§8): every unsafe or unreadable state path
// becomes an ElwoodError whose details carry only the path and OS facts.

import { ElwoodError, type ElwoodOwnErrorName } from "../errors.js";

/** An unsafe, unreadable or malformed piece of state. */
export function stateCorrupt(message: string, path: string, cause?: unknown): ElwoodError {
  return new ElwoodError("state_corrupt", message, { details: { path }, cause });
}

/** Node system error code (`ENOENT`, `ELOOP`, ...) of an unknown thrown value. */
export function errnoCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/** Keeps ElwoodErrors as they are and wraps anything else under `name`. */
export function asElwoodError(
  name: ElwoodOwnErrorName,
  message: string,
  path: string,
  cause: unknown,
): ElwoodError {
  if (cause instanceof ElwoodError) return cause;
  return new ElwoodError(name, `${message}: ${describeErrno(cause)}`, {
    details: { path },
    cause,
  });
}

function describeErrno(cause: unknown): string {
  return errnoCode(cause) ?? (cause instanceof Error ? cause.message : String(cause));
}
