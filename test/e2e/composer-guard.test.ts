// A person's unsent draft and a program's prompt never mix (issue 25 item 2, "Done when" 2):
// the real pinned CLIs against the scripted model servers. A person types `half a line`
// (no Enter) — through the serve page's terminal socket, or sendKeys — then the program
// sends; the model never receives the half line, and the program's prompt goes in once
// after the person clears the composer, or fails with composer_occupied at its bound.
// The guard is the runtime's, reading each agent's composer through its adapter, so the
// sendKeys scenarios run for every agent of the one table (support/agent-table.ts); the
// serve socket's scenario is about where the keys come from, and runs on Claude alone.
import { describe, expect, test } from "vitest";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import type { ScriptedModelServer } from "../../src/testing/index.js";
import { AGENT_ROWS, type AgentRow } from "../support/agent-table.js";
import { ensureGone, rejection, token } from "../support/claude-e2e.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";
import { serveOver } from "../support/serve-e2e.js";

const newFixture = useRealCliFixture({ trusted: true });
const DRAFT = "half a line";
const CTRL_U = "\x15";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `condition` until it holds; fails the test at `timeoutMs`. */
async function until(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100)) {
    if (await condition()) return;
  }
  if (!(await condition())) throw new Error(`condition not met within ${timeoutMs} ms`);
}

/**
 * The composer row holding the draft on the served screen: "❯ half a line" (Claude, a
 * no-break space after the glyph). The served screen is text, without the cursor a frame
 * has, so the socket's scenario reads the row itself.
 */
const DRAFT_ROW = /^❯\s+half a line\s*$/;

const hasDraftRow = (text: string) => text.split("\n").some((line) => DRAFT_ROW.test(line));

/**
 * The session's composer holds the draft, as the agent's adapter reads the screen (the
 * reading the runtime's guard acts on): each CLI draws its composer its own way.
 */
function hasDraft(row: AgentRow, session: ElwoodAgentSession, draft = DRAFT): boolean {
  const { lines, cursor } = session.terminal.snapshot();
  return row.readScreen({ lines, cursor, title: "" }).composerDraft === draft;
}

/** Every request the model server received, as JSON text. */
const requestTexts = (server: ScriptedModelServer) =>
  server.requests.map((request) => JSON.stringify(request.body ?? ""));
/** Requests (of a model turn, not side requests) that carry `text`. */
const turnsWith = (server: ScriptedModelServer, text: string) =>
  server.requests.filter(
    (request) => !request.isAuxiliary && JSON.stringify(request.body ?? "").includes(text),
  );

describe("a person's draft and a program prompt in one composer (issue 25)", () => {
  // Claude alone: this scenario is about keys from serve's terminal socket counting as a
  // person's (and serve's composer_occupied warning), which is the same path for every
  // agent; the guard itself is read per agent in the scenarios below, over the rows.
  test("C-TURN-06: Claude via elwood serve: keys from the page's socket hold the API send until the person clears them; the model never sees the half line", async () => {
    const fx = await newFixture();
    const { client } = await serveOver(fx);
    const question = token("program-question");
    const answer = token("Program answer");
    fx.server.turn({ match: question, steps: [{ say: answer }] });
    const started = await client.call("POST", "/api/sessions", {
      agent: "claude",
      cwd: fx.workspace,
    });
    expect(started.status).toBe(201);
    const id = started.body.id as string;
    const events = client.follow(id);
    const statusOf = async () =>
      (await client.call("GET", `/api/sessions/${id}`)).body.status as string;
    await until(async () => (await statusOf()) === "ready", 90_000);
    const screen = async () =>
      ((await client.call("GET", `/api/sessions/${id}/screen`)).body.text as string) ?? "";

    const terminal = await client.terminal(id);
    terminal.sendKeys(DRAFT);
    await until(async () => hasDraftRow(await screen()), 15_000);

    let reply: Awaited<ReturnType<typeof client.call>> | undefined;
    const sending = client
      .call("POST", `/api/sessions/${id}/send`, { text: question })
      .then((result) => {
        reply = result;
      });
    await events.waitFor(
      (entry) => entry.type === "warning" && entry.data.code === "composer_occupied",
      15_000,
    );
    await sleep(4_000);
    // Held, untyped: the draft alone in the composer, nothing sent, the agent idle.
    expect(reply).toBeUndefined();
    expect(hasDraftRow(await screen())).toBe(true);
    expect(turnsWith(fx.server, question)).toEqual([]);
    expect(await statusOf()).toBe("ready");

    terminal.sendKeys(CTRL_U);
    await sending;
    expect(reply).toMatchObject({ status: 200, body: { text: answer } });
    const asked = turnsWith(fx.server, question);
    expect(asked).toHaveLength(1);
    expect(JSON.stringify(asked[0]?.body)).not.toContain(DRAFT);
    expect(requestTexts(fx.server).filter((text) => text.includes(DRAFT))).toEqual([]);
    await terminal.close();
    await events.close();
  });

  test.each(AGENT_ROWS)(
    "C-TURN-06: $agent: an untouched draft fails send() with composer_occupied at composerWaitMs; the draft stays, nothing is sent",
    async (row) => {
      const fx = await newFixture(row.fixture);
      const question = token("program-question");
      fx.server.turn({ match: question, steps: [{ say: token("Late answer") }] });
      const session = await row.start({
        cwd: fx.workspace,
        env: fx.home.env,
        stateDir: fx.stateDir,
        composerWaitMs: 4_000,
      });
      fx.defer(() => ensureGone(session));
      await session.waitForStatus((status) => status === "ready", 90_000);
      await session.sendKeys(DRAFT);
      await until(() => hasDraft(row, session), 15_000);

      const sentAt = Date.now();
      const error = await rejection(session.send(question));
      const waited = Date.now() - sentAt;
      expect(error.name).toBe("composer_occupied");
      expect(error.details.waitMs).toBe(4_000);
      expect(waited).toBeGreaterThanOrEqual(4_000);
      expect(waited).toBeLessThan(4_000 + 10_000);
      expect(hasDraft(row, session)).toBe(true);
      expect(session.status).toBe("ready");
      await sleep(2_000);
      expect(turnsWith(fx.server, question)).toEqual([]);
      expect(requestTexts(fx.server).filter((text) => text.includes(DRAFT))).toEqual([]);

      // Once the person clears it, the same prompt goes in, alone, exactly once.
      await session.sendKeys(CTRL_U);
      await session.send(question);
      expect(turnsWith(fx.server, question)).toHaveLength(1);
      expect(requestTexts(fx.server).filter((text) => text.includes(DRAFT))).toEqual([]);
    },
  );

  // The untouched draft's failure at its bound, which this scenario asserted for Codex
  // first, is the scenario above, now for every agent.
  test.each(AGENT_ROWS)(
    "C-TURN-06: $agent: the draft holds send() until cleared, then the prompt goes in once",
    async (row) => {
      const fx = await newFixture(row.fixture);
      const question = token("program-question");
      const answer = token(`${row.agent} answer`);
      fx.server.turn({ match: question, steps: [{ say: answer }] });
      const session = await row.start({
        cwd: fx.workspace,
        env: fx.home.env,
        stateDir: fx.stateDir,
        composerWaitMs: 4_000,
      });
      fx.defer(() => ensureGone(session));
      await session.waitForStatus((status) => status === "ready", 90_000);
      await session.sendKeys(DRAFT);
      await until(() => hasDraft(row, session), 15_000);

      // A person who keeps typing keeps the prompt waiting; clearing lets it go in once.
      let outcome: string | undefined;
      const sending = session.send(question).then((text) => {
        outcome = text;
      });
      for (let index = 0; index < 3; index += 1) {
        await sleep(2_500);
        await session.sendKeys(" more");
      }
      expect(outcome).toBeUndefined();
      expect(turnsWith(fx.server, question)).toEqual([]);
      await session.sendKeys(CTRL_U);
      await sending;
      expect(outcome).toContain(answer);
      expect(turnsWith(fx.server, question)).toHaveLength(1);
      expect(requestTexts(fx.server).filter((text) => text.includes(DRAFT))).toEqual([]);
    },
  );
});
