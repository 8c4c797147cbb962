// listSessions / readSessionInfo check their location options once, at the call (issue 20
// item 5): an empty or NUL `cwd`/`stateDir`, a missing `stateDir` or a non-object is
// invalid_options naming the option, and nothing is created. The state store below only
// checks that `cwd` is an existing folder (test/unit/state/layout.test.ts).
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listSessions, readSessionInfo } from "../../../src/agents.js";
import { ElwoodError } from "../../../src/errors.js";

const project = mkdtempSync(path.join(os.tmpdir(), "elwood-list-options-"));
afterAll(() => rmSync(project, { recursive: true, force: true }));

async function refusal(work: () => Promise<unknown>): Promise<ElwoodError> {
  const error = await work().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ElwoodError);
  expect((error as ElwoodError).name).toBe("invalid_options");
  expect(readdirSync(project)).toEqual([]);
  return error as ElwoodError;
}

describe("listSessions options (issue 20 item 5)", () => {
  it.each([
    ["stateDir", { cwd: project, stateDir: "" }, "`stateDir` must be a non-empty string."],
    ["stateDir", { cwd: project, stateDir: "x\0y" }, "`stateDir` must be a non-empty string."],
    ["stateDir", { cwd: project, stateDir: 5 }, "`stateDir` must be a non-empty string."],
    ["stateDir", { cwd: project }, "listSessions needs a `stateDir` path string."],
    ["cwd", { cwd: "", stateDir: "state" }, "`cwd` must be a non-empty string."],
    ["cwd", { cwd: "a\0b", stateDir: "state" }, "`cwd` must be a non-empty string."],
  ])("refuses a bad %s: %j", async (option, options, message) => {
    const error = await refusal(() => listSessions(options as never));
    expect(error.message).toBe(message);
    expect(error.details).toMatchObject({ option });
  });

  it("refuses a non-object, and readSessionInfo takes the same rule", async () => {
    const error = await refusal(() => listSessions("state" as never));
    expect(error.message).toBe("listSessions options must be an object.");
    const info = await refusal(() =>
      readSessionInfo({ cwd: project, stateDir: "", elwoodSessionId: "s-1" }),
    );
    expect(info.details).toMatchObject({ option: "stateDir" });
  });

  it("a good location with nothing in it is an empty listing, and creates nothing", async () => {
    const listing = await listSessions({ cwd: project, stateDir: "state" });
    expect(listing).toEqual({ sessions: [], skipped: [] });
    expect(existsSync(path.join(project, "state"))).toBe(false);
  });
});
