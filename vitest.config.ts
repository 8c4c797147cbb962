import { defineConfig } from "vitest/config";

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
        },
      },
      {
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          environment: "node",
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
          testTimeout: 180_000,
          hookTimeout: 120_000,
          pool: "forks",
          fileParallelism: false,
        },
      },
    ],
  },
});
