// What a command gets from the process: streams, environment and cwd. Commands never
// touch `process` directly, so tests can run them in-process with fakes.
import type { Readable, Writable } from "node:stream";

export type TtyAware<T> = T & { readonly isTTY?: boolean; readonly columns?: number };

export interface CliIo {
  readonly stdin: TtyAware<Readable>;
  readonly stdout: TtyAware<Writable>;
  readonly stderr: TtyAware<Writable>;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
}

export function processIo(): CliIo {
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
  };
}
