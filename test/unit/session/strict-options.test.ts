// Start and resume options are strict (prd/decisions.md "Unknown options are refused"):
// an option of the other agent, a start-only option on resume, or a start given a
// session id is invalid_options naming the option, before anything is spawned or
// written. The session classes take their own keys (elwoodSessionId, resumeOnly, the
// factories' symbols) off before the schema sees the rest (issue 27).
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  ClaudeSession,
  CodexSession,
  resumeClaude,
  resumeCodex,
  startClaude,
  startCodex,
  startOrResumeCodex,
} from "../../../src/agents.js";
import { claudeOptions } from "../../../src/claude/options.js";
import { ElwoodError } from "../../../src/errors.js";

const project = mkdtempSync(path.join(os.tmpdir(), "elwood-strict-options-"));
const stateDir = path.join(project, "state");
// No CLI can be found on this PATH: a refusal that failed would surface as *_not_found.
const base = { cwd: project, stateDir, env: { PATH: "/nonexistent-elwood-strict" } };
afterAll(() => rmSync(project, { recursive: true, force: true }));

async function refusal(work: () => Promise<unknown>): Promise<ElwoodError> {
  const error = await work().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ElwoodError);
  // Nothing written: the state dir never appeared, the project is as it was.
  expect(existsSync(stateDir)).toBe(false);
  expect(readdirSync(project)).toEqual([]);
  return error as ElwoodError;
}

function expectNamed(error: ElwoodError, option: string, entry: string): void {
  expect(error.name).toBe("invalid_options");
  expect(error.message).toBe(`\`${option}\` is not an option of ${entry}.`);
  expect(error.details).toMatchObject({ option });
}

describe("strict start and resume options (issue 27)", () => {
  it("startClaude refuses Codex's sandbox, naming it", async () => {
    const error = await refusal(() => startClaude({ ...base, sandbox: "read-only" } as never));
    expectNamed(error, "sandbox", "startClaude");
  });

  it("startCodex refuses Claude's permissionMode, naming it", async () => {
    const error = await refusal(() => startCodex({ ...base, permissionMode: "plan" } as never));
    expectNamed(error, "permissionMode", "startCodex");
  });

  it("the session classes refuse them at the first call that starts, never at construction", async () => {
    const claude = new ClaudeSession({ ...base, sandbox: "read-only" } as never);
    expect(claude.status).toBe("starting");
    expectNamed(await refusal(() => claude.send("hello")), "sandbox", "ClaudeSession");
    const codex = new CodexSession({ ...base, tools: ["Read"] } as never);
    expectNamed(await refusal(() => codex.start()), "tools", "CodexSession");
    // A refused start stays refused, and shutdown is still a no-op.
    expectNamed(await refusal(() => codex.start()), "tools", "CodexSession");
    await codex.close();
  });

  it("a misspelled option is refused like any unknown key", async () => {
    const error = await refusal(() => startClaude({ ...base, autoTrust: true } as never));
    expectNamed(error, "autoTrust", "startClaude");
  });

  it("resume refuses what only shapes a fresh conversation (spec §5.2, §5.6)", async () => {
    const id = { elwoodSessionId: "s-1" };
    expectNamed(
      await refusal(() => resumeClaude({ ...base, ...id, model: "opus" } as never)),
      "model",
      "resumeClaude",
    );
    expectNamed(
      await refusal(() => resumeCodex({ ...base, ...id, persona: "be brief" } as never)),
      "persona",
      "resumeCodex",
    );
    expectNamed(
      await refusal(() => resumeCodex({ ...base, ...id, configOverrides: ["a=b"] } as never)),
      "configOverrides",
      "resumeCodex",
    );
  });

  it("a fresh start takes no elwoodSessionId: that is startOrResume's or resume's", async () => {
    const error = await refusal(() => startClaude({ ...base, elwoodSessionId: "s-1" } as never));
    expectNamed(error, "elwoodSessionId", "startClaude");
  });

  it("startOrResume validates the start options before it tries to resume", async () => {
    const error = await refusal(() =>
      startOrResumeCodex({ ...base, elwoodSessionId: "s-1", profile: "" }),
    );
    expect(error.name).toBe("invalid_options");
    expect(error.details).toMatchObject({ option: "profile" });
  });

  it("the class's own keys never reach the schema: resumeOnly, elwoodSessionId, symbols", async () => {
    // resumeOnly drops the start-only model and tries the resume: nothing to resume here.
    const session = new ClaudeSession({
      ...base,
      elwoodSessionId: "s-1",
      resumeOnly: true,
      model: "opus",
      [Symbol("caller's own")]: true,
    } as never);
    const error = await refusal(() => session.start());
    expect(error.name).toBe("state_not_found");
  });

  it("any object but an array passes where an object is asked: process.env, a class instance", () => {
    class Handlers {
      Stop(): void {}
    }
    const hooks = new Handlers();
    const overrides = Object.assign(Object.create(null) as object, { model: "x" });
    const { start } = claudeOptions.parse(
      { cwd: project, env: process.env, hooks, settingsOverrides: overrides },
      "start",
      "startClaude",
    );
    expect(start?.env.PATH).toBe(process.env.PATH);
    // The caller's own handler object, prototype methods and all.
    expect(start?.hooks).toBe(hooks);
    expect(start?.launch.settingsOverrides).toEqual({ model: "x" });
  });
});
