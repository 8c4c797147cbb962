// Runs the BUILT `elwood` executable (dist/cli/main.js) as a child process, the way a
// shell or CI script would, and finds processes left behind in an agent home.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

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

/** Pids of live processes whose environment has HOME=<home> (agents, shells, hooks). */
export function processesInHome(home: string): number[] {
  const needle = `HOME=${home}\0`;
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const stat = readFileSync(join("/proc", name, "stat"), "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) continue;
      if (readFileSync(join("/proc", name, "environ"), "latin1").includes(needle))
        found.push(Number(name));
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found;
}
