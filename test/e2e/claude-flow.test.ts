// The whole real-Claude flow in one session's life (C-E2E-02): what startClaude has set up
// by the time it resolves, the output and the terminal handle, input, hooks and activity,
// a resize the TUI reflows to, stop, resume and teardown, in a project that has its own
// Claude settings file (never edited) and a CLAUDE.md (loaded).
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { resumeClaude, startClaude } from "../../src/agents.js";
import { readSessionInfo } from "../../src/index.js";
import { StateStore } from "../../src/state/index.js";
import {
  conversationText,
  ensureGone,
  record,
  recordedActivity,
  token,
  userTurnRequests,
} from "../support/claude-e2e.js";
import { commandLineOf, processesInHome, waitFor } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ trusted: true });

/** Resolves true when something accepts a TCP connection on 127.0.0.1:`port`. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** The hook URLs' ports in a generated Claude settings file. */
function hookPorts(settings: string): number[] {
  return [...settings.matchAll(/http:\/\/127\.0\.0\.1:(\d+)\//g)].map((match) => Number(match[1]));
}

describe("the real Claude flow", () => {
  test("C-E2E-02 C-LIFE-01 C-API-01 C-API-15 C-CLAUDE-01 C-E2E-06: start, output, input, hooks, activity, resize, stop, resume, teardown", async () => {
    const fx = await newFixture();
    // The project's own Claude settings, and instructions that must reach the model.
    const projectSettings = join(fx.workspace, ".claude", "settings.local.json");
    await mkdir(join(fx.workspace, ".claude"));
    const settingsText = `${JSON.stringify({ env: { ELWOOD_PROJECT_SETTING: "kept" } }, null, 2)}\n`;
    await writeFile(projectSettings, settingsText);
    const instruction = token("claude-md-instruction");
    await writeFile(join(fx.workspace, "CLAUDE.md"), `Always remember ${instruction}.\n`);
    const question = token("flow-question");
    const answer = token("flow-answer");
    fx.server.turn({ match: question, steps: [{ say: answer }] });

    const hooks: string[] = [];
    const session = await startClaude({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
      hooks: {
        UserPromptSubmit: (event) => {
          hooks.push(`${event.hook_event_name}:${event.prompt}`);
        },
        Stop: (event) => {
          hooks.push(event.hook_event_name);
        },
      },
    });
    fx.defer(() => ensureGone(session));
    const id = session.elwoodSessionId;
    // C-API-01: a non-empty id from the start.
    expect(typeof id).toBe("string");
    expect(id.length).toBeGreaterThan(0);

    // C-LIFE-01: resolved means all of it is up — the record, the generated settings,
    // the bridge behind them, the PTY and Claude itself.
    expect((await readSessionInfo({ stateDir: fx.stateDir, elwoodSessionId: id })).agent).toBe(
      "claude",
    );
    const claudeProcess = processesInHome(fx.home.home).find((pid) =>
      commandLineOf(pid).includes("--settings"),
    );
    expect(claudeProcess, "a running claude with --settings").toBeDefined();
    // The settings travel inline as JSON (issue 21): no file exists the agent could edit.
    const argv = (await readFile(`/proc/${claudeProcess}/cmdline`, "utf8")).split("\0");
    const generated = argv[argv.indexOf("--settings") + 1] as string;
    expect(generated.startsWith("{")).toBe(true);
    const ports = hookPorts(generated);
    expect(ports.length).toBeGreaterThan(0);
    expect(await accepts(ports[0] as number)).toBe(true);

    // Output: raw bytes as terminal:data, and the read-only terminal view (C-API-15; no raw xterm, see decisions.md).
    const data: string[] = [];
    session.on("terminal:data", (chunk) => data.push(chunk));
    await session.waitForStatus((status) => status === "ready", 90_000);
    const terminal = session.terminal;
    expect(terminal.size).toEqual({ cols: 189, rows: 48 });
    expect(terminal.snapshot().lines).toHaveLength(48);
    expect(terminal.snapshot().text).toContain("❯");

    // Input, hooks and activity.
    const seen = record(session);
    await session.sendMessage(question);
    await recordedActivity(
      seen,
      (event) => event.kind === "assistant_message" && event.text.includes(answer),
      60_000,
    );
    await session.waitForStatus((status) => status === "ready", 60_000);
    expect(hooks).toEqual([`UserPromptSubmit:${question}`, "Stop"]);
    expect(data.join("").length).toBeGreaterThan(0);
    // The project's CLAUDE.md reached the model with the turn.
    const asked = userTurnRequests(fx.server).find((request) =>
      conversationText(request).includes(question),
    );
    expect(JSON.stringify(asked?.body)).toContain(instruction);

    // Resize: PTY and screen model follow, and the TUI redraws its rules to the new width.
    session.resize({ cols: 120, rows: 40 });
    expect(terminal.size).toEqual({ cols: 120, rows: 40 });
    const ruleAt = (width: number) => () =>
      terminal.snapshot().lines.some((line) => /^─+$/.test(line) && line.length === width);
    expect(await waitFor(ruleAt(120), { timeoutMs: 15_000, intervalMs: 100 })).toBe(true);
    expect(session.elwoodSessionId).toBe(id);

    await session.stop();
    expect(session.elwoodSessionId).toBe(id);

    // Resume continues it; the id is the same.
    const followUp = token("flow-follow-up");
    fx.server.turn({ match: followUp, steps: [{ say: "still here" }] });
    const resumed = await resumeClaude({
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
    const continued = userTurnRequests(fx.server).find((request) =>
      conversationText(request).includes(followUp),
    );
    expect(conversationText(continued as NonNullable<typeof continued>)).toContain(question);

    // Teardown removes Elwood's state, and only that (C-CLAUDE-01: the project's own
    // settings file is byte-for-byte what it was, and no other was added).
    await resumed.teardown();
    const store = await StateStore.open({ cwd: fx.workspace, stateDir: fx.stateDir });
    expect(existsSync(store.sessionDir(id))).toBe(false);
    expect(await readFile(projectSettings, "utf8")).toBe(settingsText);
    expect(existsSync(join(fx.workspace, ".claude", "settings.json"))).toBe(false);
  });
});
