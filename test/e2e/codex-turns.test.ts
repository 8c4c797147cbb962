// Real Codex turns through Elwood: shell tool activity from the transcript, a PreToolUse
// deny that stops the command and reaches the model, and a message sent the moment
// startCodex resolves is never swallowed (issue 6 "Done when").
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { record, token } from "../support/claude-e2e.js";
import { type CodexFixture, codexRequests, startCodexIn } from "../support/codex-e2e.js";
import { waitFor } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ cli: "codex" });
const COLD_START_ROUNDS = 10;
/**
 * What one cold start + turn + kill may take on a loaded 2-core CI machine. The rounds'
 * total is not what the test checks (each round has its own 90 s wait), so its timeout
 * scales with the rounds instead of sharing the file's 180 s default.
 */
const ROUND_BUDGET_MS = 60_000;

/** Another never-trusted `git init` folder, removed at cleanup. */
async function freshGitWorkspace(fx: CodexFixture): Promise<string> {
  const workspace = await realpath(await mkdtemp(join(tmpdir(), "elwood-e2e-ws-")));
  fx.defer(() => rm(workspace, { recursive: true, force: true }));
  execFileSync("git", ["init", "-q"], { cwd: workspace });
  return workspace;
}

describe("Codex turns against the real CLI", () => {
  test("C-API-30 C-CODEX-16 C-CODEX-19: a shell tool turn yields one transcript tool_call and tool_result with the bare command and its output", async () => {
    const fx = await newFixture();
    const marker = token("codex-marker");
    fx.server.turn({
      match: /run it/,
      steps: [
        { tool: { name: "exec_command", input: { cmd: `echo ${marker}` } } },
        { say: "done running" },
      ],
    });
    const session = await startCodexIn(fx);
    const seen = record(session);
    await session.waitForStatus((status) => status === "ready", 90_000);
    await session.sendMessage("run it");
    await session.waitForActivity(
      (event) => event.kind === "assistant_message" && event.text.includes("done running"),
      60_000,
    );
    await session.waitForStatus((status) => status === "ready", 60_000);

    const calls = seen.activity.filter((event) => event.kind === "tool_call");
    const results = seen.activity.filter((event) => event.kind === "tool_result");
    expect(calls).toHaveLength(1);
    expect(results).toHaveLength(1);
    expect(calls[0]?.source).toBe("transcript");
    expect(results[0]?.source).toBe("transcript");
    expect(calls[0]?.toolInput).toContain(`echo ${marker}`);
    expect(results[0]?.toolOutput).toContain(marker);
    expect(results[0]?.toolUseId).toBeTruthy();
    expect(results[0]?.toolUseId).toBe(calls[0]?.toolUseId);
    const continuation = codexRequests(fx.server).find((request) =>
      request.toolResults.some((result) => result.text.includes(marker)),
    );
    expect(continuation).toBeDefined();
    await session.stop();
  });

  test("C-HOOK-14 C-CODEX-16: a PreToolUse deny stops the shell command and the model receives the reason", async () => {
    const fx = await newFixture();
    const markerFile = join(fx.workspace, `${token("denied")}.txt`);
    fx.server.turn({
      match: /make the file/,
      steps: [
        { tool: { name: "exec_command", input: { cmd: `touch ${markerFile}` } } },
        { say: "tried to make it" },
      ],
    });
    const toolNames: string[] = [];
    const session = await startCodexIn(fx, {
      hooks: {
        PreToolUse: (event) => {
          toolNames.push(event.tool_name);
          return event.tool_name === "Bash"
            ? { permissionDecision: "deny", permissionDecisionReason: "not here" }
            : undefined;
        },
      },
    });
    await session.waitForStatus((status) => status === "ready", 90_000);
    await session.sendMessage("make the file");
    const continuation = await fx.server.waitForRequest(
      (request) => request.api === "openai" && request.toolResults.length > 0,
      60_000,
    );
    await session.waitForActivity(
      (event) => event.kind === "assistant_message" && event.text.includes("tried to make it"),
      60_000,
    );
    expect(toolNames).toContain("Bash");
    expect(continuation.toolResults.map((result) => result.text).join("\n")).toContain("not here");
    expect(existsSync(markerFile)).toBe(false);
    await session.stop();
  });

  test("C-API-19 C-API-28: a message sent the moment startCodex resolves is answered, ten cold starts in a row", {
    timeout: COLD_START_ROUNDS * ROUND_BUDGET_MS,
  }, async () => {
    const fx = await newFixture();
    const answered: string[] = [];
    for (let round = 0; round < COLD_START_ROUNDS; round += 1) {
      const workspace = await freshGitWorkspace(fx);
      const reply = token(`cold-reply-${round}`);
      fx.server.turn({ match: `cold start ${round} `, steps: [{ say: reply }] });
      const session = await startCodexIn(fx, { cwd: workspace });
      const sent = session.sendMessage(`cold start ${round} please answer`);
      const answer = await session.waitForActivity(
        (event) => event.kind === "assistant_message" && event.text.includes(reply),
        90_000,
      );
      await sent;
      answered.push(answer.text ?? "");
      await session.kill();
      expect(session.status).toBe("killed");
    }
    expect(answered).toHaveLength(COLD_START_ROUNDS);
    expect(
      codexRequests(fx.server).filter((request) => request.matchedTurn !== undefined),
    ).toHaveLength(COLD_START_ROUNDS);
  });

  test.each([
    { width: "the default width", initialSize: undefined },
    // Too narrow for the footer's working token: the interrupt banner decides (C-TURN-04).
    { width: "50 columns", initialSize: { cols: 50, rows: 20 } },
  ])(
    "C-API-38: interrupt() during a slow streamed turn at $width returns the session to ready (C-TURN-01 C-TURN-04)",
    async ({ initialSize }) => {
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
      const session = await startCodexIn(fx, initialSize === undefined ? {} : { initialSize });
      await session.waitForStatus((status) => status === "ready", 90_000);
      const seen = record(session);
      await session.sendMessage("take your time");
      await session.waitForStatus((status) => status === "running", 60_000);
      await fx.server.waitForRequest((request) => request.matchedTurn === 0, 60_000);
      expect(session.status).toBe("running");
      await session.interrupt({ timeoutMs: 30_000 });
      expect(session.status).toBe("ready");
      await session.sendMessage("after the interrupt");
      await session.waitForActivity(
        (event) => event.kind === "assistant_message" && event.text.includes("Back to work"),
        60_000,
      );
      await session.waitForStatus((status) => status === "ready", 60_000);
      // Both turns, the interrupted one and the finished one, went running → ready, each
      // step announced as a status activity too.
      const steps = (list: readonly string[]) => list.filter((item, i) => list[i - 1] !== item);
      expect(steps(seen.statuses)).toEqual(["running", "ready", "running", "ready"]);
      const announced = seen.activity.flatMap((event) =>
        event.kind === "status" ? [event.status] : [],
      );
      expect(steps(announced)).toEqual(["running", "ready", "running", "ready"]);
      await session.stop();
    },
  );

  test("C-HOOK-15: a Stop the handler blocks keeps Codex running through the continuation; only the unblocked Stop makes it ready", async () => {
    const fx = await newFixture();
    const again = token("keep-going");
    fx.server.turn({ match: "first pass please", steps: [{ say: "first pass" }] });
    fx.server.turn({ match: again, steps: [{ say: "second pass" }] });
    let stops = 0;
    const session = await startCodexIn(fx, {
      hooks: {
        Stop: () => {
          stops += 1;
          return stops === 1 ? { decision: "block", reason: again } : undefined;
        },
      },
    });
    await session.waitForStatus((status) => status === "ready", 90_000);
    const seen = record(session);
    await session.sendMessage("first pass please");
    await session.waitForActivity(
      (event) => event.kind === "assistant_message" && event.text.includes("second pass"),
      90_000,
    );
    await session.waitForStatus((status) => status === "ready", 60_000);
    expect(stops).toBe(2);
    // One turn as far as readiness goes: no ready between the blocked Stop and the next.
    const steps = seen.statuses.filter((item, i) => seen.statuses[i - 1] !== item);
    expect(steps).toEqual(["running", "ready"]);
    const firstPassAt = seen.activity.findIndex(
      (event) => event.kind === "assistant_message" && event.text.includes("first pass"),
    );
    expect(firstPassAt).toBeGreaterThanOrEqual(0);
    await session.stop();
  });

  test("C-API-20: a reply still unread when the session is killed is emitted before the exit and the terminal status", async () => {
    const fx = await newFixture();
    const answer = token("last-words");
    fx.server.turn({ match: "say your last words", steps: [{ say: answer }] });
    const session = await startCodexIn(fx);
    await session.waitForStatus((status) => status === "ready", 90_000);
    const order: string[] = [];
    session.on("activity", (event) => {
      if (event.kind === "assistant_message" && event.text.includes(answer)) order.push("reply");
      if (event.kind === "lifecycle") order.push("exit activity");
      if (event.kind === "status" && event.status === "killed") order.push("killed activity");
    });
    session.on("terminal:exit", () => order.push("terminal:exit"));
    session.on("status", (event) => {
      if (event.status === "killed") order.push("killed status");
    });
    await session.sendMessage("say your last words");
    // Kill the moment Codex has written the reply to its rollout, before Elwood's next poll.
    const rollouts = join(fx.home.codexHome, "sessions");
    const written = () => {
      try {
        return readdirSync(rollouts, { recursive: true })
          .map(String)
          .filter((file) => file.endsWith(".jsonl"))
          .some((file) => readFileSync(join(rollouts, file), "utf8").includes(answer));
      } catch {
        return false; // no rollout folder yet
      }
    };
    expect(await waitFor(written, { timeoutMs: 60_000, intervalMs: 5 })).toBe(true);
    await session.kill();
    expect(order[0]).toBe("reply");
    expect(order).toEqual(
      expect.arrayContaining([
        "terminal:exit",
        "exit activity",
        "killed status",
        "killed activity",
      ]),
    );
  });
});
