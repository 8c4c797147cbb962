// Usage and configuration mistakes are `invalid_options` errors: exit status 2, and the
// message says what was wrong and how to fix it.
import { ElwoodError } from "../index.js";

export function usageError(message: string, details: Record<string, unknown> = {}): ElwoodError {
  return new ElwoodError("invalid_options", message, { details: { usage: true, ...details } });
}
