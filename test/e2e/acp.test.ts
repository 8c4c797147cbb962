// `elwood acp` through the ACP SDK's own client side, against the real CLIs and the
// scripted model server (issue 45 "Done when" 1): a new session; a prompt whose updates
// carry text, a tool call and its result in order; permission requests answered allow
// (the command runs) and reject (it never runs); cancel mid-turn (`cancelled`, and the
// next prompt answers its own question); a restart and session/load (the history
// replayed, the next prompt continues the same conversation); a second `elwood acp` on
// the same session refused; and no process left once stdin closes.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { SessionUpdate } from "@agentclientprotocol/sdk";
import { describe, expect, test } from "vitest";
import {
  type AcpProcess,
  ACP_TEST_AGENTS as AGENTS,
  type AcpTestAgent as Agent,
  agentText,
  rpcError,
  SCENARIO_TIMEOUT_MS,
  startAcp,
  trace,
  updatesOf,
} from "../support/acp-e2e.js";
import { type ClaudeFixture, token } from "../support/claude-e2e.js";
import { touchAndEcho } from "../support/hooks-e2e.js";
import { survivorsInHome } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ trusted: true });

function acpFor(fx: ClaudeFixture, agent: Agent): AcpProcess {
  const acp = startAcp({
    args: ["--agent", agent, "--state-dir", fx.stateDir, ...AGENTS[agent].asks.cliFlags],
    env: fx.home.env,
  });
  fx.defer(async () => {
    if (acp.child.exitCode === null && acp.child.signalCode === null) {
      acp.child.kill("SIGTERM");
      await acp.exited;
    }
  });
  return acp;
}

async function initialized(acp: AcpProcess): Promise<void> {
  const init = await acp.connection.agent.request("initialize", {
    protocolVersion: 1,
    clientCapabilities: {},
  });
  expect(init.protocolVersion).toBe(1);
  expect(init.agentCapabilities?.loadSession).toBe(true);
}

const toolCalls = (updates: readonly SessionUpdate[]) =>
  updates.filter((update) => update.sessionUpdate === "tool_call");

const resultOf = (updates: readonly SessionUpdate[], toolCallId: string) =>
  updates.find(
    (update) => update.sessionUpdate === "tool_call_update" && update.toolCallId === toolCallId,
  );

for (const agent of Object.keys(AGENTS) as readonly Agent[]) {
  describe(`elwood acp over the SDK client: ${agent}`, () => {
    test(
      "C-ACP-01 C-ACP-02 C-ACP-03 C-ACP-04 C-ACP-05 C-ACP-09: prompt, permissions, cancel, load after restart, a mode change, nothing left running",
      async () => {
        const fx = await newFixture({ cli: agent });
        const allowedFile = join(fx.workspace, `${token("allowed")}.txt`);
        const rejectedFile = join(fx.workspace, `${token("rejected")}.txt`);
        const marker = token("allowed-output");
        const intro = token("I will run the command");
        const doneAllowed = token("Allowed and done");
        const doneRejected = token("Rejected and done");
        const fourth = token("The fourth answer");
        const continued = token("Continued after the restart");
        fx.server.turn({
          match: /first question/,
          steps: [
            { say: intro },
            AGENTS[agent].asks.shell(touchAndEcho(allowedFile, marker)),
            { say: doneAllowed },
          ],
        });
        fx.server.turn({
          match: /second question/,
          steps: [
            AGENTS[agent].asks.shell(touchAndEcho(rejectedFile, "ran")),
            { say: doneRejected },
          ],
        });
        fx.server.turn({
          match: /third question/,
          steps: [
            { slow: { chunkDelayMs: 500 } },
            { say: "This answer streams very slowly so that it can be cancelled midway" },
            { pause: 30_000 },
            { say: "never reached" },
          ],
        });
        fx.server.turn({ match: /fourth question/, steps: [{ say: fourth }] });
        fx.server.turn({ match: /after the restart/, steps: [{ say: continued }] });

        // New session, a prompt with text, a tool call (allowed) and its result in order.
        const first = acpFor(fx, agent);
        await initialized(first);
        const created = await first.connection.agent.request("session/new", {
          cwd: fx.workspace,
          mcpServers: [],
        });
        const sessionId = created.sessionId;
        expect(created.modes?.currentModeId).toBe(agent === "claude" ? "default" : "read-only");
        first.answers.push("allow_once");
        const allowed = await first.connection.agent.request("session/prompt", {
          sessionId,
          prompt: [{ type: "text", text: "first question: run the command" }],
        });
        expect(allowed.stopReason).toBe("end_turn");
        const firstUpdates = updatesOf(first, sessionId);
        const [call] = toolCalls(firstUpdates);
        expect(call, trace(firstUpdates).join("\n")).toBeDefined();
        if (call?.sessionUpdate !== "tool_call") throw new Error("no tool call");
        expect(call.kind).toBe("execute");
        expect(call.title).toContain(allowedFile);
        const result = resultOf(firstUpdates, call.toolCallId);
        expect(result).toMatchObject({ status: "completed" });
        expect(JSON.stringify(result)).toContain(marker);
        const order = trace(firstUpdates);
        const introAt = order.findIndex((line) => line.includes(intro));
        const callAt = order.indexOf(`tool_call:${call.toolCallId}:execute`);
        const resultAt = order.indexOf(`tool_call_update:${call.toolCallId}:completed`);
        const doneAt = order.findIndex((line) => line.includes(doneAllowed));
        expect(
          [introAt, callAt, resultAt, doneAt].every((at) => at >= 0),
          order.join("\n"),
        ).toBe(true);
        expect(introAt < callAt && callAt < resultAt && resultAt < doneAt, order.join("\n")).toBe(
          true,
        );
        expect(first.permissions).toHaveLength(1);
        expect(first.permissions[0]?.toolCall.toolCallId).toBe(call.toolCallId);
        expect(first.permissions[0]?.options.map((option) => option.kind)).toEqual([
          "allow_once",
          "allow_always",
          "reject_once",
        ]);
        expect(existsSync(allowedFile)).toBe(true);

        // A rejected permission: the command never runs, the call ends failed.
        const before = first.updates.length;
        first.answers.push("reject_once");
        const rejected = await first.connection.agent.request("session/prompt", {
          sessionId,
          prompt: [{ type: "text", text: "second question: run it again" }],
        });
        expect(rejected.stopReason).toBe("end_turn");
        const secondUpdates = updatesOf(first, sessionId, before);
        expect(first.permissions).toHaveLength(2);
        const rejectedId = first.permissions[1]?.toolCall.toolCallId ?? "";
        expect(resultOf(secondUpdates, rejectedId), trace(secondUpdates).join("\n")).toMatchObject({
          status: "failed",
        });
        expect(agentText(secondUpdates)).toContain(doneRejected);
        expect(existsSync(rejectedFile)).toBe(false);

        // Cancel mid-turn, then the next prompt answers its own question.
        const cancelling = first.connection.agent.request("session/prompt", {
          sessionId,
          prompt: [{ type: "text", text: "third question: take your time" }],
        });
        await fx.server.waitForRequest((request) => request.matchedTurn === 2, 90_000);
        const cancelSent = Date.now();
        await first.connection.agent.notify("session/cancel", { sessionId });
        expect((await cancelling).stopReason).toBe("cancelled");
        expect(Date.now() - cancelSent).toBeLessThan(30_000);
        const afterCancel = first.updates.length;
        const answered = await first.connection.agent.request("session/prompt", {
          sessionId,
          prompt: [{ type: "text", text: "fourth question" }],
        });
        expect(answered.stopReason).toBe("end_turn");
        const fourthText = agentText(updatesOf(first, sessionId, afterCancel));
        expect(fourthText).toContain(fourth);
        expect(fourthText).not.toContain("never reached");
        expect(fourthText).not.toContain("cancelled midway");

        // Closing stdin closes the session: the process exits, nothing of it is left.
        expect(await first.closeStdin()).toBe(0);
        expect(await survivorsInHome(fx.home.home)).toEqual([]);

        // A new process loads the session: history replayed, the conversation goes on.
        const second = acpFor(fx, agent);
        await initialized(second);
        const loaded = await second.connection.agent.request("session/load", {
          sessionId,
          cwd: fx.workspace,
          mcpServers: [],
        });
        expect(loaded?.modes?.currentModeId).toBeDefined();
        const replayed = updatesOf(second, sessionId);
        const replayTrace = trace(replayed).join("\n");
        expect(
          replayed.some(
            (update) =>
              update.sessionUpdate === "user_message_chunk" &&
              update.content.type === "text" &&
              update.content.text.includes("first question"),
          ),
          replayTrace,
        ).toBe(true);
        expect(agentText(replayed), replayTrace).toContain(doneAllowed);
        expect(agentText(replayed), replayTrace).toContain(fourth);
        // The replay uses the agent's own call ids (live, a call whose permission request came
        // before the transcript showed it keeps the request's id instead).
        const replayedCall = toolCalls(replayed).find((update) =>
          JSON.stringify(update).includes(allowedFile),
        );
        if (replayedCall?.sessionUpdate !== "tool_call") throw new Error(replayTrace);
        expect(replayedCall.kind).toBe("execute");
        const replayedResult = resultOf(replayed, replayedCall.toolCallId);
        expect(replayedResult, replayTrace).toMatchObject({ status: "completed" });
        expect(JSON.stringify(replayedResult)).toContain(marker);

        // A second elwood acp on the same session is refused while this one holds it.
        const third = acpFor(fx, agent);
        await initialized(third);
        const refused = await rpcError(
          third.connection.agent.request("session/load", {
            sessionId,
            cwd: fx.workspace,
            mcpServers: [],
          }),
        );
        expect(refused.data?.name).toBe("session_already_open");
        expect(await third.closeStdin()).toBe(0);

        const afterLoad = second.updates.length;
        const next = await second.connection.agent.request("session/prompt", {
          sessionId,
          prompt: [{ type: "text", text: "after the restart, go on" }],
        });
        expect(next.stopReason).toBe("end_turn");
        expect(agentText(updatesOf(second, sessionId, afterLoad))).toContain(continued);
        const request = await fx.server.waitForRequest(
          (entry) =>
            entry.api === AGENTS[agent].api &&
            JSON.stringify(entry.body).includes("after the restart"),
          30_000,
        );
        // The model saw the earlier turns: the same conversation, continued.
        expect(JSON.stringify(request.body)).toContain(fourth);

        // A mode is a posture: the CLI relaunches on the same conversation and asks no more.
        // (Claude's acceptEdits writes files unasked; bypass mode is refused to root here.)
        const modeId = agent === "claude" ? "acceptEdits" : "full-access";
        const beforeMode = second.updates.length;
        await second.connection.agent.request("session/set_mode", { sessionId, modeId });
        expect(updatesOf(second, sessionId, beforeMode)).toContainEqual({
          sessionUpdate: "current_mode_update",
          currentModeId: modeId,
        });
        const freeFile = join(fx.workspace, `${token("free")}.txt`);
        const doneFree = token("Ran without asking");
        const freeCommand = touchAndEcho(freeFile, "free");
        fx.server.turn({
          match: /sixth question/,
          steps: [
            {
              tool:
                agent === "claude"
                  ? { name: "Write", input: { file_path: freeFile, content: "free\n" } }
                  : { name: "exec_command", input: { cmd: freeCommand } },
            },
            { say: doneFree },
          ],
        });
        const asked = second.permissions.length;
        const afterMode = second.updates.length;
        const free = await second.connection.agent.request("session/prompt", {
          sessionId,
          prompt: [{ type: "text", text: "sixth question" }],
        });
        expect(free.stopReason).toBe("end_turn");
        expect(agentText(updatesOf(second, sessionId, afterMode))).toContain(doneFree);
        expect(second.permissions).toHaveLength(asked);
        expect(existsSync(freeFile)).toBe(true);
        expect(await second.closeStdin()).toBe(0);
        expect(await survivorsInHome(fx.home.home)).toEqual([]);
      },
      SCENARIO_TIMEOUT_MS,
    );
  });
}
