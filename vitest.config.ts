import { homedir } from "node:os";
import { join } from "node:path";
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { longFirstSequencer } from "./test/support/long-first-sequencer.js";

// Sessions keep trusted copies in the user's state dir (src/state/private-root.ts); tests
// keep theirs in a folder of their own instead of the real ~/.local/state. Like the real
// one it must be outside every workspace and outside the temp dir, which Codex's sandbox
// lets tools write — so not under the checkout, which CI clones into /tmp.
const env = { XDG_STATE_HOME: join(homedir(), ".cache", "elwood-test-state") };

// Three tiers (see prd/testing.md), run in three groups, one after the other:
//   1. unit and integration, FAST_WORKERS files at a time;
//   2. e2e, E2E_WORKERS files at a time (each real CLI is a heavy native process, but
//      an e2e file spends most of its time waiting on the CLIs and the model server);
//   3. e2e-alone: e2e files that assert how fast the machine reaps processes (nothing
//      may survive 2 s after a SIGKILL), side by side with no other e2e file running.
// Worker counts were chosen by measurement on the 2-core machine the suite must fit
// (prd/testing.md "How the suite is run"); ELWOOD_E2E_WORKERS and ELWOOD_FAST_WORKERS
// override them. Measured for issue 22 on fresh clones: the e2e group took 942 s one file
// at a time, about 555 s with two, 250–300 s with three and four. Four was faster on a
// quiet machine (270 against 300 s, 2026-12-03) but three of six fresh-clone runs with
// four went red on load-bound waits (a Claude draft repaint, Codex's /model picker twice,
// a Claude login test hung: a product defect since fixed), so e2e stays at three. A later
// fresh clone with four was not faster than with three (vitest 486 against 463 s, one run
// each; the machine's speed moved more than that within the afternoon). Once the work beside
// the suite used the e2e group's idle CPU, four was no faster again (671 against 669 s,
// 2026-12-03 16:25, both cores 94-99 % busy) and went red on a load-bound wait (cli.test
// C-CLI-17: the prompt reached the model after its 8 s --timeout). Unit and integration
// run three files at a time: with two the group took 117 s and kept 1.3 of the 2 cores busy (many
// integration files wait on deadlines and child processes), with three 91 s at 1.7 cores.
// ELWOOD_E2E_WORKERS=1 runs the e2e files one at a time.
const E2E_WORKERS = Number(process.env.ELWOOD_E2E_WORKERS ?? 3);
const FAST_WORKERS = Number(process.env.ELWOOD_FAST_WORKERS ?? 3);

/**
 * e2e files with a wall-clock bound on process reaping: they run last (group 3), all at
 * once with no other e2e file running (three files, each about as busy as one e2e file;
 * two at a time left cli-death to run after the others, 47 s against 38 s). Crash recovery is one file per agent so the two
 * agents' scenarios share the group's time instead of running one after the other.
 */
const E2E_ALONE_FILES = [
  "test/e2e/crash-recovery-codex.test.ts",
  "test/e2e/crash-recovery-claude.test.ts",
  "test/e2e/crash-recovery-gemini.test.ts",
  "test/e2e/crash-recovery-copilot.test.ts",
  "test/e2e/cli-death.test.ts",
];

/**
 * Files that took 10 s or more on a fresh clone on the 2-core machine (2026-12-03), longest
 * first: each group starts them first (test/support/long-first-sequencer.ts), so a long
 * file never runs alone at the end of its group. Other files keep vitest's order.
 */
const LONG_FILES = [
  "test/e2e/cli.test.ts",
  // Not measured on a fresh clone yet: about 200 s and 130 s alone (issue 45, 2026-12-07).
  "test/e2e/acp-acpx.test.ts",
  "test/e2e/acp.test.ts",
  "test/e2e/session-classes.test.ts",
  "test/e2e/codex-turns.test.ts",
  "test/e2e/claude-loops.test.ts",
  "test/e2e/readme-samples.test.ts",
  "test/e2e/hooks-codex.test.ts",
  "test/e2e/hostile-transcript.test.ts",
  "test/e2e/composer-guard.test.ts",
  "test/e2e/empty-resume.test.ts",
  "test/integration/session/browser-tools.test.ts",
  "test/e2e/token-usage.test.ts",
  "test/e2e/serve-approvals.test.ts",
  "test/integration/package/packed-package.test.ts",
  "test/e2e/models.test.ts",
  "test/e2e/attach.test.ts",
  "test/e2e/codex-start.test.ts",
  "test/e2e/claude-start.test.ts",
  "test/integration/serve/attach/attach-cli.test.ts",
  "test/e2e/claude-turns.test.ts",
  "test/e2e/hooks-claude.test.ts",
  "test/integration/state/crash-safety.test.ts",
  "test/e2e/images.test.ts",
  "test/e2e/high-trust.test.ts",
  "test/integration/session/lazy-start-timeout.test.ts",
  "test/e2e/claude-lifecycle.test.ts",
  "test/integration/session/launch-flags.test.ts",
  "test/e2e/codex-lifecycle.test.ts",
  "test/e2e/guardrails.test.ts",
  "test/e2e/draft-cleanup.test.ts",
  // Past 10 s once they ran for all four agents (issue 42/46), measured alone: about 60,
  // 25, 25 and 20 s.
  "test/e2e/hooks-declared.test.ts",
  "test/e2e/attach-starting.test.ts",
  "test/e2e/serve-signals.test.ts",
  "test/e2e/serve-limits.test.ts",
  "test/e2e/serve-browser.test.ts",
  "test/e2e/agent-session.test.ts",
  "test/integration/bridge/clients/clients.test.ts",
  ...E2E_ALONE_FILES,
];

/**
 * Integration files that `npm run test:quick` (`vitest run --mode quick`) leaves out: each
 * took 10 s or more on two cores, and three are load samples by design (10,000 fuzzed
 * bridge requests, 1,000 hook calls, two dependency-cruiser runs over a copy of src/,
 * which `npm run deps` checks in the edit loop). The rest of test/integration is quick.
 */
const SLOW_INTEGRATION_FILES = [
  "test/integration/state/crash-safety.test.ts",
  "test/integration/bridge/fuzz.test.ts",
  "test/integration/bridge/handlers-under-load.test.ts",
  "test/integration/dependency-rules.test.ts",
  "test/integration/session/resume-posture.test.ts",
  "test/integration/session/launch-flags.test.ts",
  "test/integration/session/start-failures.test.ts",
  "test/integration/package/packed-package.test.ts",
  "test/integration/package/readme-snippets.test.ts",
  // Over 10 s too when measured again for issue 22 (test:quick took 107 s with them): the
  // attach CLI runs `elwood` from source at every start, the browser-tools and lazy-start
  // files and the bridge clients wait out the product's own fallbacks and deadlines.
  "test/integration/serve/attach/attach-cli.test.ts",
  "test/integration/session/browser-tools.test.ts",
  "test/integration/session/lazy-start-timeout.test.ts",
  "test/integration/bridge/clients/clients.test.ts",
  // The throwaway agent's walk (issue 42): `elwood` from source over a copy of src/, a
  // TypeScript check and two dependency-cruiser runs of that copy, about 65 s.
  "test/integration/throwaway-agent.test.ts",
];

/**
 * Integration files that only burn CPU (TypeScript compiles, `npm pack`, dependency-cruiser
 * over src/) and wait on no deadline of the product's. They are a project of their own so
 * that `npm test` can run them in a second vitest at the lowest CPU priority, beside the
 * rest (scripts/dev/test-all.mjs): there they use the e2e group's idle CPU instead of
 * lengthening the unit and integration group, which keeps both cores busy. At that
 * priority they get CPU only when the suite leaves it, at the latest once the suite is
 * done (the longest took 229 s beside a 630 s suite, the declarations build 400 s beside
 * four e2e files at a time), so their bound is a hang guard the length of a whole run, not
 * a measure of their speed. Any other run (`vitest run`, `npm run test:integration`) runs
 * them like every integration file.
 */
const BACKGROUND_BOUND_MS = 20 * 60_000;
const BACKGROUND_INTEGRATION_FILES = [
  "test/integration/package/readme-snippets.test.ts",
  "test/integration/dependency-rules.test.ts",
  "test/integration/package/packed-package.test.ts",
];

/**
 * Files run one after another in a worker process instead of each in a fresh one (vitest's
 * `isolate: false`): importing the sources took about 1.5 CPU-seconds a file, which over
 * the integration and e2e files was a tenth of the suite's CPU on two cores (measured for
 * issue 22: the integration tier 139 against 112 CPU-seconds). The setup file gives each
 * file the process state a fresh one would have. The e2e-alone files keep a process each:
 * they kill and count processes, and are three.
 */
const SHARED_WORKER = {
  isolate: false,
  setupFiles: ["test/support/shared-worker.ts"],
} satisfies TestProjectInlineConfiguration["test"];

const e2eOptions = {
  environment: "node",
  // e2e runs the built `elwood` (test/support/serve-process.ts): `npm test` builds first.
  env: { ...env, ELWOOD_TEST_BUILT_CLI: "1" },
  testTimeout: 180_000,
  hookTimeout: 120_000,
  pool: "forks",
};

export default defineConfig(({ mode }) => {
  const isQuick = mode === "quick";
  const unit: TestProjectInlineConfiguration = {
    test: {
      name: "unit",
      include: ["test/unit/**/*.test.ts"],
      environment: "node",
      env,
      maxWorkers: FAST_WORKERS,
      // The files share their workers instead of each importing the sources again (that
      // import was three quarters of the tier's CPU); see SHARED_WORKER.
      ...SHARED_WORKER,
    },
  };
  const integrationOptions = {
    environment: "node",
    env,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: FAST_WORKERS,
    ...SHARED_WORKER,
    setupFiles: [...SHARED_WORKER.setupFiles, "test/support/hermetic-home.ts"],
  } satisfies TestProjectInlineConfiguration["test"];
  const integration: TestProjectInlineConfiguration = {
    test: {
      ...integrationOptions,
      name: "integration",
      include: ["test/integration/**/*.test.ts"],
      exclude: [
        ...configDefaults.exclude,
        ...BACKGROUND_INTEGRATION_FILES,
        ...(isQuick ? SLOW_INTEGRATION_FILES : []),
      ],
    },
  };
  // Every background file is a slow one, so `test:quick` leaves this project out.
  const integrationBackground: TestProjectInlineConfiguration = {
    test: {
      ...integrationOptions,
      name: "integration-background",
      include: BACKGROUND_INTEGRATION_FILES,
      testTimeout: BACKGROUND_BOUND_MS,
      hookTimeout: BACKGROUND_BOUND_MS,
    },
  };
  const e2e: TestProjectInlineConfiguration = {
    test: {
      ...e2eOptions,
      name: "e2e",
      include: ["test/e2e/**/*.test.ts"],
      exclude: [...configDefaults.exclude, ...E2E_ALONE_FILES],
      ...SHARED_WORKER,
      maxWorkers: E2E_WORKERS,
      sequence: { groupOrder: 1 },
    },
  };
  // After the e2e group, all three at once (see E2E_ALONE_FILES).
  const e2eAlone: TestProjectInlineConfiguration = {
    test: {
      ...e2eOptions,
      name: "e2e-alone",
      include: E2E_ALONE_FILES,
      maxWorkers: E2E_ALONE_FILES.length,
      sequence: { groupOrder: 2 },
    },
  };
  return {
    test: {
      projects: isQuick
        ? [unit, integration]
        : [unit, integration, integrationBackground, e2e, e2eAlone],
      sequence: { sequencer: longFirstSequencer(LONG_FILES) },
    },
  };
});
