// A Gemini session's life through Elwood against the real CLI (issue 42 "Done when"):
// resume after close() continues the same conversation; stop, kill and teardown leave no
// process of the agent home (Gemini's relaunched second process included); interrupt()
// during a slow streamed turn returns to ready; a fixed loop fires (loop time 10× faster,
// prd/loops.md "Test clock"). A chat deleted from ~/.gemini/tmp and a turn's usage are
// Gemini's rows of lost-conversation.test.ts and token-usage.test.ts (the agent table).
import { describe, expect, test } from "vitest";
import { GeminiSession, resumeGemini, startGemini } from "../../src/agents.js";
import type { ElwoodLoopEvent } from "../../src/core/contract/loops.js";
import { SESSION_TIME } from "../../src/session/define-agent.js";
import { ensureGone, token } from "../support/claude-e2e.js";
import { geminiRequests, startGeminiIn } from "../support/gemini-e2e.js";
import { scaledTime } from "../support/loop-clock.js";
import { processesInHome, survivorsInHome, waitFor } from "../support/process-table.js";
import { sessionOnFixture, useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ cli: "gemini" });

describe("Gemini session lifecycle against the real CLI", () => {
  test("resumeGemini after close() continues the same conversation", async () => {
    const fx = await newFixture();
    const first = token("first-prompt");
    fx.server.turn({ match: first, steps: [{ say: "first answer" }] });
    fx.server.turn({ match: "after the resume", steps: [{ say: "resumed answer" }] });
    const session = await startGeminiIn(fx);
    expect(await session.send(first)).toContain("first answer");
    const { elwoodSessionId } = session;
    await session.close();
    expect(await survivorsInHome(fx.home.home)).toEqual([]);

    const resumed = await resumeGemini({
      elwoodSessionId,
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
    });
    fx.defer(() => ensureGone(resumed));
    expect(resumed.elwoodSessionId).toBe(elwoodSessionId);
    // Only this turn's reply: Gemini's snapshot of the earlier chat is not reported again.
    expect(await resumed.send("after the resume")).toBe("resumed answer");
    const request = geminiRequests(fx.server).find((entry) =>
      entry.userText.includes("after the resume"),
    );
    // The resumed conversation carries the first exchange.
    expect(JSON.stringify(request?.body)).toContain(first);
    expect(JSON.stringify(request?.body)).toContain("first answer");
    await resumed.close();
    expect(await survivorsInHome(fx.home.home)).toEqual([]);
  });

  test("stop, kill and teardown leave no Gemini process", async () => {
    const fx = await newFixture();
    fx.server.turn({ match: "say hi", repeat: true, steps: [{ say: "hi" }] });
    for (const end of ["stop", "kill", "teardown"] as const) {
      const session = sessionOnFixture(fx, GeminiSession);
      expect(await session.send("say hi")).toContain("hi");
      expect(processesInHome(fx.home.home).length).toBeGreaterThan(0);
      await session[end]();
      expect(await survivorsInHome(fx.home.home)).toEqual([]);
    }
  });

  test("interrupt() during a slow streamed turn returns the session to ready; the next turn works", async () => {
    const fx = await newFixture();
    fx.server.turn({
      match: "take your time",
      steps: [
        { slow: { chunkDelayMs: 500 } },
        { say: "This answer streams very slowly so that it can be interrupted midway" },
        { pause: 30_000 },
        { say: "never reached" },
      ],
    });
    fx.server.turn({ match: "after the interrupt", steps: [{ say: "Back to work" }] });
    const session = await startGeminiIn(fx);
    await session.waitForStatus((status) => status === "ready", 90_000);
    await session.sendMessage("take your time");
    await session.waitForStatus((status) => status === "running", 60_000);
    await fx.server.waitForRequest((request) => request.matchedTurn === 0, 60_000);
    await session.interrupt({ timeoutMs: 30_000 });
    expect(session.status).toBe("ready");
    expect(await session.send("after the interrupt")).toContain("Back to work");
    await session.close();
  });

  test("a fixed loop fires: its message reaches the model and Gemini answers it", async () => {
    const fx = await newFixture();
    const word = token("loop-word");
    fx.server.turn({ match: word, repeat: true, steps: [{ say: "loop answered" }] });
    const options = {
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
      [SESSION_TIME]: scaledTime(10),
    };
    const session = await startGemini(options);
    fx.defer(() => ensureGone(session));
    // The session's clock runs 10× faster: this is 90 s of real time.
    await session.waitForStatus((status) => status === "ready", 900_000);
    const events: ElwoodLoopEvent[] = [];
    session.on("loop", (event) => events.push(event));
    const loop = await session.createLoop({ mode: "fixed", intervalMs: 60_000, message: word });
    const fired = () => events.some((event) => event.kind === "fired" && event.loopId === loop.id);
    expect(await waitFor(fired, { timeoutMs: 60_000 })).toBe(true);
    await session.waitForActivity(
      (event) => event.kind === "assistant_message" && event.text.includes("loop answered"),
      600_000,
    );
    expect(geminiRequests(fx.server).some((request) => request.userText.includes(word))).toBe(true);
    await session.cancelLoop(loop.id);
    await session.close();
  });
});
