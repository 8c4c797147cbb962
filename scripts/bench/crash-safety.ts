// Crash safety at the target's sample (design/TARGETS.md "kill -9 the writer ≥ 1,000 times
// mid state write"): runs the suite's own test, test/integration/state/crash-safety.test.ts,
// with ELWOOD_CRASH_KILLS raised from the suite's 102 to 1,020. One code path proves the
// rule in both places; the suite keeps a sample that still fails on a torn write, and the
// sample that takes minutes on two cores lives here.
//
//   npm run bench -- crash-safety [--kills 1020]

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const TEST_FILE = "test/integration/state/crash-safety.test.ts";

function killsOption(args: readonly string[]): number {
  const index = args.indexOf("--kills");
  const kills = index < 0 ? 1_020 : Number(args[index + 1]);
  if (!Number.isInteger(kills) || kills < 100)
    throw new Error("--kills needs a whole number ≥ 100");
  return kills;
}

export async function runBenchmark(args: readonly string[] = []): Promise<void> {
  const kills = killsOption(args);
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  console.log(`${kills} SIGKILLs mid-write through ${TEST_FILE} (load average ${load})`);
  const started = performance.now();
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(ROOT, "node_modules", "vitest", "vitest.mjs"),
        "run",
        "--project",
        "integration",
        TEST_FILE,
      ],
      { cwd: ROOT, env: { ...process.env, ELWOOD_CRASH_KILLS: String(kills) }, stdio: "inherit" },
    );
    child.once("error", reject);
    child.once("exit", (exitCode) => resolve(exitCode));
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`crash-safety: ${code === 0 ? "0 unreadable records" : "FAILED"} in ${seconds} s`);
  if (code !== 0) throw new Error(`the crash-safety test failed at ${kills} kills (exit ${code})`);
}
