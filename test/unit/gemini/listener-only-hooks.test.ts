// Gemini's per-request model events are registered only when asked for (issue 44): every
// hook Gemini is told about blocks it (command hooks only, none detached), and AfterModel
// fires once per streamed chunk. Read from the settings file the launch plan writes.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { hookRegistration } from "../../../src/bridge/registration.js";
import { geminiAdapter } from "../../../src/gemini/adapter.js";
import type { GeminiLaunchOptions } from "../../../src/gemini/options.js";

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function registeredEvents(options: {
  readonly declared?: readonly string[];
  readonly listened?: readonly string[];
  readonly mode?: "declared" | "all";
}): Promise<string[]> {
  const root = await mkdtemp(join(tmpdir(), "elwood-gemini-listener-only-"));
  folders.push(root);
  const registration = hookRegistration({
    mode: options.mode ?? "declared",
    declared: options.declared ?? [],
    needed: ["SessionStart", "BeforeAgent", "AfterAgent"],
    listenerOnly: geminiAdapter.listenerOnlyHooks ?? [],
    isListened: (name) => options.listened?.includes(name) === true,
  });
  await geminiAdapter.planLaunch({
    options: {} as GeminiLaunchOptions,
    record: {
      schemaVersion: 1,
      elwoodSessionId: "0f9b7f7e-2d55-4d55-9a41-8c3c1c2d7e10",
      adapter: "gemini",
      cwd: root,
      resume: { posture: {} },
    },
    bridge: {
      port: 40_000,
      commandClientKind: "bash",
      hookTimeoutMs: 30_000,
      isBlocking: registration.isBlocking,
      isRegistered: registration.isRegistered,
    },
    isResume: false,
    env: { HOME: root, PATH: process.env.PATH },
    cliVersion: "0.61.0",
    cliHelp: async () => "",
    writeRuntimeFile: async (name, text) => {
      const path = join(root, name);
      await writeFile(path, text);
      return path;
    },
  });
  const settings = JSON.parse(await readFile(join(root, "gemini-settings.json"), "utf8")) as {
    hooks: Record<string, unknown>;
  };
  return Object.keys(settings.hooks).sort();
}

// The model events fire per request (AfterModel per streamed chunk); AfterTool once per
// tool step, about 35 ms of Gemini's time each (prd/gemini.md "Hooks").
const LISTENER_ONLY = ["AfterModel", "AfterTool", "BeforeModel", "BeforeToolSelection"];

describe("Gemini's listener-only hooks", () => {
  it("C-HOOK-01: with no handler or listener at start, the model events and AfterTool are not registered; the other seven are", async () => {
    const events = await registeredEvents({});
    for (const name of LISTENER_ONLY) expect(events).not.toContain(name);
    expect(events).toEqual(
      [
        "AfterAgent",
        "BeforeAgent",
        "BeforeTool",
        "Notification",
        "PreCompress",
        "SessionEnd",
        "SessionStart",
      ].sort(),
    );
  });

  it("C-HOOK-01: a declared handler or a listener at start brings its event in", async () => {
    expect(await registeredEvents({ declared: ["AfterModel"] })).toContain("AfterModel");
    const listened = await registeredEvents({ listened: ["BeforeModel"] });
    expect(listened).toContain("BeforeModel");
    expect(listened).not.toContain("AfterModel");
    const afterTool = await registeredEvents({ listened: ["AfterTool"] });
    expect(afterTool).toContain("AfterTool");
    expect(afterTool).not.toContain("AfterModel");
    expect(await registeredEvents({ declared: ["AfterTool"] })).toContain("AfterTool");
  });

  it('C-HOOK-01: hookEvents "all" registers all eleven', async () => {
    expect(await registeredEvents({ mode: "all" })).toHaveLength(11);
  });
});
