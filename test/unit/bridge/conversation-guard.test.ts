// The bridge's conversation check (prd/bridge.md "Who can post a hook"): once the session
// has announced its conversation id, a hook naming any other conversation is refused
// without a dispatch; the announcing event (SessionStart) may introduce a new id, and a
// forged announcement can add an id but never make the real conversation's hooks foreign.

import { afterEach, describe, expect, it } from "vitest";
import { HookBridgeServer } from "../../../src/bridge/server.js";
import { postHook, recordingSink } from "../../fixtures/bridge-http.js";

const servers: HookBridgeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function guardedServer(announced: { id: string | undefined }) {
  const recording = recordingSink();
  const server = await HookBridgeServer.start({ sink: recording.sink });
  servers.push(server);
  server.expectConversation({ id: () => announced.id, announcedBy: "SessionStart" });
  const post = (event: string, sessionId: unknown) =>
    postHook({
      port: server.port,
      path: `/hooks/${event}`,
      token: server.token,
      body: JSON.stringify({ hook_event_name: event, session_id: sessionId, cwd: "/" }),
    });
  const dispatchedIds = () =>
    recording.dispatched.map((call) => (call.input as { session_id: unknown }).session_id);
  return { server, post, dispatchedIds };
}

describe("bridge conversation check", () => {
  it("C-HOOK-02: refuses a hook for another conversation once the session's is known, without a dispatch", async () => {
    const announced = { id: "conv-a" as string | undefined };
    const { server, post, dispatchedIds } = await guardedServer(announced);
    expect(await post("PreToolUse", "conv-b")).toEqual({ status: 200, body: "" });
    expect(await post("Stop", "conv-b")).toEqual({ status: 200, body: "" });
    await post("PreToolUse", "conv-a");
    expect(dispatchedIds()).toEqual(["conv-a"]);
    expect(server.stats).toMatchObject({ foreignSession: 2, dispatched: 1 });
  });

  it("before any conversation is announced every id is dispatched", async () => {
    const { server, post, dispatchedIds } = await guardedServer({ id: undefined });
    await post("PreToolUse", "anything");
    expect(dispatchedIds()).toEqual(["anything"]);
    expect(server.stats.foreignSession).toBe(0);
  });

  it("SessionStart may announce a new conversation (/clear), and the earlier one stays known", async () => {
    const announced = { id: "conv-a" as string | undefined };
    const { server, post, dispatchedIds } = await guardedServer(announced);
    await post("PreToolUse", "conv-a");
    await post("SessionStart", "conv-new");
    // The runtime records the id it announced at that SessionStart.
    announced.id = "conv-new";
    await post("PreToolUse", "conv-new");
    await post("Stop", "conv-a");
    expect(dispatchedIds()).toEqual(["conv-a", "conv-new", "conv-new", "conv-a"]);
    expect(server.stats.foreignSession).toBe(0);
  });

  it("a non-string session_id is left to the catalogue's validation (dispatched, then rejected there)", async () => {
    const { server, post } = await guardedServer({ id: "conv-a" });
    await post("PreToolUse", 42);
    expect(server.stats).toMatchObject({ foreignSession: 0, dispatched: 1 });
  });
});
