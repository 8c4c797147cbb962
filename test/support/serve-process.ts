// `elwood serve` and `elwood attach` as processes, the way a person runs them: serve as a
// child with its output piped, attach inside a real PTY (node-pty) whose output is also
// rendered by a headless xterm, so a test reads the screen a person would see.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { chmod, mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import * as nodePty from "node-pty";
import { HeadlessTerminal } from "../../src/terminal/xterm-module.js";
import { assertBuilt, ELWOOD_BIN } from "./cli-bin.js";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const MAIN = join(ROOT, "src/cli/main.ts");

/**
 * The e2e tier runs the built `elwood` (vitest.config.ts sets ELWOOD_TEST_BUILT_CLI for it),
 * and so does every tier under `npm test`, which builds first (scripts/dev/test-all.mjs):
 * from source, tsx compiles the CLI's modules at every start, about 1.7 CPU-seconds each on
 * the 2-core machine. Integration run any other way uses the sources, so the edit loop
 * (`npm run test:quick`) needs no build.
 */
const BUILT = process.env.ELWOOD_TEST_BUILT_CLI === "1";

/** argv (after node) that runs the `elwood` command: built in e2e, from source elsewhere. */
export function elwoodArgv(args: readonly string[]): string[] {
  if (!BUILT) return ["--import", "tsx", MAIN, ...args];
  assertBuilt();
  return [ELWOOD_BIN, ...args];
}

/** `elwood <args>` from source with stdin from /dev/null; its status and output. */
export async function runElwood(
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, elwoodArgv(args), {
    cwd: ROOT,
    env: { ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, stdout, stderr };
}

/** A private (0700) folder to be the server's XDG_RUNTIME_DIR, so tests never share one. */
export async function privateRuntimeDir(): Promise<{ path: string; cleanup(): Promise<void> }> {
  const path = await realpath(await mkdtemp(join(tmpdir(), "elwood-runtime-")));
  await chmod(path, 0o700);
  return { path, cleanup: () => rm(path, { recursive: true, force: true }) };
}

export interface ServeProcess {
  readonly child: ChildProcess;
  readonly url: string;
  readonly token: string;
  readonly exited: Promise<[number | null, NodeJS.Signals | null]>;
  stderr(): string;
}

/** Starts `elwood serve`; resolves once it printed its URL. */
export async function startServeProcess(options: {
  readonly env: Readonly<Record<string, string>>;
  readonly stateDir: string;
}): Promise<ServeProcess> {
  const child = spawn(process.execPath, elwoodArgv(["serve", "--state-dir", options.stateDir]), {
    cwd: ROOT,
    env: { ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  if (child.stdout === null) throw new Error("no stdout");
  const lines = createInterface({ input: child.stdout });
  const [line] = (await Promise.race([
    once(lines, "line"),
    exited.then(() => [`(exited) ${stderr}`]),
  ])) as [string];
  lines.close();
  const match = /^Elwood web: (http:\/\/127\.0\.0\.1:\d+)\/#token=([0-9a-f]{64})$/.exec(line);
  if (match?.[1] === undefined || match[2] === undefined) {
    child.kill("SIGKILL");
    throw new Error(`elwood serve printed ${JSON.stringify(line)}; stderr: ${stderr}`);
  }
  return { child, url: match[1], token: match[2], exited, stderr: () => stderr };
}

/**
 * What the wrapping shell prints once the command has ended: an OSC no terminal acts on,
 * carrying the command's exit status.
 */
const EXIT_MARK = /\x1b\]7777;ptyrun-exit=(\d+)\x07/;
/**
 * Runs "$0" "$@", prints EXIT_MARK, then holds the PTY open until the test has read it.
 * Why: node-pty destroys the PTY's socket 200 ms after the child exits if it has not closed
 * by then, and output not yet read is lost. On a loaded machine the last output can become
 * readable later than the exit is reported (the kernel hands a PTY's output to the reading
 * side from a work queue): an attach test's `stty -a` lines went missing that way. Reading
 * the mark proves everything before it was read, and the shell only exits after that.
 */
const WRAPPER = `"$0" "$@"; code=$?; printf '\\033]7777;ptyrun-exit=%d\\007' "$code"; read -r _ended`;

/** A command in a real PTY, its raw output kept and rendered. */
export class PtyRun {
  readonly #pty: nodePty.IPty;
  readonly #screen: InstanceType<typeof HeadlessTerminal>;
  /** The command's exit status, once all of its output has been read. */
  readonly exited: Promise<number>;
  #output = "";
  #exitCode: number | undefined;
  #ptyEnded = false;

  constructor(
    file: string,
    args: readonly string[],
    options: { env: Readonly<Record<string, string>>; cols: number; rows: number },
  ) {
    this.#screen = new HeadlessTerminal({
      cols: options.cols,
      rows: options.rows,
      allowProposedApi: true,
      scrollback: 1000,
    });
    this.#pty = nodePty.spawn("/bin/sh", ["-c", WRAPPER, file, ...args], {
      name: "xterm-256color",
      cols: options.cols,
      rows: options.rows,
      cwd: ROOT,
      env: { ...options.env },
    });
    this.exited = new Promise((resolvePromise) => {
      this.#pty.onData((data) => {
        if (this.#exitCode !== undefined) return;
        this.#output += data;
        this.#screen.write(data);
        // The mark is short: a chunk may end inside it, so look a little before this chunk.
        const mark = EXIT_MARK.exec(this.#output.slice(-(data.length + 32)));
        if (mark === null) return;
        this.#output = this.#output.replace(EXIT_MARK, "");
        this.#exitCode = Number(mark[1]);
        this.#pty.write("\n");
        resolvePromise(this.#exitCode);
      });
      this.#pty.onExit(({ exitCode }) => {
        this.#ptyEnded = true;
        // Only when killed before the mark: the shell's own status then stands in.
        if (this.#exitCode !== undefined) return;
        this.#exitCode = exitCode;
        resolvePromise(exitCode);
      });
    });
  }

  get output(): string {
    return this.#output;
  }

  get exitCode(): number | undefined {
    return this.#exitCode;
  }

  /** The rendered screen and scrollback, one line per row, as a person reads it. */
  async screenText(): Promise<string> {
    await new Promise<void>((resolvePromise) => this.#screen.write("", resolvePromise));
    const buffer = this.#screen.buffer.active;
    const lines: string[] = [];
    for (let row = 0; row < buffer.length; row += 1) {
      lines.push(buffer.getLine(row)?.translateToString(true) ?? "");
    }
    return lines.join("\n");
  }

  write(data: string): void {
    this.#pty.write(data);
  }

  resize(cols: number, rows: number): void {
    this.#pty.resize(cols, rows);
    this.#screen.resize(cols, rows);
  }

  /** Waits for raw output (what was written, even if the screen has since been cleared). */
  async waitForOutput(text: string, timeoutMs = 30_000): Promise<void> {
    for (const deadline = Date.now() + timeoutMs; !this.#output.includes(text); ) {
      if (Date.now() > deadline) {
        throw new Error(
          `output never held ${JSON.stringify(text)}; screen:\n${await this.screenText()}`,
        );
      }
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 50));
    }
  }

  async waitForScreen(match: (text: string) => boolean, timeoutMs = 30_000): Promise<string> {
    let text = await this.screenText();
    for (const deadline = Date.now() + timeoutMs; !match(text) && Date.now() < deadline; ) {
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 100));
      text = await this.screenText();
    }
    if (!match(text)) {
      throw new Error(`screen never matched within ${timeoutMs} ms; it shows:\n${text}`);
    }
    return text;
  }

  /** Ends the shell and the command with it (one process group: the shell has no job control). */
  kill(): void {
    if (this.#ptyEnded) return;
    try {
      process.kill(-this.#pty.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}
