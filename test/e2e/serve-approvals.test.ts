// Approvals through `elwood serve` against the real CLIs and the scripted model server
// (issue 24 "Done when" 1, issue 42), for every agent of the one table in the posture that
// asks first (support/agent-table.ts `asks`): a tool call that needs permission is one
// pending approval in GET …/approvals and an `approval` SSE entry; allow runs the command
// and the turn ends; deny with a message never runs it and the model's next request
// carries the message (an agent answered on screen, Gemini: its dialog takes no message,
// the turn ends and the next one is answered); unanswered, it expires, the CLI's own dialog
// is on screen (blocked), and any answer after the first (or after expiry) is 409.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { AGENT_ROWS, type AgentRow } from "../support/agent-table.js";
import { type ClaudeFixture, token } from "../support/claude-e2e.js";
import { toolResultText, touchAndEcho } from "../support/hooks-e2e.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";
import type { JsonReply, ServeClient, SseEntry, SseFollower } from "../support/serve-client.js";
import { serveOver } from "../support/serve-e2e.js";

const newFixture = useRealCliFixture({ trusted: true });

async function readySession(
  client: ServeClient,
  fx: ClaudeFixture,
  row: AgentRow,
): Promise<{ readonly id: string; readonly events: SseFollower }> {
  const started = await client.call("POST", "/api/sessions", {
    agent: row.agent,
    cwd: fx.workspace,
    // The fixture trusts the workspace for Claude; Codex asks, so trust it at start.
    autotrust: true,
    ...row.asks.posture,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const id = started.body.id as string;
  const events = client.follow(id);
  await events.waitFor((entry) => entry.type === "status" && entry.data.status === "ready", 90_000);
  return { id, events };
}

const approvalEntry =
  (type: string, approvalId?: string) =>
  (entry: SseEntry): boolean => {
    if (entry.type !== "approval" || entry.data.type !== type) return false;
    const approval = entry.data.approval as { id?: string } | undefined;
    return approvalId === undefined || approval?.id === approvalId;
  };

/** The one pending approval, once the hook has parked it. */
async function onePending(client: ServeClient, id: string): Promise<Record<string, unknown>> {
  let listed: unknown[] = [];
  for (const deadline = Date.now() + 90_000; listed.length === 0 && Date.now() < deadline; ) {
    const reply = await client.call("GET", `/api/sessions/${id}/approvals`);
    listed = reply.body.approvals as unknown[];
    if (listed.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(listed).toHaveLength(1);
  return listed[0] as Record<string, unknown>;
}

const answer = (client: ServeClient, id: string, approvalId: string, body: unknown) =>
  client.call("POST", `/api/sessions/${id}/approvals/${approvalId}`, body);

async function screenText(client: ServeClient, id: string): Promise<string> {
  return ((await client.call("GET", `/api/sessions/${id}/screen`)).body.text as string) ?? "";
}

for (const row of AGENT_ROWS) {
  const { agent } = row;
  describe(`approvals through elwood serve: ${agent}`, () => {
    test("C-APR-01 C-APR-02 C-APR-03: allow lets the command run and the turn finish; a second answer is 409; an unknown id 404", async () => {
      const fx = await newFixture(row.fixture);
      const { client } = await serveOver(fx);
      const markerFile = join(fx.workspace, `${token("allowed")}.txt`);
      const marker = token("allowed-output");
      const command = touchAndEcho(markerFile, marker);
      const done = token("Allowed and done");
      fx.server.turn({
        match: /needs approval/,
        steps: [row.asks.shell(command), { say: done }],
      });
      const { id, events } = await readySession(client, fx, row);

      const reply = client.call("POST", `/api/sessions/${id}/send`, { text: "needs approval" });
      const approval = await onePending(client, id);
      expect(approval).toMatchObject({ toolName: row.asks.toolName, agent });
      expect(JSON.stringify(approval.input)).toContain(command);
      expect(approval.detail).toMatchObject({ kind: "command" });
      expect((approval.detail as { command: string }).command).toContain(command);
      expect(approval.expiresAt).toBe((approval.createdAt as number) + 300_000);
      const created = await events.waitFor(approvalEntry("created", approval.id as string));
      expect(created.data.approval).toEqual(approval);
      expect((await client.call("GET", `/api/sessions/${id}`)).body.pendingApprovals).toBe(1);
      expect(existsSync(markerFile)).toBe(false);

      const approvalId = approval.id as string;
      expect(await answer(client, id, approvalId, { behavior: "allow" })).toEqual({
        status: 200,
        body: { id: approvalId, behavior: "allow" },
      });
      const again: JsonReply = await answer(client, id, approvalId, { behavior: "deny" });
      expect(again.status).toBe(409);
      expect(again.body.error).toMatchObject({ name: "approval_settled" });
      expect((await answer(client, id, "apr_unknown", { behavior: "allow" })).status).toBe(404);

      expect(await reply).toMatchObject({ status: 200, body: { text: done } });
      const { text } = await toolResultText(fx, row.api);
      expect(text).toContain(marker);
      expect(existsSync(markerFile)).toBe(true);
      await events.waitFor(approvalEntry("answered", approvalId));
      expect((await client.call("GET", `/api/sessions/${id}/approvals`)).body).toEqual({
        approvals: [],
      });
      await events.close();
    });

    // A deny answered through the hook carries its message to the model; one typed into
    // the CLI's own dialog has no place for it (a dialog gone without an answer:
    // approvals-abandoned.test.ts).
    if (!row.asks.answeredOnScreen) {
      test("C-APR-02: deny with a message: the command never runs and the next request carries the message", async () => {
        const fx = await newFixture(row.fixture);
        const { client } = await serveOver(fx);
        const markerFile = join(fx.workspace, `${token("denied")}.txt`);
        const reason = token("not-on-this-machine");
        const done = token("Denied then done");
        fx.server.turn({
          match: /needs approval/,
          steps: [row.asks.shell(touchAndEcho(markerFile, "ran")), { say: done }],
        });
        const { id, events } = await readySession(client, fx, row);
        const reply = client.call("POST", `/api/sessions/${id}/send`, { text: "needs approval" });
        const approval = await onePending(client, id);
        const approvalId = approval.id as string;
        expect(
          (await answer(client, id, approvalId, { behavior: "deny", message: reason })).status,
        ).toBe(200);
        expect(await reply).toMatchObject({ status: 200, body: { text: done } });
        const { text } = await toolResultText(fx, row.api);
        expect(text).toContain(reason);
        expect(existsSync(markerFile)).toBe(false);
        const answered = await events.waitFor(approvalEntry("answered", approvalId));
        expect(answered.data.answer).toEqual({ behavior: "deny", message: reason });
        await events.close();
      });
    } else {
      test("C-APR-02: deny refuses the CLI's own dialog: the command never runs and the next turn is answered", async () => {
        const fx = await newFixture(row.fixture);
        const { client } = await serveOver(fx);
        const markerFile = join(fx.workspace, `${token("denied")}.txt`);
        const next = token("Next turn answered");
        fx.server.turn({
          match: /needs approval/,
          steps: [row.asks.shell(touchAndEcho(markerFile, "ran")), { say: "never" }],
        });
        fx.server.turn({ match: /after the deny/, steps: [{ say: next }] });
        const { id, events } = await readySession(client, fx, row);
        const reply = client.call("POST", `/api/sessions/${id}/send`, { text: "needs approval" });
        const approval = await onePending(client, id);
        const approvalId = approval.id as string;
        expect(approval.detail).toMatchObject({ kind: "command" });
        expect(
          (await answer(client, id, approvalId, { behavior: "deny", message: "not here" })).status,
        ).toBe(200);
        const answered = await events.waitFor(approvalEntry("answered", approvalId));
        expect(answered.data.answer).toEqual({ behavior: "deny", message: "not here" });
        // Gemini cancels the call ("Request cancelled."), asks the model nothing more and
        // ends the turn without a reply.
        expect(await reply).toMatchObject({ status: 200, body: { text: "" } });
        const withResults = fx.server.requests.filter(
          (request) => request.api === row.api && request.toolResults.length > 0,
        );
        expect(withResults).toEqual([]);
        await events.waitFor(
          (entry) => entry.type === "status" && entry.data.status === "ready",
          60_000,
        );
        expect(
          await client.call("POST", `/api/sessions/${id}/send`, { text: "after the deny" }),
        ).toMatchObject({ status: 200, body: { text: next } });
        expect(existsSync(markerFile)).toBe(false);
        await events.close();
      });
    }

    test("C-APR-04: unanswered, the approval expires: the CLI's own dialog is on screen (blocked) and a late answer is 409", async () => {
      const fx = await newFixture(row.fixture);
      const { client } = await serveOver(fx, { approvalExpiryMs: 3_000 });
      const markerFile = join(fx.workspace, `${token("expired")}.txt`);
      fx.server.turn({
        match: /needs approval/,
        steps: [row.asks.shell(touchAndEcho(markerFile, "ran")), { say: "late" }],
      });
      const { id, events } = await readySession(client, fx, row);
      const reply = client
        .call("POST", `/api/sessions/${id}/send`, { text: "needs approval" })
        .catch(() => undefined);
      const approval = await onePending(client, id);
      const approvalId = approval.id as string;
      expect(approval.expiresAt).toBe((approval.createdAt as number) + 3_000);
      const expired = await events.waitFor(approvalEntry("expired", approvalId), 30_000);
      // Timers may fire a millisecond or two early against the wall clock.
      expect(expired.at).toBeGreaterThanOrEqual((approval.expiresAt as number) - 50);
      await events.waitFor(
        (entry) => entry.type === "status" && entry.data.status === "blocked",
        30_000,
      );
      expect((await client.call("GET", `/api/sessions/${id}`)).body.status).toBe("blocked");
      expect(await screenText(client, id)).toContain(row.asks.dialogShows);
      expect((await client.call("GET", `/api/sessions/${id}/approvals`)).body).toEqual({
        approvals: [],
      });
      const late = await answer(client, id, approvalId, { behavior: "allow" });
      expect(late.status).toBe(409);
      expect(late.body.error).toMatchObject({ name: "approval_settled" });
      expect(existsSync(markerFile)).toBe(false);
      expect((await client.call("DELETE", `/api/sessions/${id}`)).status).toBe(200);
      await reply;
      await events.close();
    });
  });
}
