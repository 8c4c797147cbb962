// Every README sample runs as written (issue 27 "Done when" 1): each ```ts block is
// transpiled unchanged except for its placeholder folder, and run by node in a consumer
// project that installed the BUILT package and the pinned CLIs (test/support/
// consumer-project.ts), with a PATH that holds no node_modules/.bin. Library samples run
// in an agent home of the kit; the offline-testing sample makes its own server and home,
// so the kit has to find the CLIs in the project by itself. Samples marked compile-only
// in the README (a real account or the network) are only compiled, by
// test/integration/package/readme-snippets.test.ts. Needs `npm run build` first.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { lstat, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { transformSync } from "esbuild";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type AgentHome,
  createAgentHome,
  type ScriptedModelServer,
  type ScriptedTurn,
  startScriptedModelServer,
} from "../../src/testing/index.js";
import { assertBuilt } from "../support/cli-bin.js";
import { type ConsumerProject, createConsumerProject } from "../support/consumer-project.js";
import { waitFor } from "../support/process-table.js";
import { type ReadmeSample, readmeSamples } from "../support/readme-samples.js";

/** Where the samples' placeholder folders point: a fresh workspace per sample. */
const PLACEHOLDERS = ["/path/to/project", "/path/to/repo"];
const SAMPLE_TIMEOUT_MS = 150_000;
/** A PATH with node and the system's tools, and no node_modules/.bin anywhere. */
const BARE_PATH = [dirname(process.execPath), "/usr/local/bin", "/usr/bin", "/bin"].join(":");

// Two different, valid 1×1 PNGs (as in images.test.ts).
const PNG_A = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const PNG_B = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

interface SampleRun {
  readonly stdout: string;
  readonly stderr: string;
  readonly code: number | null;
  readonly workspace: string;
}

interface SamplePlan {
  /** Scripted answers for the prompts the sample sends. */
  readonly turns?: readonly ScriptedTurn[];
  /** Files the sample reads, written into its workspace first. */
  readonly files?: Readonly<Record<string, Buffer>>;
  /** The sample has no autotrust: its workspace is pre-trusted in the home. */
  readonly trusted?: boolean;
  /** The sample makes its own server and home (the offline-testing example). */
  readonly ownHome?: boolean;
  check(run: SampleRun): void | Promise<void>;
}

const samples = readmeSamples();
const runnable = samples.filter((sample) => sample.compileOnly === undefined);
let consumer: ConsumerProject;
let server: ScriptedModelServer;
let home: AgentHome;
const scratch: string[] = [];

function lines(text: string): string[] {
  return text.split("\n").filter((line) => line !== "");
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

const PLANS: Readonly<Record<string, SamplePlan>> = {
  "quick-start": {
    turns: [
      { match: "Fix the failing test", steps: [{ say: "QUICK-FIXED" }] },
      {
        match: "Now run it",
        steps: [
          { tool: { name: "Bash", input: { command: "node -e 'console.log(6 * 7)'" } } },
          { say: "QUICK-RAN" },
        ],
      },
    ],
    async check({ stdout, workspace }) {
      expect(lines(stdout)).toEqual(["QUICK-FIXED", "tool_call", "tool_result", "text"]);
      // "Where state lives": the default folder 0755 with a 0644 .gitignore, private inside.
      const state = join(workspace, ".elwood");
      expect((await lstat(state)).mode & 0o777).toBe(0o755);
      expect((await lstat(join(state, ".gitignore"))).mode & 0o777).toBe(0o644);
      expect(readFileSync(join(state, ".gitignore"), "utf8")).toBe("*\n");
      expect((await lstat(join(state, "sessions"))).mode & 0o777).toBe(0o700);
      const [session, ...others] = await readdir(join(state, "sessions"));
      expect(others).toEqual([]);
      const sessionDir = join(state, "sessions", session!);
      expect((await lstat(sessionDir)).mode & 0o777).toBe(0o700);
      const files = await readdir(sessionDir);
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const stats = await lstat(join(sessionDir, file));
        expect({ file, mode: stats.mode & 0o777 }).toEqual({
          file,
          mode: stats.isDirectory() ? 0o700 : 0o600,
        });
      }
    },
  },
  "raw-claude": {
    turns: [
      {
        match: "Run the tests and summarize any failures.",
        steps: [
          { tool: { name: "Bash", input: { command: "echo all-tests-passed" } } },
          { say: "RAW-CLAUDE-SUMMARY" },
        ],
      },
    ],
    check({ stdout }) {
      expect(stdout).toMatch(/^tool: Bash .*all-tests-passed/m);
      expect(stdout).toContain("claude: RAW-CLAUDE-SUMMARY\n");
      expect(stdout).toMatch(new RegExp(`^resume later with ${UUID}$`, "m"));
    },
  },
  "raw-codex": {
    turns: [{ match: "Add a test for the parser.", steps: [{ say: "RAW-CODEX-DONE" }] }],
    check({ stdout }) {
      expect(lines(stdout)).toEqual(["codex: RAW-CODEX-DONE"]);
    },
  },
  images: {
    trusted: true,
    files: { "before.png": PNG_A, "after.png": PNG_B },
    turns: [
      { match: "What differs between these two screenshots?", steps: [{ say: "IMAGES-SEEN" }] },
    ],
    check({ stdout }) {
      expect(lines(stdout)).toEqual(["IMAGES-SEEN"]);
      const asked = server.requests.find((r) => r.userText.includes("two screenshots"));
      expect(asked?.images.map((image) => image.base64)).toEqual([
        PNG_A.toString("base64"),
        PNG_B.toString("base64"),
      ]);
    },
  },
  compact: {
    turns: [{ match: "Summarize the open issues", steps: [{ say: "COMPACT-SUMMARY" }] }],
    check({ stdout }) {
      expect(stdout).toBe("");
    },
  },
  models: {
    check({ stdout }) {
      const rows = lines(stdout);
      expect(rows).toContainEqual(expect.stringMatching(/^\* scripted-model scripted-model/));
      expect(rows).toContainEqual(expect.stringMatching(/^ {2}scripted-model-alt /));
      expect(rows.at(-1)).toContain("'sonnet'");
    },
  },
  loops: {
    check({ stdout }) {
      const rows = lines(stdout);
      // Subscribed first, so both loops' `created` arrive, then the cancelled one.
      const created = rows.filter((row) => row.startsWith("created "));
      expect(created).toHaveLength(2);
      expect(rows).toContainEqual(expect.stringMatching(/^cancelled /));
      expect(stdout).toContain("run the linter");
    },
  },
  resume: {
    check({ stdout }) {
      expect(lines(stdout)).toEqual([expect.stringMatching(new RegExp(`^started fresh ${UUID}$`))]);
    },
  },
  "list-sessions": {
    check({ stdout }) {
      expect(lines(stdout)).toEqual(["0 unreadable records skipped"]);
    },
  },
  approvals: {
    trusted: true,
    turns: [
      {
        match: "Make a notes folder from the shell.",
        steps: [
          // Not a read-only command: Claude's default mode asks before it runs.
          { tool: { name: "Bash", input: { command: "mkdir notes && echo approved-hello" } } },
          { say: "APPROVALS-DONE" },
        ],
      },
    ],
    check({ stdout }) {
      // The approval was shown (its command) and allowed: the turn ran to its answer.
      expect(lines(stdout)).toEqual([
        "approve? Bash: mkdir notes && echo approved-hello",
        "APPROVALS-DONE",
      ]);
      const ran = server.requests.some((request) =>
        request.toolResults.some((result) => result.text.includes("approved-hello")),
      );
      expect(ran).toBe(true);
    },
  },
  "event-types": {
    check({ stdout }) {
      expect(stdout).toBe("");
    },
  },
  "offline-test": {
    ownHome: true,
    check({ stdout }) {
      expect(stdout).toBe("");
    },
  },
};

beforeAll(async () => {
  assertBuilt();
  consumer = createConsumerProject();
  scratch.push(consumer.root);
  server = await startScriptedModelServer();
  home = await createAgentHome({ server, cliPaths: [consumer.binDir] });
}, 120_000);

afterAll(async () => {
  await home?.cleanup();
  await server?.close();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** Pids whose HOME lies under `prefix` (agents, shells, hook clients of a sample). */
function processesWithHomeUnder(prefix: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const environ = readFileSync(join("/proc", name, "environ"), "latin1");
      if (environ.split("\0").some((entry) => entry.startsWith(`HOME=${prefix}`)))
        found.push(Number(name));
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found;
}

function transpile(sample: ReadmeSample, workspace: string): string {
  const source = PLACEHOLDERS.reduce((code, path) => code.replaceAll(path, workspace), sample.code);
  return transformSync(source, { loader: "ts", format: "esm", target: "node20" }).code;
}

async function runSample(sample: ReadmeSample, plan: SamplePlan): Promise<SampleRun> {
  const workspace = mkdtempSync(join(tmpdir(), `elwood-sample-${sample.name}-`));
  scratch.push(workspace);
  for (const [file, bytes] of Object.entries(plan.files ?? {})) {
    writeFileSync(join(workspace, file), bytes);
  }
  for (const turn of plan.turns ?? []) server.turn(turn);
  const file = join(consumer.root, "samples", `${sample.name}.mjs`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, transpile(sample, workspace));
  let env: Record<string, string>;
  let leaksUnder: string;
  if (plan.ownHome === true) {
    // A bare environment: the sample's own home goes under this TMPDIR.
    const own = mkdtempSync(join(tmpdir(), "elwood-sample-env-"));
    scratch.push(own);
    mkdirSync(join(own, "home"));
    mkdirSync(join(own, "tmp"));
    env = { PATH: BARE_PATH, HOME: join(own, "home"), TMPDIR: join(own, "tmp"), LANG: "C.UTF-8" };
    leaksUnder = join(own, "tmp");
  } else {
    if (plan.trusted === true) trust(workspace);
    env = { ...home.env, PATH: BARE_PATH };
    leaksUnder = home.home;
  }
  const run = await runNode(file, plan.ownHome === true ? consumer.root : workspace, env);
  const left = await waitFor(() => processesWithHomeUnder(leaksUnder).length === 0, {
    timeoutMs: 10_000,
  });
  expect(left, `processes left by the ${sample.name} sample`).toBe(true);
  return { ...run, workspace };
}

/** Marks `workspace` trusted in the shared home, as `createAgentHome({ trustedDirs })` does. */
function trust(workspace: string): void {
  const file = join(home.home, ".claude.json");
  const config = JSON.parse(readFileSync(file, "utf8")) as { projects: Record<string, unknown> };
  config.projects[workspace] = {
    hasTrustDialogAccepted: true,
    hasCompletedProjectOnboarding: true,
    projectOnboardingSeenCount: 1,
    allowedTools: [],
  };
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
}

function runNode(
  file: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    // A sample that does not end by itself left something running: that is a failure.
    const timer = setTimeout(() => child.kill("SIGKILL"), SAMPLE_TIMEOUT_MS);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, code });
    });
  });
}

describe("README samples", () => {
  test("every sample is either run here or marked compile-only with a reason", () => {
    expect(samples.length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(PLANS).sort()).toEqual(runnable.map((sample) => sample.name).sort());
    expect(runnable.map((sample) => sample.name)).toContain("offline-test");
  });

  test.each(runnable.map((sample) => [sample.name, sample] as const))(
    "the %s sample runs as written against the real CLIs",
    async (name, sample) => {
      const plan = PLANS[name];
      if (plan === undefined) throw new Error(`no plan for the README sample ${name}`);
      const run = await runSample(sample, plan);
      expect(
        { code: run.code, stderr: run.stderr },
        `README line ${sample.line}: the ${name} sample\n${run.stdout}`,
      ).toEqual({ code: 0, stderr: "" });
      await plan.check(run);
    },
    SAMPLE_TIMEOUT_MS + 30_000,
  );
});
