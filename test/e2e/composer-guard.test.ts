// A person's unsent draft and a program's prompt never mix (issue 25 item 2, "Done when" 2):
// the real pinned CLIs against the scripted model servers. A person types `half a line`
// (no Enter) — through the serve page's terminal socket, or sendKeys — then the program
// sends; the model never receives the half line, and the program's prompt goes in once
// after the person clears the composer, or fails with composer_occupied at its bound.
import { describe, expect, test } from "vitest";
import { startClaude } from "../../src/agents.js";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import type { ScriptedModelServer } from "../../src/testing/index.js";
import { ensureGone, rejection, token } from "../support/claude-e2e.js";
import { startCodexIn } from "../support/codex-e2e.js";
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
 * The composer row holding the draft: "❯ half a line" (Claude, a no-break space after the
 * glyph) or "› half a line" (Codex).
 */
const DRAFT_ROW = /^[❯›]\s+half a line\s*$/;

const hasDraftRow = (text: string) => text.split("\n").some((line) => DRAFT_ROW.test(line));
const screenOf = (session: ElwoodAgentSession) => session.terminal.snapshot().lines.join("\n");

/** Every request the model server received, as JSON text. */
const requestTexts = (server: ScriptedModelServer) =>
  server.requests.map((request) => JSON.stringify(request.body ?? ""));
/** Requests (of a model turn, not side requests) that carry `text`. */
const turnsWith = (server: ScriptedModelServer, text: string) =>
  server.requests.filter(
    (request) => !request.isAuxiliary && JSON.stringify(request.body ?? "").includes(text),
  );

describe("a person's draft and a program prompt in one composer (issue 25)", () => {
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

  test("C-TURN-06: Claude: an untouched draft fails send() with composer_occupied at composerWaitMs; the draft stays, nothing is sent", async () => {
    const fx = await newFixture();
    const question = token("program-question");
    fx.server.turn({ match: question, steps: [{ say: token("Late answer") }] });
    const session = await startClaude({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
      composerWaitMs: 4_000,
    });
    fx.defer(() => ensureGone(session));
    await session.waitForStatus((status) => status === "ready", 90_000);
    await session.sendKeys(DRAFT);
    await until(() => hasDraftRow(screenOf(session)), 15_000);

    const sentAt = Date.now();
    const error = await rejection(session.send(question));
    const waited = Date.now() - sentAt;
    expect(error.name).toBe("composer_occupied");
    expect(error.details.waitMs).toBe(4_000);
    expect(waited).toBeGreaterThanOrEqual(4_000);
    expect(waited).toBeLessThan(4_000 + 10_000);
    expect(hasDraftRow(screenOf(session))).toBe(true);
    expect(session.status).toBe("ready");
    await sleep(2_000);
    expect(turnsWith(fx.server, question)).toEqual([]);
    expect(requestTexts(fx.server).filter((text) => text.includes(DRAFT))).toEqual([]);

    // Once the person clears it, the same prompt goes in, alone, exactly once.
    await session.sendKeys(CTRL_U);
    await session.send(question);
    expect(turnsWith(fx.server, question)).toHaveLength(1);
    expect(requestTexts(fx.server).filter((text) => text.includes(DRAFT))).toEqual([]);
  });

  test("C-TURN-06: Codex: the draft holds send() until cleared, then the prompt goes in once; an untouched one fails at its bound", async () => {
    const fx = await newFixture({ cli: "codex" });
    const question = token("program-question");
    const answer = token("Codex answer");
    fx.server.turn({ match: question, steps: [{ say: answer }] });
    const session = await startCodexIn(fx, { composerWaitMs: 4_000 });
    await session.waitForStatus((status) => status === "ready", 90_000);
    await session.sendKeys(DRAFT);
    await until(() => hasDraftRow(screenOf(session)), 15_000);

    const error = await rejection(session.send(question));
    expect(error.name).toBe("composer_occupied");
    expect(hasDraftRow(screenOf(session))).toBe(true);
    expect(turnsWith(fx.server, question)).toEqual([]);

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
  });
});
