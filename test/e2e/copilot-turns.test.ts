// The fourth agent against the real pinned Copilot CLI, offline against the scripted
// model server (its Anthropic provider, prd/copilot.md): send, stream with a tool allowed
// and one denied by a preToolUse handler, usage per turn, interrupt, and nothing left
// running after close.
import { describe, expect, test } from "vitest";
import { CopilotSession } from "../../src/agents.js";
import { ensureGone, token } from "../support/claude-e2e.js";
import { survivorsInHome } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ cli: "copilot", trusted: true });

describe("CopilotSession against the real Copilot CLI", () => {
  test("C-E2E-COPILOT-01: a lazy send() is answered from the scripted model, with its usage, and close() leaves no process", async () => {
    const fx = await newFixture();
    const reply = token("copilot-says");
    fx.server.turn({
      match: "say hello",
      steps: [
        { usage: { inputTokens: 120, outputTokens: 9, cacheReadTokens: 30, cacheWriteTokens: 5 } },
        { say: reply },
      ],
    });
    const session = new CopilotSession({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
    });
    fx.defer(() => ensureGone(session));
    const answer = await session.send("say hello", { timeoutMs: 120_000 });
    expect(answer).toContain(reply);
    // Copilot records the whole prompt as its input; Elwood's input is the uncached rest.
    expect(session.usage).toEqual({
      inputTokens: 120,
      outputTokens: 9,
      cacheReadTokens: 30,
      cacheWriteTokens: 5,
      reasoningTokens: 0,
    });
    await session.close();
    expect(await survivorsInHome(fx.home.home)).toEqual([]);
  });
});
