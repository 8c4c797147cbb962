// The user's own switch for Claude's hooks (issue 48): read from the user's settings.json
// (CLAUDE_CONFIG_DIR or ~/.claude) and the machine's managed settings, never from the
// workspace, and refused as `claude_hooks_disabled` naming the file.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  claudeManagedSettingsDir,
  findClaudeHooksOffSwitch,
  refuseWhenClaudeHooksAreOff,
} from "../../../../src/claude/launch/hooks-off-switch.js";

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function layout() {
  const root = await mkdtemp(join(tmpdir(), "elwood-off-switch-"));
  folders.push(root);
  const home = join(root, "home");
  const managed = join(root, "managed");
  await mkdir(join(home, ".claude"), { recursive: true });
  await mkdir(join(managed, "managed-settings.d"), { recursive: true });
  const write = (path: string, value: unknown) =>
    writeFile(path, typeof value === "string" ? value : JSON.stringify(value));
  return { root, home, managed, env: { HOME: home }, write };
}

describe("Claude's hooks off switch (C-TRUST-02)", () => {
  it("finds the user's disableAllHooks: true and refuses naming the file and the fix", async () => {
    const { home, managed, env, write } = await layout();
    const path = join(home, ".claude", "settings.json");
    await write(path, { disableAllHooks: true, hooks: {} });
    expect(await findClaudeHooksOffSwitch(env, managed)).toEqual({
      source: "user",
      setting: "disableAllHooks",
      path,
    });
    await expect(refuseWhenClaudeHooksAreOff(env, managed)).rejects.toMatchObject({
      name: "claude_hooks_disabled",
      message: expect.stringContaining(`remove "disableAllHooks" from ${path}`),
      details: { source: "user", setting: "disableAllHooks", path },
    });
  });

  it("lets a start through when the switch is off, missing, not JSON, or not a boolean", async () => {
    const { home, managed, env, write } = await layout();
    const path = join(home, ".claude", "settings.json");
    expect(await findClaudeHooksOffSwitch(env, managed)).toBeUndefined();
    for (const body of [
      { disableAllHooks: false },
      { disableAllHooks: "true" },
      "{not json",
      "[]",
      // Claude parses strict JSON: a commented file is one it skips, so its switch is off.
      '{\n  // off\n  "disableAllHooks": true\n}',
    ]) {
      await write(path, body);
      expect(await findClaudeHooksOffSwitch(env, managed)).toBeUndefined();
    }
    await expect(refuseWhenClaudeHooksAreOff(env, managed)).resolves.toBeUndefined();
  });

  it("reads CLAUDE_CONFIG_DIR instead of ~/.claude when it is set", async () => {
    const { root, managed, env, write } = await layout();
    const configDir = join(root, "config");
    await mkdir(configDir);
    await write(join(configDir, "settings.json"), { disableAllHooks: true });
    expect(
      await findClaudeHooksOffSwitch({ ...env, CLAUDE_CONFIG_DIR: configDir }, managed),
    ).toMatchObject({
      source: "user",
      path: join(configDir, "settings.json"),
    });
  });

  it("managed settings: disableAllHooks or allowManagedHooksOnly, a later drop-in overriding the file", async () => {
    const { managed, env, write } = await layout();
    await write(join(managed, "managed-settings.json"), { disableAllHooks: true });
    expect(await findClaudeHooksOffSwitch(env, managed)).toMatchObject({
      source: "managed",
      setting: "disableAllHooks",
    });
    await write(join(managed, "managed-settings.d", "10-hooks.json"), { disableAllHooks: false });
    expect(await findClaudeHooksOffSwitch(env, managed)).toBeUndefined();
    await write(join(managed, "managed-settings.d", "20-only.json"), {
      allowManagedHooksOnly: true,
    });
    await expect(refuseWhenClaudeHooksAreOff(env, managed)).rejects.toMatchObject({
      name: "claude_hooks_disabled",
      details: { source: "managed", setting: "allowManagedHooksOnly" },
    });
  });

  it("the managed folder is Claude's own per platform", () => {
    expect(claudeManagedSettingsDir("linux")).toBe("/etc/claude-code");
    expect(claudeManagedSettingsDir("darwin")).toBe("/Library/Application Support/ClaudeCode");
  });
});
