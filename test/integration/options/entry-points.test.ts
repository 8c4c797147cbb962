// Public-option fuzz (issue 16 "Options"; C-ERR-01): every option of every start/resume
// entry point and session class, fed wrong types and out-of-range values, rejects with
// its typed ElwoodError before anything is spawned (child_process and node-pty are
// spied) or written (the state dir never appears, the project folder stays as it was).
import { afterAll, describe, test, vi } from "vitest";
import {
  ClaudeSession,
  CodexSession,
  listClaudeModels,
  listCodexModels,
  resumeClaude,
  resumeCodex,
  startClaude,
  startCodex,
  startOrResumeClaude,
  startOrResumeCodex,
} from "../../../src/agents.js";
import { newSessionId } from "../../../src/state/index.js";
import {
  type BadValue,
  CLAUDE_BAD_VALUES,
  CLAUDE_START_BAD_VALUES,
  CODEX_BAD_VALUES,
  CODEX_START_BAD_VALUES,
  COMMON_BAD_VALUES,
  SESSION_ID_BAD_VALUES,
  START_ONLY_BAD_VALUES,
} from "./bad-values.js";
import { fuzzProject, shown } from "./refusal.js";

vi.mock("node:child_process", async (importOriginal) => {
  const { spyOnChildProcess } = await import("./spawn-spy.js");
  return spyOnChildProcess(await importOriginal());
});
vi.mock("node-pty", async (importOriginal) => {
  const { spyOnNodePty } = await import("./spawn-spy.js");
  return spyOnNodePty(await importOriginal());
});

const fuzz = fuzzProject();
const { base, expectRefused } = fuzz;
afterAll(() => fuzz.remove());

interface EntryCase extends BadValue {
  readonly entry: string;
  readonly call: () => unknown;
}

function cases(
  entry: string,
  values: readonly BadValue[],
  call: (options: Record<string, unknown>) => unknown,
): EntryCase[] {
  return values.map((bad) => ({ ...bad, entry, call: () => call({ [bad.option]: bad.value }) }));
}

const withId = () => ({ elwoodSessionId: newSessionId() });
const claudeStart = [
  ...COMMON_BAD_VALUES,
  ...START_ONLY_BAD_VALUES,
  ...CLAUDE_BAD_VALUES,
  ...CLAUDE_START_BAD_VALUES,
];
const codexStart = [
  ...COMMON_BAD_VALUES,
  ...START_ONLY_BAD_VALUES,
  ...CODEX_BAD_VALUES,
  ...CODEX_START_BAD_VALUES,
];
const claudeResume = [...COMMON_BAD_VALUES, ...CLAUDE_BAD_VALUES];
const codexResume = [...COMMON_BAD_VALUES, ...CODEX_BAD_VALUES];

const ALL: EntryCase[] = [
  ...cases("startClaude", claudeStart, (o) => startClaude({ ...base, ...o } as never)),
  ...cases("startCodex", codexStart, (o) => startCodex({ ...base, ...o } as never)),
  ...cases("resumeClaude", [...claudeResume, ...SESSION_ID_BAD_VALUES], (o) =>
    resumeClaude({ ...base, ...withId(), ...o } as never),
  ),
  ...cases("resumeCodex", [...codexResume, ...SESSION_ID_BAD_VALUES], (o) =>
    resumeCodex({ ...base, ...withId(), ...o } as never),
  ),
  ...cases("startOrResumeClaude", [...claudeStart, ...SESSION_ID_BAD_VALUES], (o) =>
    startOrResumeClaude({ ...base, ...withId(), ...o } as never),
  ),
  ...cases("startOrResumeCodex", [...codexStart, ...SESSION_ID_BAD_VALUES], (o) =>
    startOrResumeCodex({ ...base, ...withId(), ...o } as never),
  ),
  ...cases("new ClaudeSession().send", [...claudeStart, ...SESSION_ID_BAD_VALUES], (o) =>
    new ClaudeSession({ ...base, ...o } as never).send("hello"),
  ),
  ...cases("new CodexSession().send", [...codexStart, ...SESSION_ID_BAD_VALUES], (o) =>
    new CodexSession({ ...base, ...o } as never).send("hello"),
  ),
];

const LIST_MODELS_BAD_VALUES = [
  ...COMMON_BAD_VALUES.filter(
    ({ option }) => !["initialSize", "autotrust", "hooks"].includes(option),
  ),
  ...[0, -1, 1.5, "100", Number.NaN, null, 2 ** 31].map((value) => ({
    option: "timeoutMs",
    value,
  })),
];
ALL.push(
  ...cases("listClaudeModels", LIST_MODELS_BAD_VALUES, (o) =>
    listClaudeModels({ ...base, ...o } as never),
  ),
  ...cases("listCodexModels", LIST_MODELS_BAD_VALUES, (o) =>
    listCodexModels({ ...base, ...o } as never),
  ),
);

describe("public options fuzz: start, resume, startOrResume, session classes", () => {
  test.each(ALL.map((c) => ({ ...c, shown: shown(c.value) })))(
    "C-ERR-01: $entry with $option = $shown is refused before any spawn or write",
    async ({ call, error }) => {
      await expectRefused(call, error ?? "invalid_options");
    },
  );

  test.each([
    ["startClaude", () => startClaude(undefined as never)],
    ["startCodex", () => startCodex(null as never)],
    ["resumeClaude", () => resumeClaude("id" as never)],
    ["resumeCodex", () => resumeCodex(5 as never)],
    ["startOrResumeClaude", () => startOrResumeClaude(null as never)],
    ["startOrResumeCodex", () => startOrResumeCodex("x" as never)],
    ["new ClaudeSession", () => new ClaudeSession(null as never).send("hello")],
    ["new CodexSession", () => new CodexSession(5 as never).send("hello")],
    ["listClaudeModels", () => listClaudeModels(null as never)],
    ["listCodexModels", () => listCodexModels("cwd" as never)],
  ])("C-ERR-01: %s with options that are not an object is invalid_options", async (_, call) => {
    await expectRefused(call, "invalid_options");
  });

  // Strict options (issue 27): the message naming the option is checked in
  // test/unit/session/strict-options.test.ts; here, that nothing ran or was written.
  test.each([
    ["startClaude", "sandbox", () => startClaude({ ...base, sandbox: "read-only" } as never)],
    [
      "startCodex",
      "permissionMode",
      () => startCodex({ ...base, permissionMode: "plan" } as never),
    ],
    [
      "new ClaudeSession().send",
      "sandbox",
      () => new ClaudeSession({ ...base, sandbox: "read-only" } as never).send("hello"),
    ],
    [
      "new CodexSession().send",
      "permissionMode",
      () => new CodexSession({ ...base, permissionMode: "plan" } as never).send("hello"),
    ],
    ["resumeClaude", "model", () => resumeClaude({ ...base, ...withId(), model: "o" } as never)],
    ["resumeCodex", "profile", () => resumeCodex({ ...base, ...withId(), profile: "p" } as never)],
  ])(
    "C-ERR-01: %s given %s (not its option) is refused before any spawn or write",
    async (_, __, call) => {
      await expectRefused(call, "invalid_options");
    },
  );

  test("C-ERR-01: a highTrust conflict is its own typed error for both agents", async () => {
    const claude = () => startClaude({ ...base, highTrust: true, permissionMode: "plan" });
    await expectRefused(claude, "claude_high_trust_conflict");
    const codex = () => startCodex({ ...base, highTrust: true, sandbox: "read-only" });
    await expectRefused(codex, "codex_high_trust_conflict");
  });
});
