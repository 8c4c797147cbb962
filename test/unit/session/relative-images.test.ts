// Relative image paths name files in the session's folder, not the parent's (issue 27,
// prd/decisions.md): the same call from a parent running elsewhere attaches the same file.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ClaudeSession, type ClaudeSessionOptions } from "../../../src/agents.js";
import { TypedEmitter } from "../../../src/events/emitter.js";
import { SESSION_OPENER } from "../../../src/session/define-agent.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// A session whose runtime records what reached its submissions.
function sessionIn(cwd: string) {
  const submitted: Array<{ path?: string }> = [];
  const runtime = {
    context: { events: new TypedEmitter() },
    submissions: {
      submit: async (_kind: string, _text: string, images: Array<{ path?: string }>) => {
        submitted.push(...images);
      },
    },
  };
  const session = new ClaudeSession({
    cwd,
    [SESSION_OPENER]: async () => ({ runtime: runtime as never, resumed: false }),
  } as ClaudeSessionOptions);
  return { session, submitted };
}

describe("relative image paths", () => {
  it("resolve against the session's cwd, whatever the parent's own folder", async () => {
    const workspace = mkdtempSync(path.join(os.tmpdir(), "elwood-images-cwd-"));
    dirs.push(workspace);
    writeFileSync(path.join(workspace, "shot.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(process.cwd()).not.toBe(workspace);
    const { session, submitted } = sessionIn(workspace);
    await session.sendMessage("look", { images: [{ path: "shot.png" }] });
    expect(submitted).toMatchObject([{ path: path.join(workspace, "shot.png") }]);
  });

  it("a relative path missing from the session's folder is refused before anything starts", async () => {
    const workspace = mkdtempSync(path.join(os.tmpdir(), "elwood-images-cwd-"));
    dirs.push(workspace);
    const { session } = sessionIn(workspace);
    await expect(
      session.sendMessage("look", { images: [{ path: "package.json" }] }),
    ).rejects.toMatchObject({ name: "invalid_image" });
    expect(session.session).toBeUndefined();
  });
});
