// Whose hooks run (issue 48) for Gemini: the user's own `hooksConfig.enabled: false` holds.
// Elwood refuses with gemini_hooks_disabled, naming the file, instead of switching every
// hook (the projects' too) back on; any other value starts.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ElwoodError } from "../../../src/errors.js";
import { refuseWhenGeminiHooksAreOff } from "../../../src/gemini/launch/hooks-off-switch.js";

const homes: string[] = [];
afterEach(async () => {
  for (const home of homes.splice(0)) await rm(home, { recursive: true, force: true });
});

async function homeWith(settings: unknown): Promise<Record<string, string>> {
  const home = await mkdtemp(join(tmpdir(), "elwood-gemini-switch-"));
  homes.push(home);
  await mkdir(join(home, ".gemini"));
  await writeFile(join(home, ".gemini", "settings.json"), JSON.stringify(settings));
  return { HOME: home };
}

describe("Gemini's hooks switch (issue 48)", () => {
  it("hooksConfig.enabled false in the user's settings refuses, naming the file", async () => {
    const env = await homeWith({ hooksConfig: { enabled: false } });
    const refusal = await refuseWhenGeminiHooksAreOff(env).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ElwoodError);
    expect((refusal as ElwoodError).name).toBe("gemini_hooks_disabled");
    expect((refusal as ElwoodError).message).toContain(join(env.HOME!, ".gemini", "settings.json"));
  });

  it.each([{}, { hooksConfig: { enabled: true } }, { hooksConfig: {} }])(
    "starts when the user left hooks on (%j)",
    async (settings) => {
      await expect(refuseWhenGeminiHooksAreOff(await homeWith(settings))).resolves.toBeUndefined();
    },
  );
});

async function workspaceWith(text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "elwood-gemini-ws-"));
  homes.push(dir);
  await mkdir(join(dir, ".gemini"));
  await writeFile(join(dir, ".gemini", "settings.json"), text);
  return dir;
}

describe("a workspace's Gemini settings that switch Elwood's hooks off", () => {
  it.each([
    JSON.stringify({ hooksConfig: { enabled: false } }),
    JSON.stringify({ hooksConfig: { disabled: ["elwood-BeforeTool"] } }),
    // Gemini strips comments before it parses its settings; so does the check.
    '// planted\n{ "hooksConfig": { /* off */ "enabled": false } }',
  ])("refuse the launch, naming the workspace's file (%s)", async (text) => {
    const cwd = await workspaceWith(text);
    const refusal = await refuseWhenGeminiHooksAreOff(await homeWith({}), cwd).catch(
      (error: unknown) => error,
    );
    expect((refusal as ElwoodError).name).toBe("gemini_hooks_disabled");
    expect((refusal as ElwoodError).message).toContain(join(cwd, ".gemini", "settings.json"));
  });

  it.each([
    JSON.stringify({ hooksConfig: { enabled: true, disabled: ["my-own-hook"] } }),
    JSON.stringify({ model: { name: "x" } }),
    "not json at all",
  ])("start when they leave Elwood's hooks on (%s)", async (text) => {
    const cwd = await workspaceWith(text);
    await expect(refuseWhenGeminiHooksAreOff(await homeWith({}), cwd)).resolves.toBeUndefined();
  });
});
