// listModels()/setModel() through the real `/model` pickers (issue 12 "Done when" 2): typed
// rows with exactly one current, a session-only switch that the next model request
// proves, the persisted default untouched, and unknown ids rejected with the ids listed.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import {
  ClaudeSession,
  CodexSession,
  listClaudeModels,
  listCodexModels,
  listSessions,
} from "../../src/agents.js";
import type { ClaudeFixture } from "../support/claude-e2e.js";
import { filesWithText, rejection } from "../support/claude-e2e.js";
import { survivorsInHome } from "../support/process-table.js";
import { sessionOnFixture, useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture();

interface Agent {
  readonly name: "claude" | "codex";
  /** Conformance IDs of the agent-specific parts. */
  readonly ids: string;
  fixture(): Promise<ClaudeFixture>;
  create(fx: ClaudeFixture): ClaudeSession | CodexSession;
  /** The follow-up stage setModel must have answered (seen in the terminal output). */
  readonly followUp: string;
  /** The file that holds the agent's persisted default model. */
  defaultFile(fx: ClaudeFixture): string;
  list: typeof listClaudeModels;
}

const agents: Agent[] = [
  {
    name: "claude",
    ids: "C-ATTN-04",
    followUp: "Switch model?",
    fixture: () => newFixture({ trusted: true }),
    create: (fx) => sessionOnFixture(fx, ClaudeSession),
    defaultFile: (fx) => join(fx.home.home, ".claude", "settings.json"),
    list: listClaudeModels,
  },
  {
    name: "codex",
    ids: "C-CODEX-14",
    followUp: "Select Reasoning Level for",
    fixture: () => newFixture({ cli: "codex" }),
    create: (fx) => sessionOnFixture(fx, CodexSession, { autotrust: true }),
    defaultFile: (fx) => join(fx.home.codexHome, "config.toml"),
    list: listCodexModels,
  },
];

function requestModel(fx: ClaudeFixture, prompt: string): string | undefined {
  const request = fx.server.requests.find(
    (entry) => !entry.isAuxiliary && entry.userText.includes(prompt),
  );
  return (request?.body as { model?: string } | undefined)?.model;
}

describe.each(agents)("$name model picker against the real CLI", (agent) => {
  test(`C-API-23, C-API-24, ${agent.ids}: listModels, a session-only setModel, the default kept, unknown ids named`, async () => {
    const fx = await agent.fixture();
    fx.server.turn({ match: "first question", steps: [{ say: "First answer" }] });
    fx.server.turn({ match: "second question", steps: [{ say: "Second answer" }] });
    const session = agent.create(fx);
    const warnings: string[] = [];
    const onWarning = (warning: { code: string }) => warnings.push(warning.code);
    let output = "";
    const onData = (data: string) => {
      output += data;
    };
    if (session instanceof ClaudeSession) {
      session.on("warning", onWarning);
      session.on("terminal:data", onData);
    } else {
      session.on("warning", onWarning);
      session.on("terminal:data", onData);
    }
    // A conversation first, so Claude's "Switch model?" cache warning shows on the switch.
    await session.send("first question");
    const firstModel = requestModel(fx, "first question");
    const defaultBefore = await readFile(agent.defaultFile(fx), "utf8");

    const rows = await session.listModels();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((row) => row.isCurrent)).toHaveLength(1);
    for (const row of rows) {
      expect(row.id).toBe(row.id.toLowerCase());
      expect(row.raw).toContain(row.label);
      expect(typeof row.isDefault).toBe("boolean");
    }
    // The last row that is neither current nor the default (Claude's "Opus" row is what
    // "Default" resolves to, so it would not change the request).
    const other = rows.filter((row) => !row.isCurrent && !row.isDefault).at(-1);
    expect(other).toBeDefined();
    const target = other?.id ?? "";

    await session.setModel(target);
    expect(output).toContain(agent.followUp);
    expect(await session.send("second question")).toContain("Second answer");
    const secondModel = requestModel(fx, "second question");
    expect(secondModel).not.toBe(firstModel);
    expect(secondModel).toContain(target);

    const after = await session.listModels();
    expect(after.filter((row) => row.isCurrent).map((row) => row.id)).toEqual([target]);
    const defaults = (list: typeof rows) =>
      list.filter((row) => row.isDefault).map((row) => row.id);
    expect(defaults(after)).toEqual(defaults(rows));
    expect(await readFile(agent.defaultFile(fx), "utf8")).toBe(defaultBefore);

    const error = await rejection(session.setModel("no-such-model"));
    expect(error.name).toBe("model_automation_failed");
    for (const row of rows) expect(error.message).toContain(row.id);
    expect(error.details?.availableIds).toEqual(rows.map((row) => row.id));
    expect(warnings).not.toContain("codex_default_model_persisted");
    await session.close();
  });
});

describe("Codex's persisted default around a switch", () => {
  test("C-CODEX-14: a default written to config.toml during setModel (as Codex versions that persist the choice do) is restored by compare-and-swap", async () => {
    const fx = await newFixture({ cli: "codex" });
    fx.server.turn({ match: "first question", steps: [{ say: "First answer" }] });
    const session = sessionOnFixture(fx, CodexSession, { autotrust: true });
    await session.send("first question");
    const configPath = join(fx.home.codexHome, "config.toml");
    const original = await readFile(configPath, "utf8");
    const rows = await session.listModels();
    const target = rows.find((row) => !row.isCurrent)?.id ?? "";
    expect(target).not.toBe("");
    const warnings: string[] = [];
    session.on("warning", (warning) => warnings.push(warning.code));
    // While the picker is up, the root `model` changes on disk, as a persisting Codex would.
    let wroteDefault = false;
    const persist = async () => {
      for (let tries = 0; tries < 600 && !wroteDefault; tries += 1) {
        if (session.session?.terminal.snapshot().text.includes("Select Model")) {
          const text = await readFile(configPath, "utf8");
          await writeFile(configPath, text.replace(/^model = .*$/m, `model = "${target}"`));
          wroteDefault = true;
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    await Promise.all([session.setModel(target), persist()]);
    expect(wroteDefault).toBe(true);
    expect(await readFile(configPath, "utf8")).toBe(original);
    expect(warnings).not.toContain("codex_default_model_persisted");
    await session.close();
  });
});

describe.each(agents)("$name standalone model listing", (agent) => {
  test("C-API-23 C-API-41: the standalone listing reads the picker and leaves no process and no state", async () => {
    const fx = await agent.fixture();
    const rows = await agent.list({ cwd: fx.workspace, env: fx.home.env, stateDir: fx.stateDir });
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((row) => row.isCurrent)).toHaveLength(1);
    expect(await survivorsInHome(fx.home.home)).toEqual([]);
    const listing = await listSessions({ stateDir: fx.stateDir });
    expect([...listing.sessions, ...listing.skipped]).toEqual([]);
    expect(await filesWithText(join(fx.stateDir, "sessions"))).toEqual([]);
  });
});
