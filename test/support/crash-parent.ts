// Starts test/fixtures/crash-parent.mjs, a parent application that drives one session to
// a phase and waits there to be SIGKILLed (the crash-recovery and empty-resume e2e files).
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { ClaudeFixture } from "./claude-e2e.js";
import { assertBuilt } from "./cli-bin.js";
import { onCrashParentMessages } from "./crash-parent-messages.js";

const FIXTURE = fileURLToPath(new URL("../fixtures/crash-parent.mjs", import.meta.url));

export interface CrashParentRun {
  readonly child: ChildProcess;
  readonly elwoodSessionId: string;
  /** Set when the parent killed itself (mid-stop): its agent processes still running then. */
  readonly agentsAliveAtCrash: number | undefined;
}

/** What the fixture reads from its one argument. */
export interface CrashParentConfig {
  readonly agent: string;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly stateDir: string;
  readonly phase: string;
  readonly prompt: string;
  readonly [more: string]: unknown;
}

/**
 * Starts the fixture parent and resolves once it reports `config.phase`; it fails if the
 * parent exits first or 120 s pass. The parent is SIGKILLed when the test ends.
 */
export function startCrashParent(
  fx: Pick<ClaudeFixture, "defer">,
  config: CrashParentConfig,
): Promise<CrashParentRun> {
  assertBuilt();
  const child = spawn(process.execPath, [FIXTURE, JSON.stringify(config)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  fx.defer(() => {
    child.kill("SIGKILL");
  });
  return new Promise((resolve, reject) => {
    let stderr = "";
    let elwoodSessionId: string | undefined;
    const timer = setTimeout(
      () => reject(new Error(`no "${config.phase}" within 120 s: ${stderr}`)),
      120_000,
    );
    child.stderr?.on("data", (part: Buffer) => {
      stderr += part.toString("utf8");
    });
    // "close", not "exit": a parent that kills itself right after its phase line (mid-stop)
    // can be seen exiting before that line is read; "close" comes after all of its output.
    child.on("close", (code) => {
      clearTimeout(timer);
      reject(new Error(`parent exited (${code}) before "${config.phase}": ${stderr}`));
    });
    onCrashParentMessages(child.stdout, (message) => {
      if (message.event === "started") elwoodSessionId = message.elwoodSessionId;
      if (message.event === "phase" && elwoodSessionId !== undefined) {
        clearTimeout(timer);
        // From here on the test kills it: that exit is expected.
        child.removeAllListeners("close");
        resolve({ child, elwoodSessionId, agentsAliveAtCrash: message.agentsAlive });
      }
    });
  });
}
