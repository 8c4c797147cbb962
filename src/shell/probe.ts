// Bounded, asynchronous, non-PTY probes (lifecycle §1.2 "Probe bounds", C-PERF-01/03):
// each runs in its own process group, is SIGKILLed as a group after 15 s or beyond
// 1,000,000 bytes on a stream, and never throws: the caller decides what a failure means.

import { spawn } from "node:child_process";
import { ElwoodError } from "../errors.js";
import { BoundedOutput } from "./bounded-output.js";
import { loginShellCommand, resolveLoginShell } from "./login-shell.js";
import { reapProcessGroup } from "./reap.js";
import { parseVersion } from "./version.js";

export { compareVersions, parseVersion } from "./version.js";

export const DEFAULT_PROBE_TIMEOUT_MS = 15_000;
export const DEFAULT_PROBE_MAX_BYTES = 1_000_000;

export interface BoundedProbeOptions {
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly timeoutMs?: number;
  /** Per stream (stdout and stderr each). */
  readonly maxBytes?: number;
  readonly signal?: AbortSignal;
}

export interface ProbeResult {
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
  readonly truncated: boolean;
  readonly aborted: boolean;
  /** ETIMEDOUT, E2BIG, ABORT_ERR, or the spawn error's code; undefined for a normal exit. */
  readonly errno: string | undefined;
  readonly syscall: string | undefined;
  readonly path: string | undefined;
}

type Stop = "timeout" | "oversize" | "abort";

const STOP_ERRNO: Record<Stop, string> = {
  timeout: "ETIMEDOUT",
  oversize: "E2BIG",
  abort: "ABORT_ERR",
};

export function runBoundedProbe(options: BoundedProbeOptions): Promise<ProbeResult> {
  const maxBytes = options.maxBytes ?? DEFAULT_PROBE_MAX_BYTES;
  const stdout = new BoundedOutput(maxBytes);
  const stderr = new BoundedOutput(maxBytes);
  return new Promise((resolve) => {
    let stopReason: Stop | undefined;
    let spawnError: NodeJS.ErrnoException | undefined;
    const child = spawn(options.file, [...options.args], {
      cwd: options.cwd,
      env: options.env,
      // Own process group (setsid) so the probe and anything it started die together.
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });

    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        reapProcessGroup(child.pid);
      } catch {
        // The group may belong to someone else by now; nothing more can be done here.
      }
    };
    const stop = (reason: Stop) => {
      if (stopReason !== undefined) return;
      stopReason = reason;
      killGroup();
      // A grandchild that escaped the group could hold the pipes open; stop reading.
      child.stdout.destroy();
      child.stderr.destroy();
    };

    const timer = setTimeout(() => stop("timeout"), options.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS);
    const onAbort = () => stop("abort");
    if (options.signal?.aborted) queueMicrotask(onAbort);
    options.signal?.addEventListener("abort", onAbort, { once: true });

    child.stdout.on("data", (chunk: Buffer) => {
      if (!stdout.append(chunk)) stop("oversize");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (!stderr.append(chunk)) stop("oversize");
    });
    child.on("error", (error) => {
      spawnError = error;
    });
    child.on("close", (exitCode, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      // The leader is gone; anything left in its group is an orphan of this probe.
      killGroup();
      const errno =
        stopReason !== undefined ? STOP_ERRNO[stopReason] : stringOrUndefined(spawnError?.code);
      resolve({
        exitCode: spawnError === undefined ? exitCode : null,
        signal,
        stdout: stdout.text(),
        stderr: stderr.text(),
        timedOut: stopReason === "timeout",
        truncated: stdout.isTruncated || stderr.isTruncated,
        aborted: stopReason === "abort",
        errno,
        syscall: stopReason === undefined ? stringOrUndefined(spawnError?.syscall) : undefined,
        path: stopReason === undefined ? stringOrUndefined(spawnError?.path) : undefined,
      });
    });
  });
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** The errors a failed `--version` probe raises; each agent names its own. */
export interface ProbeErrorNames {
  /** The login shell could not find the command. */
  readonly notFound: string;
  /** Anything else: a crash, a timeout, too much output. */
  readonly startFailed: string;
}

export interface ProbeCliVersionOptions {
  /** The command to look up on the login shell's PATH. */
  readonly binary: string;
  readonly errorNames: ProbeErrorNames;
  /** An explicit executable to run instead of looking `binary` up on the login PATH. */
  readonly executable?: string;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The login shell to run through; resolveLoginShell() when omitted. */
  readonly shell?: string;
  readonly timeoutMs?: number;
  /** Runs the probe; runBoundedProbe unless a test substitutes one. */
  readonly runProbe?: (options: BoundedProbeOptions) => Promise<ProbeResult>;
}

export interface CliVersion {
  /** The CLI's `--version` output, trimmed. */
  readonly text: string;
  /** The parsed x.y.z, or undefined when the output had none (a `version_unparseable` warning). */
  readonly version: string | undefined;
}

const versionCache = new Map<string, Promise<CliVersion>>();

/** `<cli> --version` through the login shell, read once per process per binary+executable (C-PERF-02). */
export function probeCliVersion(options: ProbeCliVersionOptions): Promise<CliVersion> {
  return oncePerProcess(versionCache, cliKey(options), () => readCliVersion(options));
}

const helpCache = new Map<string, Promise<string>>();

/**
 * `<cli> --help` through the login shell, once per process per binary+executable; "" when
 * it fails (callers only look for advertised flags, so a failure means "not advertised"),
 * and a failure is not cached.
 */
export function probeCliHelp(options: ProbeCliVersionOptions): Promise<string> {
  return oncePerProcess(helpCache, cliKey(options), async () => {
    const command = loginShellCommand({
      shell: options.shell ?? resolveLoginShell(),
      argv: [options.executable ?? options.binary, "--help"],
    });
    const result = await (options.runProbe ?? runBoundedProbe)({
      ...command,
      cwd: options.cwd,
      env: options.env,
    });
    if (result.errno !== undefined || result.exitCode !== 0) throw new Error("help probe failed");
    return result.stdout;
  }).catch(() => "");
}

function cliKey(options: ProbeCliVersionOptions): string {
  return `${options.binary}\u0000${options.executable ?? ""}`;
}

// Concurrent callers share one probe; a failure is never cached, so the next caller retries.
function oncePerProcess<T>(
  cache: Map<string, Promise<T>>,
  key: string,
  run: () => Promise<T>,
): Promise<T> {
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const probe = run();
  cache.set(key, probe);
  probe.catch(() => {
    if (cache.get(key) === probe) cache.delete(key);
  });
  return probe;
}

/** Forgets cached versions (all, or one binary's), e.g. after an update attempt. */
export function clearVersionCache(binary?: string): void {
  for (const cache of [versionCache, helpCache]) {
    for (const key of cache.keys()) {
      if (binary === undefined || key.startsWith(`${binary}\u0000`)) cache.delete(key);
    }
  }
}

const STDERR_DETAIL_CHARS = 4000;

async function readCliVersion(options: ProbeCliVersionOptions): Promise<CliVersion> {
  const command = loginShellCommand({
    shell: options.shell ?? resolveLoginShell(),
    argv: [options.executable ?? options.binary, "--version"],
  });
  const runProbe = options.runProbe ?? runBoundedProbe;
  const result = await runProbe({
    ...command,
    cwd: options.cwd,
    env: options.env,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  if (result.errno === undefined && result.exitCode === 0) {
    const text = result.stdout.trim();
    return { text, version: parseVersion(text) };
  }
  throw versionProbeError(options, result);
}

// 127 from the shell means "command not found"; everything else is a failed start.
function versionProbeError(
  options: ProbeCliVersionOptions,
  result: ProbeResult,
): ElwoodError<string> {
  const isMissing = result.errno === undefined && result.exitCode === 127;
  const name = isMissing ? options.errorNames.notFound : options.errorNames.startFailed;
  const what = options.executable ?? options.binary;
  const reason =
    result.errno === "ETIMEDOUT"
      ? "timed out"
      : result.errno === "E2BIG"
        ? "printed more output than allowed"
        : isMissing
          ? "was not found on the login shell's PATH"
          : `failed (exit ${result.exitCode ?? "none"}, signal ${result.signal ?? "none"})`;
  // The remedy names the knob the caller has: the login shell's PATH, or `executable`;
  // with the offline kit, the agent home's PATH comes from createAgentHome({ cliPaths }).
  const remedy =
    options.executable !== undefined
      ? "Check the `executable` option."
      : `Put its folder on PATH in your login shell's startup files (Elwood starts the CLI through \`<shell> -l -i\`), or pass \`executable: "/path/to/${options.binary}"\`. With @with-logic/elwood/testing, the agent home's PATH comes from \`createAgentHome({ cliPaths })\`.`;
  return new ElwoodError<string>(name, `\`${what} --version\` ${reason}. ${remedy}`, {
    details: {
      cause: result.timedOut ? "timeout" : result.truncated ? "output_limit" : "probe_failed",
      exitCode: result.exitCode,
      signal: result.signal,
      stderr: result.stderr.slice(-STDERR_DETAIL_CHARS),
      ...(result.errno === undefined ? {} : { errno: result.errno }),
      ...(result.syscall === undefined ? {} : { syscall: result.syscall }),
      ...(result.path === undefined ? {} : { path: result.path }),
    },
  });
}
