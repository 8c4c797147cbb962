// The whole real-Codex flow in one session's life (C-E2E-03): the same terminal and
// lifecycle surface as Claude's (C-API-11) — output, raw keys, messages, hooks, transcript
// activity, resize, stop, resume and teardown — in a project with its own AGENTS.md
// (loaded) and its own Codex config (never edited, nor the user's).
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { resumeCodex } from "../../src/agents.js";
import { StateStore } from "../../src/state/index.js";
import { ensureGone, record, recordedActivity, token } from "../support/claude-e2e.js";
import { codexRequests, inputText, startCodexIn } from "../support/codex-e2e.js";
import { waitFor } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ cli: "codex" });

describe("the real Codex flow", () => {
  test("C-E2E-03 C-API-11 C-API-15 C-CODEX-01 C-E2E-06: output, raw keys, messages, hooks, transcript activity, resize, stop, resume, teardown", async () => {
    const fx = await newFixture();
    const instruction = token("agents-md-instruction");
    await writeFile(join(fx.workspace, "AGENTS.md"), `Always remember ${instruction}.\n`);
    const projectConfig = join(fx.workspace, ".codex", "config.toml");
    await mkdir(join(fx.workspace, ".codex"));
    const projectConfigText = "# the project's own Codex config, left as it is\n";
    await writeFile(projectConfig, projectConfigText);
    const userConfig = join(fx.home.codexHome, "config.toml");
    const userConfigText = await readFile(userConfig, "utf8");

    const typed = token("typed-by-keys");
    const typedAnswer = token("keys-answer");
    const question = token("codex-flow-question");
    const answer = token("codex-flow-answer");
    fx.server.turn({ match: typed, steps: [{ say: typedAnswer }] });
    fx.server.turn({ match: question, steps: [{ say: answer }] });
    const hooks: string[] = [];
    const session = await startCodexIn(fx, {
      hooks: {
        UserPromptSubmit: (event) => {
          hooks.push(`${event.hook_event_name}:${event.prompt}`);
        },
        Stop: (event) => {
          hooks.push(event.hook_event_name);
        },
      },
    });
    const id = session.elwoodSessionId;
    const seen = record(session);
    const data: string[] = [];
    session.on("terminal:data", (chunk) => data.push(chunk));
    await session.waitForStatus((status) => status === "ready", 90_000);
    expect(session.terminal.size).toEqual({ cols: 189, rows: 48 });
    expect(session.terminal.snapshot().text).toContain("›");

    // Raw keys: typed into the composer as they are, then submitted by a raw Enter.
    await session.sendKeys(typed);
    const composerShows = () => session.terminal.snapshot().text.includes(typed);
    expect(await waitFor(composerShows, { timeoutMs: 15_000, intervalMs: 100 })).toBe(true);
    await session.sendKeys("\r");
    await recordedActivity(
      seen,
      (event) => event.kind === "assistant_message" && event.text.includes(typedAnswer),
      60_000,
    );
    await session.waitForStatus((status) => status === "ready", 60_000);

    // A queued message: hooks fire, the answer comes from the rollout.
    await session.sendMessage(question);
    const reply = await recordedActivity(
      seen,
      (event) => event.kind === "assistant_message" && event.text.includes(answer),
      60_000,
    );
    expect(reply.source).toBe("transcript");
    await session.waitForStatus((status) => status === "ready", 60_000);
    expect(hooks).toEqual([
      `UserPromptSubmit:${typed}`,
      "Stop",
      `UserPromptSubmit:${question}`,
      "Stop",
    ]);
    // The project's AGENTS.md reached the model.
    const asked = codexRequests(fx.server).find((request) => inputText(request).includes(question));
    expect(JSON.stringify(asked?.body)).toContain(instruction);

    // Resize: PTY and screen model follow, and Codex repaints for the new size.
    const before = data.length;
    session.resize({ cols: 100, rows: 30 });
    expect(session.terminal.size).toEqual({ cols: 100, rows: 30 });
    expect(await waitFor(() => data.length > before, { timeoutMs: 15_000 })).toBe(true);
    const fits = () => session.terminal.snapshot().lines.some((line) => line.startsWith("›"));
    expect(await waitFor(fits, { timeoutMs: 15_000, intervalMs: 100 })).toBe(true);

    await session.stop();
    expect(session.status).toBe("stopped");
    const followUp = token("codex-follow-up");
    fx.server.turn({ match: followUp, steps: [{ say: "still here" }] });
    const resumed = await resumeCodex({
      elwoodSessionId: id,
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
    });
    fx.defer(() => ensureGone(resumed));
    expect(resumed.elwoodSessionId).toBe(id);
    await resumed.waitForStatus((status) => status === "ready", 90_000);
    await resumed.sendMessage(followUp);
    await resumed.waitForActivity(
      (event) => event.kind === "assistant_message" && event.text.includes("still here"),
      60_000,
    );
    const continued = codexRequests(fx.server).find((request) =>
      inputText(request).includes(followUp),
    );
    expect(inputText(continued as NonNullable<typeof continued>)).toContain(question);

    await resumed.teardown();
    const store = await StateStore.open({ cwd: fx.workspace, stateDir: fx.stateDir });
    expect(existsSync(store.sessionDir(id))).toBe(false);
    // C-CODEX-01: Elwood edits neither the project's Codex config nor the user's. Codex
    // itself records the answered directory trust and a TUI flag in the user's file; those
    // lines, and nothing else, may have appeared.
    expect(await readFile(projectConfig, "utf8")).toBe(projectConfigText);
    const original = new Set(userConfigText.split("\n"));
    const added = (await readFile(userConfig, "utf8"))
      .split("\n")
      .filter((line) => !original.has(line));
    const codexOwn = [
      "",
      "screen_reader_detection_done = true",
      `[projects."${fx.workspace}"]`,
      'trust_level = "trusted"',
    ];
    expect(added.filter((line) => !codexOwn.includes(line))).toEqual([]);
    for (const line of userConfigText.split("\n")) {
      expect(await readFile(userConfig, "utf8")).toContain(line);
    }
  });
});
