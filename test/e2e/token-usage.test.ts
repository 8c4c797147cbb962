// Token usage per turn and per session from the CLIs' own transcripts (issue 26 "Done
// when" 1 and 2), every agent of the one table (support/agent-table.ts) against the scripted model server answering each
// request with known counts that differ per request: a one-request turn's `usage` is that
// request's, a turn with two tool calls (three requests) their sum, `session.usage` after
// both the sum of all; background requests (every side request here reports 90 000+
// tokens) are not counted. `elwood --output json`/`jsonl` and serve's `send` show the same.
import { describe, expect, test } from "vitest";
import type { ElwoodTokenUsage, ElwoodTurnEvent } from "../../src/index.js";
import type { ScriptedModelServer } from "../../src/testing/index.js";
import { AGENT_ROWS, type AgentRow } from "../support/agent-table.js";
import { ensureGone, token } from "../support/claude-e2e.js";
import { assertBuilt, runBin } from "../support/cli-bin.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";
import { serveOver } from "../support/serve-e2e.js";

const newFixture = useRealCliFixture();

const ONE_REQUEST = {
  inputTokens: 1201,
  outputTokens: 37,
  cacheReadTokens: 503,
  cacheWriteTokens: 71,
};
const TOOL_REQUESTS = [
  { inputTokens: 2003, outputTokens: 41, cacheReadTokens: 0, cacheWriteTokens: 0 },
  {
    inputTokens: 2111,
    outputTokens: 43,
    cacheReadTokens: 1009,
    cacheWriteTokens: 0,
    reasoningTokens: 11,
  },
  { inputTokens: 2237, outputTokens: 47, cacheReadTokens: 1013, cacheWriteTokens: 7 },
];

/** The scripted counts as Elwood reports them: each kind counted where the CLI records it. */
function expected(row: AgentRow, ...requests: (typeof TOOL_REQUESTS)[number][]): ElwoodTokenUsage {
  const sum = (pick: (request: (typeof TOOL_REQUESTS)[number]) => number) =>
    requests.reduce((total, request) => total + pick(request), 0);
  return {
    inputTokens: sum((r) => r.inputTokens),
    outputTokens: sum((r) => r.outputTokens),
    cacheReadTokens: sum((r) => r.cacheReadTokens),
    cacheWriteTokens: row.usage.cacheWrites ? sum((r) => r.cacheWriteTokens) : 0,
    reasoningTokens: row.usage.reasoning ? sum((r) => r.reasoningTokens ?? 0) : 0,
  };
}

/** Every side request (titles, summaries) reports counts no scripted turn adds up to. */
function scriptBackground(server: ScriptedModelServer): void {
  server.turn({
    match: () => true,
    sideRequest: true,
    repeat: true,
    steps: [{ usage: { inputTokens: 90_001, outputTokens: 9_001 } }, { say: "Scripted session" }],
  });
}

function scriptTurns(server: ScriptedModelServer, row: AgentRow, first: string, second: string) {
  const answers = { first: token("first answer"), second: token("second answer") };
  server.turn({
    match: first,
    steps: [{ usage: ONE_REQUEST }, { think: "Thinking it over." }, { say: answers.first }],
  });
  server.turn({
    match: second,
    steps: [
      { usage: TOOL_REQUESTS[0]! },
      row.shell("echo one"),
      { usage: TOOL_REQUESTS[1]! },
      row.shell("echo two"),
      { usage: TOOL_REQUESTS[2]! },
      { say: answers.second },
    ],
  });
  return answers;
}

describe.each(AGENT_ROWS)("token usage, $agent", (row) => {
  const { agent } = row;
  test("C-USAGE-01 C-USAGE-02: a turn's usage is the sum of its requests; session.usage the sum of its turns; background requests not counted", async () => {
    const fx = await newFixture(row.fixture);
    scriptBackground(fx.server);
    const first = token("first usage turn");
    const second = token("second usage turn");
    const answers = scriptTurns(fx.server, row, first, second);
    const session = await row.start({ cwd: fx.workspace, env: fx.home.env, stateDir: fx.stateDir });
    fx.defer(() => ensureGone(session));
    const ended: Extract<ElwoodTurnEvent, { kind: "ended" }>[] = [];
    session.on("turn", (event) => {
      if (event.kind === "ended") ended.push(event);
    });

    await expect(session.send(first)).resolves.toBe(answers.first);
    expect(ended.at(-1)?.usage).toEqual(expected(row, ONE_REQUEST));
    expect(typeof ended.at(-1)?.model).toBe("string");
    expect(session.usage).toEqual(expected(row, ONE_REQUEST));

    await expect(session.send(second)).resolves.toBe(answers.second);
    expect(ended.at(-1)?.usage).toEqual(expected(row, ...TOOL_REQUESTS));
    expect(session.usage).toEqual(expected(row, ONE_REQUEST, ...TOOL_REQUESTS));
    // Three requests answered the second turn (two tool calls, then the answer).
    const turnRequests = fx.server.requests.filter((request) => !request.isAuxiliary);
    expect(turnRequests.length).toBeGreaterThanOrEqual(4);
    const background = fx.server.requests.filter((request) => request.isAuxiliary).length;
    console.info(`${agent}: ${background} background request(s) answered, none counted`);
  });

  test("C-USAGE-04: elwood --output json and jsonl report the run's usage", async () => {
    assertBuilt();
    const fx = await newFixture(row.fixture);
    scriptBackground(fx.server);
    const first = token("json usage turn");
    const answers = scriptTurns(fx.server, row, first, token("unused"));
    const run = await runBin(
      ["--agent", agent, ...row.cliPosture, "--ephemeral", "--output", "json", first],
      {
        cwd: fx.workspace,
        env: { ...fx.home.env },
      },
    );
    expect(run.code, run.stderr).toBe(0);
    const document = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(document).toMatchObject({ type: "result", response: answers.first });
    expect(document.usage).toEqual(expected(row, ONE_REQUEST));

    const again = token("jsonl usage turn");
    const second = scriptTurns(fx.server, row, token("unused"), again);
    const lines = await runBin(
      ["--agent", agent, ...row.cliPosture, "--ephemeral", "--output", "jsonl", again],
      {
        cwd: fx.workspace,
        env: { ...fx.home.env },
      },
    );
    expect(lines.code, lines.stderr).toBe(0);
    const records = lines.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.map((record) => record.type).slice(-2)).toEqual(["usage", "result"]);
    expect(records.at(-2)?.usage).toEqual(expected(row, ...TOOL_REQUESTS));
    expect(records.at(-1)).toMatchObject({ response: second.second });
  });

  test("C-USAGE-04: serve's send answer carries the turn's usage; session info the running total", async () => {
    const fx = await newFixture(row.fixture);
    scriptBackground(fx.server);
    const { client } = await serveOver(fx);
    const first = token("serve usage turn");
    const answers = scriptTurns(fx.server, row, first, token("unused"));
    const started = await client.call("POST", "/api/sessions", {
      agent,
      cwd: fx.workspace,
      autotrust: true,
      ...row.servePosture,
    });
    expect(started.status).toBe(201);
    const id = started.body.id as string;
    const reply = await client.call("POST", `/api/sessions/${id}/send`, { text: first });
    expect(reply.status).toBe(200);
    expect(reply.body.text).toBe(answers.first);
    expect(reply.body.usage).toEqual(expected(row, ONE_REQUEST));
    expect(typeof reply.body.model).toBe("string");
    const info = await client.call("GET", "/api/sessions");
    const sessions = info.body.sessions as { id: string; usage?: unknown }[];
    expect(sessions.find((session) => session.id === id)?.usage).toEqual(
      expected(row, ONE_REQUEST),
    );
    expect((await client.call("DELETE", `/api/sessions/${id}`)).status).toBe(200);
  });
});
