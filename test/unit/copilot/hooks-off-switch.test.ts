// Copilot honours `disableAllHooks: true` from the repository's files as well as the
// user's, Elwood's plugin hooks included: Elwood refuses with copilot_hooks_disabled,
// naming the file, rather than run a session none of its hooks reach.
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { refuseWhenCopilotHooksAreOff } from "../../../src/copilot/launch/hooks-off-switch.js";
import type { ElwoodError } from "../../../src/errors.js";

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function folder(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

async function put(dir: string, path: string, text: string): Promise<void> {
  await mkdir(join(dir, path, ".."), { recursive: true });
  await writeFile(join(dir, path), text);
}

describe("Copilot's hooks switch", () => {
  it.each([
    ".claude/settings.local.json",
    ".claude/settings.json",
    ".github/copilot/settings.json",
    ".github/copilot/settings.local.json",
  ])("disableAllHooks in the repository's %s refuses, naming the file", async (path) => {
    const repo = await folder("elwood-copilot-repo-");
    execFileSync("git", ["init", "-q"], { cwd: repo });
    await put(repo, path, JSON.stringify({ disableAllHooks: true }));
    const cwd = join(repo, "sub");
    await mkdir(cwd);
    const home = await folder("elwood-copilot-home-");
    const refusal = await refuseWhenCopilotHooksAreOff({ HOME: home }, cwd).catch(
      (error: unknown) => error,
    );
    expect((refusal as ElwoodError).name).toBe("copilot_hooks_disabled");
    expect((refusal as ElwoodError).message).toContain(join(repo, path));
  });

  it("disableAllHooks in the user's own settings refuses, naming the file", async () => {
    const home = await folder("elwood-copilot-home-");
    await put(home, ".copilot/settings.json", JSON.stringify({ disableAllHooks: true }));
    const refusal = await refuseWhenCopilotHooksAreOff(
      { HOME: home },
      await folder("elwood-copilot-ws-"),
    ).catch((error: unknown) => error);
    expect((refusal as ElwoodError).name).toBe("copilot_hooks_disabled");
    expect((refusal as ElwoodError).message).toContain(join(home, ".copilot", "settings.json"));
  });

  it("starts when nothing switches hooks off, and never reads above the repository", async () => {
    const outer = await folder("elwood-copilot-outer-");
    await put(outer, ".claude/settings.json", JSON.stringify({ disableAllHooks: true }));
    const repo = join(outer, "repo");
    await mkdir(repo);
    execFileSync("git", ["init", "-q"], { cwd: repo });
    await put(repo, ".claude/settings.json", JSON.stringify({ disableAllHooks: false }));
    const home = await folder("elwood-copilot-home-");
    await expect(refuseWhenCopilotHooksAreOff({ HOME: home }, repo)).resolves.toBeUndefined();
  });
});
