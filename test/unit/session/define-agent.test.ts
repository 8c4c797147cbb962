// defineAgent's entry points check what they can before anything spawns: the resume
// option, the record's agent, and the stored posture against the adapter's own schema
// (C-API-26, C-STATE-13). Records are written straight to a temp state dir.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resumeClaude, resumeCodex } from "../../../src/agents.js";
import { ElwoodError } from "../../../src/errors.js";
import { StateStore } from "../../../src/state/index.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function storeWith(adapter: string, posture: Record<string, unknown>) {
  const cwd = mkdtempSync(path.join(os.tmpdir(), "elwood-define-agent-"));
  dirs.push(cwd);
  const stateDir = path.join(cwd, "state");
  const store = await StateStore.open({ cwd, stateDir });
  await store.writeRecord({
    schemaVersion: 1,
    elwoodSessionId: "s-1",
    adapter,
    cwd: store.cwd,
    resume: { agentSessionId: "agent-1", posture },
  });
  return { cwd, stateDir };
}

async function failure(work: Promise<unknown>): Promise<ElwoodError> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ElwoodError);
  return error as ElwoodError;
}

describe("defineAgent entry points", () => {
  it("resume without elwoodSessionId is invalid_options, named after the agent's entry", async () => {
    const error = await failure(resumeCodex({} as never));
    expect(error.name).toBe("invalid_options");
    expect(error.message).toContain("resumeCodex needs `elwoodSessionId`");
  });

  it("C-API-26: another agent's record is adapter_mismatch", async () => {
    const where = await storeWith("claude", {});
    const error = await failure(resumeCodex({ elwoodSessionId: "s-1", ...where }));
    expect(error.name).toBe("adapter_mismatch");
    expect(error.details).toMatchObject({ recordAdapter: "claude", requestedAdapter: "codex" });
  });

  it("C-STATE-13: a stored posture the adapter's schema rejects is state_corrupt", async () => {
    const where = await storeWith("claude", { sandbox: "read-only" });
    const error = await failure(resumeClaude({ elwoodSessionId: "s-1", ...where }));
    expect(error.name).toBe("state_corrupt");
    expect(error.message).toContain("launch posture");
  });

  it("C-STATE-13: an explicit override the schema rejects never reaches the record", async () => {
    const where = await storeWith("claude", { permissionMode: "plan" });
    const error = await failure(
      resumeClaude({ elwoodSessionId: "s-1", ...where, permissionMode: "yolo" as never }),
    );
    expect(error.name).toBe("invalid_options");
  });
});
