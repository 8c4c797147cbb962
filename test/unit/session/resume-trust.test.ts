// Issue 21: every way to resume without posture options — resume*, startOrResume*, and
// the session classes opened with an id, with `resumeOnly` (how `elwood serve` resumes)
// or without — refuses a record the agent loosened, or deleted, with state_corrupt
// naming the field, before anything is probed or spawned. The check runs before the
// CLI is even looked for, so this needs no CLI: any other outcome (a launch attempt,
// claude_not_found, a fresh start) is a failure.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ClaudeSession,
  CodexSession,
  resumeClaude,
  resumeCodex,
  startOrResumeClaude,
  startOrResumeCodex,
} from "../../../src/agents.js";
import { StateStore } from "../../../src/state/index.js";
import { expectElwoodError, makeWorkspace } from "../state/support.js";

const ID = "trusted-resume";
const POSTURE = {
  claude: { permissionMode: "plan" },
  codex: { sandbox: "read-only", approvalPolicy: "untrusted" },
} as const;
const LOOSE = {
  claude: { permissionMode: "bypassPermissions" },
  codex: { sandbox: "danger-full-access", approvalPolicy: "never" },
} as const;

type Agent = keyof typeof POSTURE;

/** A stopped session as Elwood left it (record plus its private copy), in `<cwd>/.elwood/`. */
async function storedSession(agent: Agent) {
  const { cwd } = makeWorkspace();
  const store = await StateStore.open({ cwd });
  await store.writeRecord({
    schemaVersion: 1,
    elwoodSessionId: ID,
    adapter: agent,
    cwd: store.cwd,
    resume: { agentSessionId: "agent-conversation", posture: POSTURE[agent] },
  });
  const recordFile = path.join(store.sessionDir(ID), "record.json");
  return { cwd, store, recordFile };
}

// Bare: the id and the folder, no posture option; a missing CLI would fail any launch.
function bareResumes(agent: Agent, cwd: string) {
  const options = { cwd, elwoodSessionId: ID, executable: "/nonexistent/elwood-cli" };
  const SessionClass = agent === "claude" ? ClaudeSession : CodexSession;
  return {
    "resume*": () => (agent === "claude" ? resumeClaude(options) : resumeCodex(options)),
    "startOrResume*": () =>
      agent === "claude" ? startOrResumeClaude(options) : startOrResumeCodex(options),
    "session class, resumeOnly (elwood serve)": () =>
      new SessionClass({ ...options, resumeOnly: true }).start(),
    "session class with an id": () => new SessionClass(options).start(),
  };
}

describe("issue 21 C-STATE-13: a bare resume never launches looser", () => {
  for (const agent of ["claude", "codex"] as const) {
    it(`${agent}: a loosened posture is state_corrupt naming resume.posture on every resume path`, async () => {
      const { cwd, recordFile } = await storedSession(agent);
      const record = JSON.parse(readFileSync(recordFile, "utf8"));
      record.resume.posture = LOOSE[agent];
      writeFileSync(recordFile, JSON.stringify(record), { mode: 0o600 });
      for (const [name, resume] of Object.entries(bareResumes(agent, cwd))) {
        const error = await expectElwoodError(resume(), "state_corrupt");
        expect({ name, details: error.details }).toMatchObject({
          name,
          details: { field: "resume.posture", elwoodSessionId: ID },
        });
      }
    });

    it(`${agent}: a deleted record whose copy remains is state_corrupt naming record, never a fresh start`, async () => {
      const { cwd, store } = await storedSession(agent);
      rmSync(store.sessionDir(ID), { recursive: true });
      for (const [name, resume] of Object.entries(bareResumes(agent, cwd))) {
        const error = await expectElwoodError(resume(), "state_corrupt");
        expect({ name, details: error.details }).toMatchObject({
          name,
          details: { field: "record", elwoodSessionId: ID },
        });
      }
    });
  }
});
