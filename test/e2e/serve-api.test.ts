// `elwood serve` driven as a program in another language would (issue 14 "Done when" 2
// and 3): fetch + SSE + WebSocket against real CLIs and the scripted model server.
import { describe, expect, test } from "vitest";
import { ELWOOD_ERROR_NAMES } from "../../src/error-names.js";
import { token } from "../support/claude-e2e.js";
import { survivorsInHome, waitFor } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";
import type { JsonReply, SseEntry } from "../support/serve-client.js";
import { serveOver } from "../support/serve-e2e.js";

const newFixture = useRealCliFixture({ trusted: true });

const isAnswer = (text: string) => (entry: SseEntry) =>
  entry.type === "activity" && entry.data.kind === "assistant_message" && entry.data.text === text;

function expectConsecutiveIds(entries: readonly SseEntry[], firstId: number): void {
  expect(entries.map((entry) => entry.id)).toEqual(entries.map((_, index) => firstId + index));
  const times = entries.map((entry) => entry.at);
  expect([...times].sort((a, b) => a - b)).toEqual(times);
}

describe("elwood serve API against the real CLIs", () => {
  test("C-APP-01 C-APP-03 C-APP-05 C-APP-09: start, send → reply, ordered SSE with ids, Last-Event-ID resume, raw keys, DELETE leaves no process", async () => {
    const fx = await newFixture();
    const { client } = await serveOver(fx);
    const first = token("First reply");
    const second = token("Second reply");
    fx.server.turn({ match: /first api question/, steps: [{ say: first }] });
    fx.server.turn({ match: /second api question/, steps: [{ say: second }] });

    const started = await client.call("POST", "/api/sessions", {
      agent: "claude",
      cwd: fx.workspace,
    });
    expect(started.status).toBe(201);
    const id = started.body.id as string;
    expect(started.body).toMatchObject({ agent: "claude", cwd: fx.workspace, resumed: false });
    // As the README says: answered once the agent's process runs (issue 27), not `starting`
    // and not held until `ready`; with the session's size.
    expect(["running", "ready"]).toContain(started.body.status);
    expect(started.body.size).toMatchObject({ cols: expect.any(Number), rows: expect.any(Number) });
    expect((await client.call("GET", "/api/sessions")).body.sessions).toMatchObject([
      { id, agent: "claude" },
    ]);

    // Events from the session's first moment, in order, with consecutive ids.
    const events = client.follow(id);
    const reply = await client.call("POST", `/api/sessions/${id}/send`, {
      text: "first api question",
    });
    expect(reply).toMatchObject({ status: 200, body: { text: first } });
    await events.waitFor(isAnswer(first));
    await events.waitFor((entry) => entry.type === "hook" && entry.data.hookEventName === "Stop");
    expectConsecutiveIds(events.entries, 1);
    const types = new Set(events.entries.map((entry) => entry.type));
    expect([...types]).toEqual(expect.arrayContaining(["status", "activity", "hook"]));
    const submit = events.entries.find((entry) => entry.data.hookEventName === "UserPromptSubmit");
    expect(submit?.data).toMatchObject({ outcome: "none", failedOpen: false });
    expect(JSON.stringify(submit?.data.input)).toContain("first api question");

    // Disconnect, let a whole turn happen, reconnect with Last-Event-ID: nothing is missed.
    await events.close();
    const lastSeen = events.lastId;
    expect(
      await client.call("POST", `/api/sessions/${id}/send`, { text: "second api question" }),
    ).toMatchObject({ status: 200, body: { text: second } });
    const resumed = client.follow(id, lastSeen);
    await resumed.waitFor(isAnswer(second));
    expect(resumed.gaps).toEqual([]);
    expect(resumed.entries[0]?.id).toBe(lastSeen + 1);
    expectConsecutiveIds(resumed.entries, lastSeen + 1);
    expect(resumed.entries.some(isAnswer(first))).toBe(false);
    await resumed.close();

    // The terminal socket: the replay first, then raw keys reach Claude's composer.
    const terminal = await client.terminal(id);
    // Replayed raw bytes, not a snapshot: the TUI moves the cursor over spaces, so look for
    // the answer's last word.
    const lastWord = first.split(" ").at(-1) ?? first;
    await waitFor(() => terminal.output.includes(lastWord), { timeoutMs: 10_000 });
    expect(terminal.output).toContain(lastWord);
    const typed = `keys-${Date.now().toString(36)}`;
    terminal.sendKeys(typed);
    const onScreen = async () =>
      ((await client.call("GET", `/api/sessions/${id}/screen`)).body.text as string) ?? "";
    let screen = "";
    for (const deadline = Date.now() + 15_000; Date.now() < deadline && !screen.includes(typed); ) {
      screen = await onScreen();
      if (!screen.includes(typed)) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(screen).toContain(typed);
    expect(fx.server.requests.some((request) => JSON.stringify(request.body).includes(typed))).toBe(
      false,
    );

    // Resize over the socket reaches the PTY and the session's size.
    terminal.sendControl({ type: "resize", cols: 100, rows: 30 });
    let size: unknown;
    for (const deadline = Date.now() + 5000; Date.now() < deadline; ) {
      size = (await client.call("GET", `/api/sessions/${id}`)).body.size;
      if (JSON.stringify(size) === '{"cols":100,"rows":30}') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(size).toEqual({ cols: 100, rows: 30 });
    terminal.sendControl("not json");
    await waitFor(() => terminal.notices.length > 0, { timeoutMs: 5000 });
    expect(terminal.notices[0]).toMatchObject({
      type: "error",
      error: { name: "invalid_options" },
    });

    const tail = client.follow(id, resumed.lastId);
    const closed = await client.call("DELETE", `/api/sessions/${id}`);
    expect(closed.status).toBe(200);
    // The event stream ends on its own once the closed session's last entries are sent.
    await tail.done;
    const finalStatus = tail.entries.filter((entry) => entry.type === "status").at(-1);
    expect(finalStatus?.data.status).toMatch(/^(stopped|killed|exited)$/);
    expect(await survivorsInHome(fx.home.home)).toEqual([]);
    expect((await client.call("GET", `/api/sessions/${id}`)).status).toBe(404);
    await terminal.close();
  });

  test("C-APP-01: agent gemini: its posture field is taken, another agent's is refused by name, send → reply, DELETE leaves no process", async () => {
    const fx = await newFixture({ cli: "gemini" });
    const { client } = await serveOver(fx);
    const answer = token("Gemini reply");
    fx.server.turn({ match: /gemini api question/, steps: [{ say: answer }] });

    const foreign = await client.call("POST", "/api/sessions", {
      agent: "gemini",
      cwd: fx.workspace,
      sandbox: "read-only",
    });
    expect(foreign.status).toBe(400);
    expect(JSON.stringify(foreign.body)).toContain("sandbox");
    const badMode = await client.call("POST", "/api/sessions", {
      agent: "gemini",
      cwd: fx.workspace,
      approvalMode: "never",
    });
    expect(badMode.status).toBe(400);

    const started = await client.call("POST", "/api/sessions", {
      agent: "gemini",
      cwd: fx.workspace,
      approvalMode: "auto_edit",
    });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ agent: "gemini", cwd: fx.workspace, resumed: false });
    const id = started.body.id as string;
    const reply = await client.call("POST", `/api/sessions/${id}/send`, {
      text: "gemini api question",
    });
    expect(reply).toMatchObject({ status: 200, body: { text: answer } });
    expect((await client.call("DELETE", `/api/sessions/${id}`)).status).toBe(200);
    expect(await survivorsInHome(fx.home.home)).toEqual([]);
  });

  test("C-APP-02: 2,000 random requests leave the server up and a live Codex session intact; a turn still works", async () => {
    const fx = await newFixture({ cli: "codex" });
    const { client, server } = await serveOver(fx);
    const answer = token("After the fuzz");
    fx.server.turn({ match: /after fuzz/, steps: [{ say: answer }] });
    const started = await client.call("POST", "/api/sessions", {
      agent: "codex",
      cwd: fx.workspace,
      autotrust: true,
    });
    expect(started.status).toBe(201);
    const id = started.body.id as string;
    const modelRequestsBefore = fx.server.requests.length;

    const replies = await fuzz(client.call.bind(client), id, server.token, 2000);
    const statuses = new Map<number, number>();
    for (const reply of replies) statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
    // Status 0: fetch itself refused to send it; nearly every request must reach the server.
    expect(statuses.get(0) ?? 0).toBeLessThan(20);
    expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
    for (const reply of replies.filter((item) => item.status >= 300)) {
      const error = reply.body.error as { name: string } | undefined;
      expect(ELWOOD_ERROR_NAMES).toContain(error?.name);
    }
    expect(statuses.get(401)).toBeGreaterThan(100);
    expect(statuses.get(400)).toBeGreaterThan(50);
    expect(statuses.get(404)).toBeGreaterThan(100);
    // No fuzz request reached the model: unauthenticated and invalid calls never touch it.
    expect(fx.server.requests.length).toBe(modelRequestsBefore);

    // The session started before the fuzz and may still be booting when it ends (the
    // fuzz takes about as long as Codex's start-up); intact means it reaches ready. The
    // 90 s allows a cold start on a loaded machine, as elsewhere; it is not what's tested.
    const firstStatus = (reply: JsonReply) =>
      (reply.body.sessions as { status?: string }[] | undefined)?.[0]?.status;
    let list = await client.call("GET", "/api/sessions");
    for (const deadline = Date.now() + 90_000; Date.now() < deadline; ) {
      if (firstStatus(list) === "ready") break;
      await new Promise((resolve) => setTimeout(resolve, 200));
      list = await client.call("GET", "/api/sessions");
    }
    expect(list.body.sessions).toMatchObject([{ id, agent: "codex", status: "ready" }]);
    expect(
      await client.call("POST", `/api/sessions/${id}/send`, { text: "after fuzz" }),
    ).toMatchObject({
      status: 200,
      body: { text: answer },
    });

    // The same server refuses to resume a session that is still live on it.
    const again = await client.call("POST", "/api/sessions", {
      agent: "codex",
      cwd: fx.workspace,
      resume: id,
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ name: "session_already_open" });
    expect((await client.call("DELETE", `/api/sessions/${id}`)).status).toBe(200);
    // Resume by the saved Elwood session id (C-APP-02).
    const back = await client.call("POST", "/api/sessions", {
      agent: "codex",
      cwd: fx.workspace,
      resume: id,
    });
    expect(back.status).toBe(201);
    expect(back.body).toMatchObject({ id, resumed: true });
    expect((await client.call("DELETE", `/api/sessions/${id}?teardown=1`)).status).toBe(200);
  });
});

type Call = (method: string, path: string, body?: unknown, token?: string) => Promise<JsonReply>;

/**
 * Random requests that cannot end or drive the live session legitimately: wrong tokens,
 * unknown ids, bad methods and paths, malformed or invalid bodies. Valid-token calls to
 * the live id only carry invalid bodies.
 */
async function fuzz(call: Call, liveId: string, goodToken: string, count: number) {
  let seed = 1234567;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const text = (lowest: number, span: number) =>
    Array.from({ length: Math.floor(random() * 40) }, () =>
      String.fromCharCode(lowest + Math.floor(random() * span)),
    ).join("");
  const junk = () => text(0, 0x2ff);
  const junkToken = () => text(0x21, 0x5e); // printable ASCII, so fetch can send the header
  const methods = ["GET", "POST", "DELETE", "PUT", "PATCH"];
  const actions = ["", "/send", "/interrupt", "/resize", "/events", "/screen", "/terminal", "/x"];
  const bodies: unknown[] = [
    "{",
    "[]",
    "null",
    "12",
    { text: "" },
    { text: 7 },
    { cols: -1, rows: 0 },
    { cols: "80", rows: 24 },
    { agent: "nope", cwd: "/" },
    { agent: "codex", cwd: "relative" },
    { text: "hi", images: ["x"] },
  ];
  const replies: JsonReply[] = [];
  const batch: Promise<void>[] = [];
  for (let index = 0; index < count; index += 1) {
    const useGoodToken = random() < 0.6;
    const tokenUsed = useGoodToken ? goodToken : pick(["", "nope", `${goodToken}0`, junkToken()]);
    const id = pick([liveId, "unknown", encodeURIComponent(junk()) || "x", `${liveId}x`]);
    let method = pick(methods);
    const action = pick(actions);
    let body: unknown = random() < 0.7 ? pick(bodies) : junk();
    if (useGoodToken && id === liveId) {
      // Against the live session only invalid input: never a real stop, prompt or interrupt.
      if (method === "DELETE" || action === "/interrupt" || action === "/events") method = "PUT";
      body = pick(bodies.slice(0, 8));
    }
    const path =
      random() < 0.85 ? `/api/sessions/${id}${action}` : `/api/${junk().replace(/[?#]/g, "")}`;
    const send = ["GET", "DELETE"].includes(method) ? undefined : body;
    batch.push(
      call(method, path, send, tokenUsed)
        .then((reply) => void replies.push(reply))
        .catch(
          () => void replies.push({ status: 400, body: { error: { name: "invalid_options" } } }),
        ),
    );
    if (batch.length >= 20) await Promise.all(batch.splice(0));
  }
  await Promise.all(batch);
  return replies;
}
