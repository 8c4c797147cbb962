// A restarted `elwood serve` on the same state directory (issue 24 "Done when" 3): it
// lists the earlier session (agent, cwd, last use) and resuming it through the API gives
// a working session that remembers the conversation.
import { describe, expect, test } from "vitest";
import { token } from "../support/claude-e2e.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";
import { serveOver } from "../support/serve-e2e.js";

const newFixture = useRealCliFixture({ trusted: true });

describe("elwood serve restart", () => {
  test("C-APR-08 C-APP-02: a restarted server lists the earlier session and resumes it with its conversation", async () => {
    const fx = await newFixture();
    const remembered = token("remember-me");
    const firstAnswer = token("Noted");
    const secondAnswer = token("Still here");
    fx.server.turn({ match: /first run/, steps: [{ say: firstAnswer }] });
    fx.server.turn({ match: /after restart/, steps: [{ say: secondAnswer }] });

    const first = await serveOver(fx);
    const started = await first.client.call("POST", "/api/sessions", {
      agent: "claude",
      cwd: fx.workspace,
    });
    expect(started.status).toBe(201);
    const id = started.body.id as string;
    const told = await first.client.call("POST", `/api/sessions/${id}/send`, {
      text: `first run: the word is ${remembered}`,
    });
    expect(told).toMatchObject({ status: 200, body: { text: firstAnswer } });
    const listedLive = await first.client.call("GET", "/api/sessions/stored");
    expect(listedLive.body.sessions).toMatchObject([{ id, live: true }]);
    await first.server.close();

    const second = await serveOver(fx);
    expect((await second.client.call("GET", "/api/sessions")).body).toEqual({ sessions: [] });
    const stored = await second.client.call("GET", "/api/sessions/stored");
    expect(stored.status).toBe(200);
    const sessions = stored.body.sessions as Record<string, unknown>[];
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      id,
      agent: "claude",
      cwd: fx.workspace,
      resumable: true,
      live: false,
    });
    expect(Date.parse(sessions[0]?.lastUsedAt as string)).toBeGreaterThan(Date.now() - 600_000);

    const resumed = await second.client.call("POST", "/api/sessions", {
      agent: "claude",
      cwd: fx.workspace,
      resume: id,
    });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(201);
    expect(resumed.body).toMatchObject({ id, resumed: true });
    const asked = await second.client.call("POST", `/api/sessions/${id}/send`, {
      text: "after restart: what was the word?",
    });
    expect(asked).toMatchObject({ status: 200, body: { text: secondAnswer } });
    // The model's request after the restart carries the earlier conversation.
    const request = fx.server.requests.find((entry) =>
      JSON.stringify(entry.body).includes("after restart"),
    );
    expect(JSON.stringify(request?.body)).toContain(remembered);
    expect(JSON.stringify(request?.body)).toContain(firstAnswer);
    expect((await second.client.call("GET", "/api/sessions/stored")).body.sessions).toMatchObject([
      { id, live: true },
    ]);
  });
});
