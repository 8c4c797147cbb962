// `autoupdate: true` (lifecycle §1.2, C-LIFE-09/11, C-PERF-02..04): the adapter's update
// command (`<cli> update`) through the login shell before launch, at most once per process
// per CLI, and once across concurrent processes: a per-user lease (proper-lockfile; a
// crashed owner's lease goes stale and is taken over) serializes contenders, and a stamp
// written under the lease tells a contender that waited that someone else already
// updated. The version cache is cleared afterwards so the gate re-reads `--version`. A
// failure never throws: the caller warns `agent_update_failed` and the version gate decides.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import lockfile from "proper-lockfile";
import { loginShellCommand, resolveLoginShell } from "./login-shell.js";
import {
  type BoundedProbeOptions,
  clearVersionCache,
  type ProbeResult,
  runBoundedProbe,
} from "./probe.js";

const STDERR_WARNING_CHARS = 2000;
// A lease whose owner stops refreshing it for this long is stale (the owner crashed).
const LEASE_STALE_MS = 20_000;
// Contenders wait at most about 60 s for the owner (lifecycle §1.2 "60 s contender bound").
const LEASE_RETRIES = { retries: 120, minTimeout: 250, maxTimeout: 500 };

export interface AutoupdateOptions {
  /** The CLI's command name on the login PATH ("claude", "codex"). */
  readonly binary: string;
  /** Its update command after the binary (the adapter's `updateCommand`). */
  readonly updateArgs: readonly string[];
  readonly executable?: string;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly shell?: string;
  /** Where the per-user lease and stamp live; `$XDG_CACHE_HOME/elwood` or `~/.cache/elwood`. */
  readonly leaseDir?: string;
  readonly runProbe?: (options: BoundedProbeOptions) => Promise<ProbeResult>;
}

export type AutoupdateOutcome =
  | { readonly kind: "updated" }
  | { readonly kind: "skipped"; readonly reason: "updated_by_another_process" }
  | {
      readonly kind: "failed";
      readonly exitCode: number | null;
      readonly errno: string | undefined;
      readonly stderr: string;
    };

const outcomes = new Map<string, Promise<AutoupdateOutcome>>();

/** Runs the update once per process per CLI (failures included: never retried in-process). */
export function autoupdateCli(options: AutoupdateOptions): Promise<AutoupdateOutcome> {
  const key = `${options.binary}\u0000${options.executable ?? ""}`;
  let outcome = outcomes.get(key);
  if (outcome === undefined) {
    outcome = updateUnderLease(options).finally(() => clearVersionCache(options.binary));
    outcomes.set(key, outcome);
  }
  return outcome;
}

/**
 * Forgets every attempt, so the next session of a CLI updates it again. For a process that
 * stands in for several (test files sharing a worker); a session never needs it.
 */
export function forgetAutoupdateOutcomes(): void {
  outcomes.clear();
}

export function defaultLeaseDir(env: Readonly<Record<string, string | undefined>>): string {
  const cache = env.XDG_CACHE_HOME ?? process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache");
  return join(cache, "elwood");
}

async function updateUnderLease(options: AutoupdateOptions): Promise<AutoupdateOutcome> {
  const dir = options.leaseDir ?? defaultLeaseDir(options.env);
  const startedAt = Date.now();
  let release: (() => Promise<void>) | undefined;
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const target = join(dir, `update-${options.binary}`);
    await writeFile(target, "", { flag: "a", mode: 0o600 });
    release = await lockfile.lock(target, {
      stale: LEASE_STALE_MS,
      retries: LEASE_RETRIES,
      realpath: false,
    });
    if ((await lastUpdateAt(target)) >= startedAt) {
      return { kind: "skipped", reason: "updated_by_another_process" };
    }
    const outcome = await runUpdate(options);
    if (outcome.kind === "updated") await writeFile(`${target}.stamp`, String(Date.now()));
    return outcome;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      kind: "failed",
      exitCode: null,
      // ELOCKED: another process held the lease past the contender bound.
      errno: code === "ELOCKED" ? "update_active" : (code ?? "UnknownError"),
      stderr: "",
    };
  } finally {
    await release?.().catch(() => undefined);
  }
}

async function lastUpdateAt(target: string): Promise<number> {
  const text = await readFile(`${target}.stamp`, "utf8").catch(() => "");
  const at = Number.parseInt(text, 10);
  return Number.isFinite(at) ? at : 0;
}

async function runUpdate(options: AutoupdateOptions): Promise<AutoupdateOutcome> {
  const command = loginShellCommand({
    shell: options.shell ?? resolveLoginShell(),
    argv: [options.executable ?? options.binary, ...options.updateArgs],
  });
  const result = await (options.runProbe ?? runBoundedProbe)({
    ...command,
    cwd: options.cwd,
    env: options.env,
  });
  if (result.errno === undefined && result.exitCode === 0) return { kind: "updated" };
  return {
    kind: "failed",
    exitCode: result.exitCode,
    errno: result.errno,
    stderr: result.stderr.slice(-STDERR_WARNING_CHARS),
  };
}
