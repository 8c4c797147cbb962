import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Sessions keep trusted copies in the user's state dir (src/state/private-root.ts); tests
// keep theirs in a folder of their own instead of the real ~/.local/state. Like the real
// one it is outside every workspace and outside the temp dir, which Codex's sandbox
// lets tools write.
const root = dirname(fileURLToPath(import.meta.url));
const env = { XDG_STATE_HOME: join(root, "node_modules", ".cache", "elwood-test-state") };

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
