// compact() through the real CLIs (issue 12 "Done when" 1): after two turns compact()
// resolves, the compaction hooks were observed, the scripted server answered the
// summarization request, and the next turn's request carries the compacted history.
import { describe, expect, test } from "vitest";
import { ClaudeSession, CodexSession } from "../../src/agents.js";
import type { LoggedRequest } from "../../src/testing/index.js";
import { type ClaudeFixture, token } from "../support/claude-e2e.js";
import { sessionOnFixture, useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture();

interface Agent {
  readonly name: "claude" | "codex";
  fixture(): Promise<ClaudeFixture>;
  create(fx: ClaudeFixture): ClaudeSession | CodexSession;
}

const agents: Agent[] = [
  {
    name: "claude",
    fixture: () => newFixture({ trusted: true }),
    create: (fx) => sessionOnFixture(fx, ClaudeSession),
  },
  {
    name: "codex",
    fixture: () => newFixture({ cli: "codex" }),
    create: (fx) => sessionOnFixture(fx, CodexSession, { autotrust: true }),
  },
];

function bodyText(request: LoggedRequest): string {
  return JSON.stringify(request.body ?? "");
}

describe.each(agents)("$name compact() against the real CLI", (agent) => {
  test("C-API-22: after two turns compact() resolves on the end hook and the next turn carries the summary", async () => {
    const fx = await agent.fixture();
    const firstSecret = token("alpha-detail");
    const summary = token("COMPACT-SUMMARY");
    fx.server.turn({ match: "first question", steps: [{ say: `First answer ${firstSecret}` }] });
    fx.server.turn({ match: "second question", steps: [{ say: "Second answer" }] });
    // Claude asks for the summary as a user turn; Codex as a tool-less side request (so
    // is its title request, hence the specific matcher).
    fx.server.turn({ match: /summary/i, steps: [{ say: summary }] });
    fx.server.turn({
      match: "CONTEXT CHECKPOINT COMPACTION",
      sideRequest: true,
      steps: [{ say: summary }],
    });
    fx.server.turn({ match: "third question", steps: [{ say: "Third answer" }] });
    const session = agent.create(fx);
    const hooks: string[] = [];
    const record = (event: { hook_event_name: string }) => hooks.push(event.hook_event_name);
    if (session instanceof ClaudeSession) session.on("hook", record);
    else session.on("hook", record);

    await session.send(`first question`);
    await session.send("second question");
    await session.compact({ timeoutMs: 60_000 });

    expect(hooks).toContain("PostCompact");
    expect(hooks.indexOf("PreCompact")).toBeLessThan(hooks.indexOf("PostCompact"));
    expect(await session.send("third question")).toContain("Third answer");
    const third = fx.server.requests.find(
      (request) => !request.isAuxiliary && request.userText.includes("third question"),
    );
    expect(third).toBeDefined();
    const text = bodyText(third as LoggedRequest);
    expect(text).toContain(summary);
    expect(text).not.toContain(firstSecret);
    await session.close();
  });
});
