// The compatibility subset: named e2e tests that together cover what a user does with
// a CLI version (start with and without the trust dialog, a message, a tool turn with a
// hook decision, interrupt, resume, teardown, and the session classes' send()/stream()).
// Each check is an existing e2e test, found by its file and a unique part of its name, so
// the matrix runs exactly the code the default suite runs, against another binary.
import type { CliName } from "../../test/support/cli-binaries.js";

export interface CompatCheck {
  /** Column name in the table. */
  readonly id: string;
  readonly file: string;
  /** A part of the test's full name (describe + title) that no other test in `file` has. */
  readonly testName: string;
}

/** Column order of the table; an agent without a check for a column shows "n/a". */
export const CHECK_IDS = [
  "trust-autotrust",
  "trust-blocks",
  "message",
  "three-messages",
  "tool-hook",
  "interrupt",
  "resume",
  "teardown",
  "send",
  "stream",
] as const;

export type CheckId = (typeof CHECK_IDS)[number];

/** What each column proves, for the README legend. */
export const CHECK_MEANING: Readonly<Record<CheckId, string>> = {
  "trust-autotrust":
    "fresh workspace: `autotrust` answers the trust dialog, session reaches `ready`",
  "trust-blocks": "without `autotrust` the trust dialog blocks with an `attention` activity",
  message: "one message answered, content from the transcript",
  "three-messages": "three messages sent at once are submitted one per `ready`, in order",
  "tool-hook": "a tool turn whose PreToolUse hook denies the command; the model gets the reason",
  interrupt: "`interrupt()` during a streamed turn returns to `ready`; the next turn works",
  resume: "`stop()` then `resume…()` continues the same conversation",
  teardown: "stop, kill and teardown leave no process and no content",
  send: "the session class's `send()` resolves with exactly the scripted text",
  stream: "the session class's `stream()` yields tool_call, tool_result and text in order",
};

const e2e = (file: string) => `test/e2e/${file}.test.ts`;

export const COMPAT_CHECKS: Readonly<Record<CliName, Partial<Record<CheckId, CompatCheck>>>> = {
  claude: {
    "trust-autotrust": {
      id: "trust-autotrust",
      file: e2e("claude-start"),
      testName: "C-CLAUDE-10 C-E2E-09: autotrust answers the trust prompt",
    },
    "trust-blocks": {
      id: "trust-blocks",
      file: e2e("claude-start"),
      testName: "C-ATTN-01: without autotrust the trust prompt blocks",
    },
    message: {
      id: "message",
      file: e2e("claude-turns"),
      testName: "C-API-06 C-E2E-07 C-E2E-08: a multi-line message is one user turn",
    },
    "three-messages": {
      id: "three-messages",
      file: e2e("claude-turns"),
      testName: "C-API-13 C-API-19: three messages sent at once",
    },
    "tool-hook": {
      id: "tool-hook",
      file: e2e("hooks-claude"),
      testName: "C-HRESP-01 C-HRESP-06: a PreToolUse deny stops the Bash command",
    },
    interrupt: {
      id: "interrupt",
      file: e2e("claude-turns"),
      testName: "C-API-38: interrupt() during a slow streamed turn",
    },
    resume: {
      id: "resume",
      file: e2e("claude-lifecycle"),
      testName: "C-API-03 C-LIFE-04 C-STATE-04: resumeClaude continues",
    },
    teardown: {
      id: "teardown",
      file: e2e("claude-lifecycle"),
      testName: "C-LIFE-02 C-LIFE-03 C-LIFE-10",
    },
    send: {
      id: "send",
      file: e2e("session-classes"),
      testName: "'claude' session class against the real CLI C-API-47 C-API-49 C-E2E-14",
    },
    stream: {
      id: "stream",
      file: e2e("session-classes"),
      testName: "'claude' session class against the real CLI C-API-48 C-E2E-15",
    },
  },
  codex: {
    "trust-autotrust": {
      id: "trust-autotrust",
      file: e2e("codex-start"),
      testName: "C-CODEX-11 C-API-09 C-API-13 C-CODEX-16 C-E2E-10: autotrust answers",
    },
    "trust-blocks": {
      id: "trust-blocks",
      file: e2e("codex-start"),
      testName: "C-ATTN-01 C-ATTN-03: without autotrust directory trust blocks",
    },
    // Codex's start test sends one message and checks its one transcript answer.
    message: {
      id: "message",
      file: e2e("codex-start"),
      testName: "C-CODEX-11 C-API-09 C-API-13 C-CODEX-16 C-E2E-10: autotrust answers",
    },
    "tool-hook": {
      id: "tool-hook",
      file: e2e("hooks-codex"),
      testName: "C-HRESP-07 C-HRESP-10: a PreToolUse deny stops the shell command",
    },
    interrupt: {
      id: "interrupt",
      file: e2e("codex-turns"),
      testName: "C-API-38: interrupt() during a slow streamed turn",
    },
    resume: {
      id: "resume",
      file: e2e("codex-lifecycle"),
      testName: "C-API-10 C-LIFE-04 C-STATE-04: resumeCodex continues",
    },
    teardown: {
      id: "teardown",
      file: e2e("codex-lifecycle"),
      testName: "C-LIFE-02 C-LIFE-03 C-LIFE-10",
    },
    send: {
      id: "send",
      file: e2e("session-classes"),
      testName: "'codex' session class against the real CLI C-API-47 C-API-49 C-E2E-14",
    },
    stream: {
      id: "stream",
      file: e2e("session-classes"),
      testName: "'codex' session class against the real CLI C-API-48 C-E2E-15",
    },
  },
  // Gemini's own e2e files (issue 42); it has no trust dialog Elwood answers (autotrust is
  // `--skip-trust`), so the trust checks do not apply.
  gemini: {
    message: {
      id: "message",
      file: e2e("gemini-turns"),
      testName: "send() on a lazy GeminiSession answers",
    },
    send: {
      id: "send",
      file: e2e("gemini-turns"),
      testName: "send() on a lazy GeminiSession answers",
    },
    "tool-hook": {
      id: "tool-hook",
      file: e2e("gemini-turns"),
      testName: "stream(): a BeforeTool handler allows one shell call and denies another",
    },
    stream: {
      id: "stream",
      file: e2e("gemini-turns"),
      testName: "stream(): a BeforeTool handler allows one shell call and denies another",
    },
    teardown: {
      id: "teardown",
      file: e2e("gemini-lifecycle"),
      testName: "stop, kill and teardown leave no Gemini process",
    },
    resume: {
      id: "resume",
      file: e2e("gemini-lifecycle"),
      testName: "resumeGemini after close() continues the same conversation",
    },
    interrupt: {
      id: "interrupt",
      file: e2e("gemini-lifecycle"),
      testName: "interrupt() during a slow streamed turn",
    },
  },
  // Copilot's e2e files (copilot-turns, crash-recovery-copilot) have no compat checks yet.
  copilot: {},
};
