// Real Gemini CLI turns through Elwood, offline against the scripted model server's Google
// dialect (issue 42 "Done when"): a lazy GeminiSession answers send(); a streamed turn runs
// one shell call a BeforeTool handler allows and is stopped by the deny on another (the
// model receives the reason, the command never runs); tool activity comes from the chat
// file; and close leaves no process in the agent home.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { GeminiSession } from "../../src/agents.js";
import type { ElwoodStreamEvent } from "../../src/index.js";
import { record, rejection, token } from "../support/claude-e2e.js";
import { geminiRequests, startGeminiIn } from "../support/gemini-e2e.js";
import { survivorsInHome } from "../support/process-table.js";
import { sessionOnFixture, useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ cli: "gemini" });

/**
 * close() SIGKILLs the session's process group and returns; a member still being reaped on
 * a loaded machine can show in /proc a moment longer (a fresh-clone CI at load 4 saw one
 * right after close). Nothing may be left after the 2 s every other survivor check allows;
 * a survivor is named with its command line.
 */
const CLOSE_REAP_MS = 2_000;

describe("Gemini turns against the real CLI", () => {
  test("send() on a lazy GeminiSession answers with the scripted reply; close leaves no process", async () => {
    const fx = await newFixture();
    const reply = token("gemini-says");
    fx.server.turn({ match: "hello gemini", steps: [{ think: "pondering" }, { say: reply }] });
    const session = sessionOnFixture(fx, GeminiSession);
    const seen = record(session);
    const answer = await session.send("hello gemini");
    expect(answer).toContain(reply);
    const messages = seen.activity.filter((event) => event.kind === "assistant_message");
    expect(messages).toHaveLength(1);
    expect(messages[0]?.source).toBe("transcript");
    expect(seen.activity.some((event) => event.kind === "reasoning")).toBe(true);
    expect(geminiRequests(fx.server).filter((request) => request.matchedTurn === 0)).toHaveLength(
      1,
    );
    await session.close();
    expect(await survivorsInHome(fx.home.home, CLOSE_REAP_MS)).toEqual([]);
  });

  test("a caller whose environment says CI=true and GITHUB_ACTIONS=true (a CI job) still gets the TUI: Gemini answers instead of going headless and exiting", async () => {
    const fx = await newFixture();
    const reply = token("ci-job");
    fx.server.turn({ match: "from a ci job", steps: [{ say: reply }] });
    const session = await startGeminiIn(fx, {
      env: { ...fx.home.env, CI: "true", GITHUB_ACTIONS: "true", VITEST: "true" },
    });
    expect(await session.send("from a ci job")).toContain(reply);
    expect(session.status).toBe("ready");
    await session.close();
    expect(await survivorsInHome(fx.home.home, CLOSE_REAP_MS)).toEqual([]);
  });

  test("stream(): a BeforeTool handler allows one shell call and denies another; the model sees the reason and the denied command never runs", async () => {
    const fx = await newFixture();
    const allowed = token("allowed");
    const deniedFile = join(fx.workspace, `${token("denied")}.txt`);
    fx.server.turn({
      match: /two commands/,
      steps: [
        {
          tool: {
            name: "run_shell_command",
            input: { command: `echo ${allowed}`, description: "say" },
          },
        },
        {
          tool: {
            name: "run_shell_command",
            input: { command: `touch ${deniedFile}`, description: "make" },
          },
        },
        { say: "both tried" },
      ],
    });
    const reasons: string[] = [];
    const session = await startGeminiIn(fx, {
      hooks: {
        BeforeTool: {
          run_shell_command(event) {
            if (event.tool_input.command.startsWith("touch")) {
              reasons.push(event.tool_input.command);
              return { decision: "deny", reason: "no files today" };
            }
            return { decision: "allow" };
          },
        },
      },
    });
    const events: ElwoodStreamEvent[] = [];
    for await (const event of session.stream("run two commands")) events.push(event);
    const text = events.flatMap((event) => (event.type === "text" ? [event.text] : [])).join("");
    expect(text).toContain("both tried");
    expect(reasons).toHaveLength(1);
    expect(existsSync(deniedFile)).toBe(false);
    const results = geminiRequests(fx.server).flatMap((request) => request.toolResults);
    expect(results.some((result) => result.text.includes(allowed))).toBe(true);
    expect(
      results.some((result) => result.text.includes("Tool execution blocked: no files today")),
    ).toBe(true);
    await session.close();
    expect(await survivorsInHome(fx.home.home, CLOSE_REAP_MS)).toEqual([]);
  });

  test("a BeforeAgent block refuses a prompt before the model sees it; an AfterAgent block sends Gemini back to work with the reason", async () => {
    const fx = await newFixture();
    const refused = token("refused");
    fx.server.turn({ match: refused, steps: [{ say: "never asked" }] });
    fx.server.turn({ match: "first pass please", steps: [{ say: "first pass" }] });
    fx.server.turn({ match: "say it again", steps: [{ say: "second pass" }] });
    const afterAgent: boolean[] = [];
    const session = await startGeminiIn(fx, {
      hooks: {
        BeforeAgent: (event) =>
          event.prompt.includes(refused)
            ? { decision: "block", reason: "prompt refused by policy" }
            : undefined,
        AfterAgent: (event) => {
          afterAgent.push(event.stop_hook_active === true);
          return event.stop_hook_active === true
            ? undefined
            : { decision: "block", reason: "say it again please" };
        },
      },
    });
    const error = await rejection(session.send(refused));
    expect(error.name).toBe("wait_timeout");
    expect(geminiRequests(fx.server).some((request) => request.userText.includes(refused))).toBe(
      false,
    );
    expect(await session.send("first pass please")).toContain("second pass");
    expect(afterAgent).toEqual([false, true]);
    expect(geminiRequests(fx.server).some((r) => r.userText === "say it again please")).toBe(true);
    await session.close();
  });
});
