// The example supervisor (C-APP-11): `npm run demo` and `npm run serve` run under
// scripts/dev/supervise.mjs, which leaves no process of the example's group behind
// whether the example exits, crashes, or the supervisor is signalled, and keeps the
// terminal's stdin away from the example.
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { isProcessAlive, waitFor } from "../../../support/process-table.js";

const SUPERVISOR = join(import.meta.dirname, "../../../../scripts/dev/supervise.mjs");
const started: number[] = [];

afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone, as it should be.
    }
  }
});

// An example that starts a grandchild in its own process group, prints both pids, and then
// does what the test asks: exit with a code, or wait (optionally deaf to SIGTERM).
function example(behaviour: "exit3" | "wait" | "stubborn" | "stdin"): string {
  return `
    const { spawn } = require("node:child_process");
    const grandchild = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    const behaviour = ${JSON.stringify(behaviour)};
    if (behaviour === "exit3") setTimeout(() => process.exit(3), 100);
    if (behaviour === "stubborn") process.on("SIGTERM", () => {});
    if (behaviour === "wait") process.on("SIGTERM", () => { console.log("cleaned up"); process.exit(0); });
    if (behaviour === "stdin") process.stdin.on("data", () => console.log("read stdin")).on("end", () => console.log("stdin closed"));
    setInterval(() => {}, 1000);
    // Last, so the test signals only once the handlers above are in place.
    console.log(JSON.stringify({ child: process.pid, grandchild: grandchild.pid }));
  `;
}

interface Supervised {
  readonly supervisor: ChildProcess;
  readonly pids: Promise<{ child: number; grandchild: number }>;
  readonly output: () => string;
  readonly exit: Promise<number | null>;
}

function supervise(behaviour: Parameters<typeof example>[0]): Supervised {
  const supervisor = spawn(
    process.execPath,
    [SUPERVISOR, process.execPath, "-e", example(behaviour)],
    {
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  let output = "";
  const pids = new Promise<{ child: number; grandchild: number }>((resolve) => {
    supervisor.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split("\n").find((l) => l.startsWith("{"));
      if (line !== undefined) {
        const parsed = JSON.parse(line) as { child: number; grandchild: number };
        started.push(parsed.child, parsed.grandchild);
        resolve(parsed);
      }
    });
  });
  const exit = new Promise<number | null>((resolve) =>
    supervisor.once("close", (code) => resolve(code)),
  );
  return { supervisor, pids, output: () => output, exit };
}

describe("scripts/dev/supervise.mjs", () => {
  test("C-APP-11: the example exits on its own → its exit code passes through, nothing of its group survives", async () => {
    const run = supervise("exit3");
    const { grandchild } = await run.pids;
    expect(await run.exit).toBe(3);
    expect(isProcessAlive(grandchild)).toBe(false);
  });

  test("C-APP-11: SIGTERM to the supervisor → the example cleans up on TERM, the group is gone, exit 143", async () => {
    const run = supervise("wait");
    const { child, grandchild } = await run.pids;
    run.supervisor.kill("SIGTERM");
    expect(await run.exit).toBe(143);
    expect(run.output()).toContain("cleaned up");
    expect(isProcessAlive(child)).toBe(false);
    expect(isProcessAlive(grandchild)).toBe(false);
  });

  test("C-APP-11: an example deaf to SIGTERM is killed after the 1 s grace (SIGINT → 130)", async () => {
    const run = supervise("stubborn");
    const { child, grandchild } = await run.pids;
    const sentAt = Date.now();
    run.supervisor.kill("SIGINT");
    expect(await run.exit).toBe(130);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(900);
    // Bounded, not immediate: the group was SIGKILLed, and a loaded machine may take a
    // moment to finish them off. What matters is that they go.
    const gone = await waitFor(() => !isProcessAlive(child) && !isProcessAlive(grandchild), {
      timeoutMs: 10_000,
    });
    expect(
      gone,
      `alive: child ${isProcessAlive(child)}, grandchild ${isProcessAlive(grandchild)}`,
    ).toBe(true);
  });

  test("C-APP-11: the example never reads the terminal's stdin", async () => {
    const run = supervise("stdin");
    await run.pids;
    run.supervisor.stdin?.write("typed by the user\n");
    // The example's stdin ends at once: the supervisor gave it none of the terminal's.
    expect(
      await waitFor(() => run.output().includes("stdin closed"), { timeoutMs: 10_000 }),
      run.output(),
    ).toBe(true);
    expect(run.output()).not.toContain("read stdin");
    run.supervisor.kill("SIGTERM");
    await run.exit;
  });
});
