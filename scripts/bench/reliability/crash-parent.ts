// Starts test/fixtures/crash-parent.mjs against the bench's world and waits until it
// reports the phase it is to be killed in (a parent that never gets there is ended here,
// with everything it started).
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { onCrashParentMessages } from "../../../test/support/crash-parent-messages.js";
import { descendantsOf, isProcessAlive } from "../../../test/support/process-table.js";
import type { CliWorld } from "./types.js";

const FIXTURE = fileURLToPath(new URL("../../../test/fixtures/crash-parent.mjs", import.meta.url));

export interface CrashParent {
  readonly child: ChildProcess;
  readonly elwoodSessionId: string;
}

export async function startCrashParent(
  world: CliWorld,
  options: {
    readonly agent: "claude" | "codex";
    readonly phase: string;
    readonly prompt: string;
    /** Extra start options (Codex's `sandbox`, say). */
    readonly posture?: Readonly<Record<string, string>>;
  },
): Promise<CrashParent> {
  const config = {
    agent: options.agent,
    cwd: world.workspace,
    env: world.home.env,
    stateDir: world.stateDir,
    phase: options.phase,
    prompt: options.prompt,
    posture: options.posture ?? {},
  };
  const child = spawn(process.execPath, ["--import", "tsx", FIXTURE, JSON.stringify(config)], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  const elwoodSessionId = await new Promise<string>((resolve, reject) => {
    let id = "";
    const timer = setTimeout(
      () => reject(new Error(`the parent never reported ${options.phase}`)),
      120_000,
    );
    onCrashParentMessages(child.stdout, (message) => {
      if (message.event === "started") id = message.elwoodSessionId ?? "";
      if (message.event === "phase") {
        clearTimeout(timer);
        resolve(id);
      }
    });
  }).catch((error: unknown) => {
    const started = descendantsOf(child.pid as number).map((entry) => entry.pid);
    child.kill("SIGKILL");
    for (const pid of started) if (isProcessAlive(pid)) process.kill(pid, "SIGKILL");
    throw error;
  });
  return { child, elwoodSessionId };
}
