// Claude's default permission mode, auto, through the kit (issue 27): the scripted server
// answers the CLI's server-side safety check as Anthropic's API does, so a tool call
// that Claude's local pre-screen does not clear runs in a test exactly as it would for
// a user; a scripted denial reaches the model as the classifier's refusal, and an
// unanswered check blocks the session as it does behind a gateway that drops it.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { startClaude } from "../../src/agents.js";
import type { AutoModeVerdict } from "../../src/testing/index.js";
import {
  type ClaudeFixture,
  ensureGone,
  mainRequests,
  record,
  token,
} from "../support/claude-e2e.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ trusted: true });

// `node -e` is not on the pre-screen's list, so Claude asks the API before running it.
const writeProbe = (file: string) =>
  `node -e "require('fs').writeFileSync('${file}', String(6 * 7)); console.log('probe-ran')"`;

/** Starts Claude with no permission option (its own default) and sends one tool turn. */
async function toolTurn(fx: ClaudeFixture, verdict: AutoModeVerdict | undefined) {
  const file = `${token("auto-probe")}.txt`;
  const prompt = token("run-the-probe");
  fx.server.turn({
    match: prompt,
    steps: [
      {
        tool: {
          name: "Bash",
          input: { command: writeProbe(file) },
          ...(verdict === undefined ? {} : { autoModeCheck: verdict }),
        },
      },
      { say: "PROBE-TURN-DONE" },
    ],
  });
  const session = await startClaude({ cwd: fx.workspace, env: fx.home.env, stateDir: fx.stateDir });
  fx.defer(() => ensureGone(session));
  const seen = record(session);
  await session.waitForStatus((status) => status === "ready", 90_000);
  await session.sendMessage(prompt);
  return { session, seen, prompt, probe: join(fx.workspace, file) };
}

describe("Claude in auto mode, offline", () => {
  test("a Bash call the pre-screen does not clear runs under the default mode and the turn completes", async () => {
    const fx = await newFixture();
    const { session, seen, prompt, probe } = await toolTurn(fx, undefined);
    const reply = await session.waitForActivity(
      (event) => event.kind === "assistant_message" && event.text === "PROBE-TURN-DONE",
      120_000,
    );
    expect(reply.kind).toBe("assistant_message");
    expect(readFileSync(probe, "utf8")).toBe("42");
    const asked = mainRequests(fx.server).find((r) => r.userText.includes(prompt));
    // The mode was Claude's own default, auto: the request asked for the safety check.
    expect((asked?.body as { safeguards?: unknown } | undefined)?.safeguards).toEqual([
      expect.objectContaining({
        type: "dangerous_tool_use",
        classifier_context: expect.objectContaining({ permission_mode: "auto" }),
      }),
    ]);
    const result = mainRequests(fx.server).flatMap((r) => r.toolResults)[0];
    expect(result).toMatchObject({ isError: false, text: "probe-ran" });
    expect(seen.statuses).not.toContain("blocked");
  });

  test("a scripted denial refuses the call; the model is told the reason and the turn goes on", async () => {
    const fx = await newFixture();
    const reason = token("denied-for-the-test");
    const { session, seen, probe } = await toolTurn(fx, { deny: reason });
    await session.waitForActivity(
      (event) => event.kind === "assistant_message" && event.text === "PROBE-TURN-DONE",
      120_000,
    );
    const result = mainRequests(fx.server).flatMap((r) => r.toolResults)[0];
    expect(result?.text).toContain("denied by the Claude Code auto mode classifier");
    expect(result?.text).toContain(reason);
    expect(existsSync(probe)).toBe(false);
    expect(seen.statuses).not.toContain("blocked");
  });

  test("an unanswered check stops Claude at its gateway dialog: blocked, and the command never runs", async () => {
    const fx = await newFixture();
    const { session, seen, probe } = await toolTurn(fx, "unanswered");
    await session.waitForStatus((status) => status === "blocked", 120_000);
    const attention = seen.activity.find((event) => event.kind === "attention");
    expect(attention?.label).toContain("claude-auto-mode-unavailable");
    expect(attention?.text).toContain("Auto mode can't check actions in this session");
    expect(existsSync(probe)).toBe(false);
  });
});
