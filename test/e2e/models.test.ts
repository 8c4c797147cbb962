// listModels()/setModel() through the real `/model` pickers (issue 12 "Done when" 2), for
// every agent of the one table (support/agent-table.ts, `models`): typed rows with exactly
// one current, a session-only switch that the next model request proves, the persisted
// default untouched, and unknown ids rejected with the ids listed. An agent whose picker
// cannot switch offline is refused with a typed error, before and after a conversation.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { CodexSession, ELWOOD_AGENTS, listSessions } from "../../src/agents.js";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import type { LoggedRequest } from "../../src/testing/index.js";
import { AGENT_ROWS, type AgentRow } from "../support/agent-table.js";
import type { ClaudeFixture } from "../support/claude-e2e.js";
import { ensureGone, filesWithText, rejection } from "../support/claude-e2e.js";
import { survivorsInHome } from "../support/process-table.js";
import { sessionOnFixture, useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture();
/** Generous: the suite shares two cores, and a loaded start counts against the listing. */
const SLOW = { timeoutMs: 90_000 };

/** The model a request asked for: in the body (Anthropic, OpenAI) or the path (Gemini). */
function modelOf(request: LoggedRequest | undefined): string | undefined {
  const body = request?.body as { model?: unknown } | undefined;
  if (typeof body?.model === "string") return body.model;
  return /\/models\/([^/:]+):/.exec(request?.path ?? "")?.[1];
}

function requestModel(fx: ClaudeFixture, prompt: string): string | undefined {
  return modelOf(
    fx.server.requests.find((entry) => !entry.isAuxiliary && entry.userText.includes(prompt)),
  );
}

async function started(fx: ClaudeFixture, row: AgentRow): Promise<ElwoodAgentSession> {
  const session = await row.start({ cwd: fx.workspace, env: fx.home.env, stateDir: fx.stateDir });
  fx.defer(() => ensureGone(session));
  return session;
}

const PICKERS = AGENT_ROWS.filter((row) => !("refused" in row.models));
const REFUSING = AGENT_ROWS.filter((row) => "refused" in row.models);

describe.each(PICKERS)("$agent model picker against the real CLI", (row) => {
  test("C-API-23, C-API-24, C-ATTN-04, C-CODEX-14: listModels, a session-only setModel, the default kept, unknown ids named", async () => {
    const models = row.models as Exclude<AgentRow["models"], { refused: string }>;
    const fx = await newFixture(row.fixture);
    fx.server.turn({ match: "first question", steps: [{ say: "First answer" }] });
    fx.server.turn({ match: "second question", steps: [{ say: "Second answer" }] });
    const session = await started(fx, row);
    const warnings: string[] = [];
    session.on("warning", (warning) => warnings.push(warning.code));
    let output = "";
    session.on("terminal:data", (data) => {
      output += data;
    });
    // A conversation first, so Claude's "Switch model?" cache warning shows on the switch.
    expect(await session.send("first question")).toContain("First answer");
    const firstModel = requestModel(fx, "first question");
    expect(firstModel).toBeDefined();
    const defaultBefore = await readFile(models.defaultFile(fx.home), "utf8");

    const rows = await session.listModels(SLOW);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((option) => option.isCurrent)).toHaveLength(1);
    expect(rows.filter((option) => option.isDefault)).toHaveLength(1);
    for (const option of rows) {
      expect(option.id).toBe(option.id.toLowerCase());
      expect(option.raw).toContain(option.label);
    }
    // The last row that is neither current nor the default (Claude's "Opus" row is what
    // "Default" resolves to, so it would not change the request).
    const other = rows.filter((option) => !option.isCurrent && !option.isDefault).at(-1);
    expect(other).toBeDefined();
    const target = other?.id ?? "";

    await session.setModel(target, SLOW);
    if (models.followUp !== undefined) expect(output).toContain(models.followUp);
    expect(await session.send("second question")).toContain("Second answer");
    const secondModel = requestModel(fx, "second question");
    expect(secondModel).not.toBe(firstModel);
    expect(secondModel).toContain(target);

    const after = await session.listModels(SLOW);
    expect(after.filter((option) => option.isCurrent).map((option) => option.id)).toEqual([target]);
    const defaults = (list: typeof rows) =>
      list.filter((option) => option.isDefault).map((option) => option.id);
    expect(defaults(after)).toEqual(defaults(rows));
    expect(await readFile(models.defaultFile(fx.home), "utf8")).toBe(defaultBefore);

    const error = await rejection(session.setModel("no-such-model", SLOW));
    expect(error.name).toBe("model_automation_failed");
    for (const option of rows) expect(error.message).toContain(option.id);
    expect(error.details?.availableIds).toEqual(rows.map((option) => option.id));
    expect(warnings).not.toContain("codex_default_model_persisted");
    await session.stop();
  });
});

describe.each(REFUSING)("$agent refuses the model picker", (row) => {
  test("C-API-23 C-API-24: listModels() and setModel() reject model_automation_failed and the session still answers", async () => {
    const fx = await newFixture(row.fixture);
    fx.server.turn({ match: "first question", steps: [{ say: "First answer" }] });
    const session = await started(fx, row);
    expect(await session.send("first question")).toContain("First answer");
    expect((await rejection(session.listModels())).name).toBe("model_automation_failed");
    expect((await rejection(session.setModel("any-model"))).name).toBe("model_automation_failed");
    expect(ELWOOD_AGENTS.get(row.agent).listsModels).toBe(false);
    expect(session.status).toBe("ready");
    await session.stop();
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
    const rows = await session.listModels(SLOW);
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

describe.each(AGENT_ROWS)("$agent standalone model listing", (row) => {
  test("C-API-23 C-API-41: the standalone listing reads the picker (or refuses) and leaves no process and no state", async () => {
    const fx = await newFixture(row.fixture);
    const listing = ELWOOD_AGENTS.get(row.agent).listModels({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
      ...SLOW,
    });
    if ("refused" in row.models) {
      expect((await rejection(listing)).name).toBe(row.models.refused);
    } else {
      const rows = await listing;
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(rows.filter((option) => option.isCurrent)).toHaveLength(1);
    }
    expect(await survivorsInHome(fx.home.home)).toEqual([]);
    const stored = await listSessions({ stateDir: fx.stateDir });
    expect([...stored.sessions, ...stored.skipped]).toEqual([]);
    expect(await filesWithText(join(fx.stateDir, "sessions"))).toEqual([]);
  });
});
