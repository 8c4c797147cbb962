// A terminal's size: the default, and the one rule for a size wherever one enters
// (options, resize, xterm).

import { ElwoodError } from "../errors.js";

export interface ElwoodTerminalSize {
  readonly cols: number;
  readonly rows: number;
}

export const DEFAULT_TERMINAL_SIZE: ElwoodTerminalSize = Object.freeze({ cols: 189, rows: 48 });

export function assertTerminalSize(value: unknown): ElwoodTerminalSize {
  const size = (
    typeof value === "object" && value !== null ? value : {}
  ) as Partial<ElwoodTerminalSize>;
  const isValid = (n: unknown): n is number =>
    Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 10_000;
  if (isValid(size.cols) && isValid(size.rows)) return { cols: size.cols, rows: size.rows };
  throw new ElwoodError(
    "invalid_options",
    `A terminal size needs whole numbers of columns and rows from 1 to 10000; got ${String(size.cols)}×${String(size.rows)}.`,
    { details: { cols: size.cols, rows: size.rows } },
  );
}
