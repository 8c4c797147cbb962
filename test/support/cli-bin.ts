// Runs the BUILT `elwood` executable (dist/cli/main.js) as a child process, the way a
// shell or CI script would.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { setTimeout as delay } from "node:timers/promises";

const ROOT = resolve(import.meta.dirname, "..", "..");
export const ELWOOD_BIN = join(ROOT, "dist", "cli", "main.js");
/** The built library entry, for test processes that use Elwood as an application would. */
export const ELWOOD_DIST_INDEX = join(ROOT, "dist", "index.js");

/** The newest file under src/, by modification time. */
function newestSource(): { path: string; mtimeMs: number } {
  let newest = { path: "", mtimeMs: 0 };
  for (const entry of readdirSync(join(ROOT, "src"), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const { mtimeMs } = statSync(path);
    if (mtimeMs > newest.mtimeMs) newest = { path, mtimeMs };
  }
  return newest;
}

/**
 * The e2e tier runs the built `elwood` and library (`npm test` builds first): fails, naming
 * the fix, when dist is missing or older than a source file, so a stale build is never
 * what a test checks.
 */
export function assertBuilt(): void {
  if (!existsSync(ELWOOD_BIN)) throw new Error(`${ELWOOD_BIN} is missing: run npm run build first`);
  const built = Math.min(statSync(ELWOOD_BIN).mtimeMs, statSync(ELWOOD_DIST_INDEX).mtimeMs);
  const source = newestSource();
  if (source.mtimeMs > built)
    throw new Error(`dist is older than ${source.path}: run npm run build first`);
}

/**
 * Set by `npm test` (scripts/dev/test-all.mjs), which builds the declarations beside the
 * suite instead of before it: the file it writes, "ok" or "failed", once they are done.
 */
export const DECLARATIONS_DONE_VARIABLE = "ELWOOD_TEST_DECLARATIONS_DONE";

/**
 * Resolves once dist/ holds the package's .d.ts files. Under `npm test` it waits for the
 * declarations build running beside the suite; run any other way, they must already be
 * there (`npm run build`). Fails, naming the fix, rather than testing a package without types.
 */
export async function declarationsBuilt(timeoutMs: number): Promise<void> {
  const doneFile = process.env[DECLARATIONS_DONE_VARIABLE];
  if (doneFile !== undefined && doneFile !== "") {
    const deadline = Date.now() + timeoutMs;
    while (!existsSync(doneFile)) {
      if (Date.now() > deadline)
        throw new Error(`the declarations build beside the suite took over ${timeoutMs} ms`);
      await delay(250);
    }
    if (readFileSync(doneFile, "utf8").trim() !== "ok")
      throw new Error(
        "the declarations build beside the suite failed (its output follows the suite's)",
      );
  }
  if (!existsSync(join(ROOT, "dist", "index.d.ts")))
    throw new Error("dist/index.d.ts is missing: run npm run build first");
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
