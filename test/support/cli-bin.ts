// Runs the BUILT `elwood` executable (dist/cli/main.js) as a child process, the way a
// shell or CI script would.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

export const ELWOOD_BIN = resolve(import.meta.dirname, "..", "..", "dist", "cli", "main.js");

export function assertBuilt(): void {
  if (!existsSync(ELWOOD_BIN)) throw new Error(`${ELWOOD_BIN} is missing: run npm run build first`);
}

export interface BinResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface BinOptions {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  /** Piped to stdin, then closed; without it stdin is /dev/null. */
  readonly input?: string;
  /** Called once the child is running, e.g. to signal it. */
  readonly onSpawn?: (child: ChildProcess) => void;
}

export function runBin(args: readonly string[], options: BinOptions): Promise<BinResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [ELWOOD_BIN, ...args], {
      cwd: options.cwd,
      env: options.env,
      stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    if (options.input !== undefined) child.stdin?.end(options.input);
    child.once("error", reject);
    child.once("close", (code, signal) => resolvePromise({ code, signal, stdout, stderr }));
    options.onSpawn?.(child);
  });
}
