import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

// Sessions keep trusted copies in the user's state dir (src/state/private-root.ts); tests
// keep theirs in one folder of their own instead of the real ~/.local/state.
const env = { XDG_STATE_HOME: join(tmpdir(), `elwood-test-state-${process.getuid?.() ?? "user"}`) };

// Three tiers (see prd/testing.md). e2e drives the real CLIs, each of which is a
// heavy native process, so that tier runs one file at a time on a 2-core machine.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          environment: "node",
          env,
        },
      },
      {
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          environment: "node",
          env,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: "forks",
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          env,
          testTimeout: 180_000,
          hookTimeout: 120_000,
          pool: "forks",
          fileParallelism: false,
        },
      },
    ],
  },
});
