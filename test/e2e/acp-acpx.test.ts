// `elwood acp` through acpx, a headless ACP client nobody on this team wrote (issue 45
// "Done when" 2; pinned devDependency): the SDK-client scenario of acp.test.ts again —
// a prompt with text, a tool call and its result; a permission allowed (--approve-all)
// and one rejected (--deny-all, the command never runs); `acpx cancel` mid-turn and a next
// prompt that answers its own question; every later prompt in a new `elwood acp` process
// (acpx's queue owner ends after its 1 s idle TTL) that session/loads the conversation and
// continues it; nothing left running at the end.
// (acpx declares node >= 22.13; this 0.15.1 runs these flows on the Node 20 we support.)
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, test } from "vitest";
import {
  ACP_TEST_AGENTS as AGENTS,
  type AcpTestAgent as Agent,
  SCENARIO_TIMEOUT_MS,
} from "../support/acp-e2e.js";
import { type ClaudeFixture, token } from "../support/claude-e2e.js";
import { touchAndEcho } from "../support/hooks-e2e.js";
import { survivorsInHome } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";
import { elwoodArgv } from "../support/serve-process.js";

const ACPX = resolve(import.meta.dirname, "..", "..", "node_modules", "acpx", "dist", "cli.js");
const newFixture = useRealCliFixture({ trusted: true });

interface JsonRpcLine {
  readonly id?: unknown;
  readonly method?: string;
  readonly params?: {
    readonly sessionId?: string;
    readonly update?: Record<string, unknown> & { sessionUpdate: string };
  };
  readonly result?: { readonly stopReason?: string };
  readonly error?: { readonly data?: { readonly detailCode?: string } };
}

interface AcpxRun {
  readonly code: number | null;
  readonly lines: JsonRpcLine[];
  readonly stderr: string;
}

/** acpx with `elwood acp` as its agent command, in the fixture's workspace and home. */
function acpxFor(fx: ClaudeFixture, agent: Agent) {
  // acpx splits the command on spaces; none of these paths has one.
  const agentCommand = [
    process.execPath,
    ...elwoodArgv([
      "acp",
      "--agent",
      agent,
      "--state-dir",
      fx.stateDir,
      ...AGENTS[agent].asks.cliFlags,
    ]),
  ].join(" ");
  const args = (extra: readonly string[]) => [
    ACPX,
    "--agent",
    agentCommand,
    "--cwd",
    fx.workspace,
    "--ttl",
    "1",
    "--format",
    "json",
    ...extra,
  ];
  const runOnce = (extra: readonly string[]): Promise<AcpxRun> =>
    new Promise((done) => {
      execFile(
        process.execPath,
        args(extra),
        { env: fx.home.env, timeout: 180_000, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => {
          const code = error === null ? 0 : ((error as { code?: number }).code ?? null);
          done({ code, lines: parse(stdout), stderr });
        },
      );
    });
  const parse = (stdout: string): JsonRpcLine[] =>
    stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as JsonRpcLine);
  return {
    async run(...extra: string[]): Promise<AcpxRun> {
      // acpx's own race: a command that reaches its queue owner just as the owner's idle TTL
      // ends gets acpx's retryable QUEUE_OWNER_CLOSED, nothing sent; acpx says retry.
      for (let attempt = 1; ; attempt += 1) {
        const result = await runOnce(extra);
        const ownerClosed = result.lines.some(
          (line) => line.error?.data?.detailCode === "QUEUE_OWNER_CLOSED",
        );
        if (!ownerClosed || attempt === 3) return result;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
    },
    start(...extra: string[]): { child: ChildProcess; finished: Promise<AcpxRun> } {
      const child = spawn(process.execPath, args(extra), {
        env: fx.home.env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        stdout += chunk.toString("utf8");
      });
      child.stderr?.on("data", (chunk: Buffer) => {
        stderr += chunk.toString("utf8");
      });
      const finished = once(child, "close").then(([code]) => ({
        code: code as number | null,
        lines: parse(stdout),
        stderr,
      }));
      fx.defer(() => {
        if (child.exitCode === null) child.kill("SIGKILL");
      });
      return { child, finished };
    },
  };
}

const updates = (run: AcpxRun) =>
  run.lines.flatMap((line) =>
    line.method === "session/update" && line.params?.update !== undefined
      ? [line.params.update]
      : [],
  );

const agentText = (run: AcpxRun) =>
  updates(run)
    .filter((update) => update.sessionUpdate === "agent_message_chunk")
    .map((update) => (update.content as { text?: string }).text ?? "")
    .join("\n");

const stopReason = (run: AcpxRun) =>
  run.lines.find((line) => line.result?.stopReason !== undefined)?.result?.stopReason;

const methods = (run: AcpxRun) => run.lines.flatMap((line) => (line.method ? [line.method] : []));

for (const agent of ["codex", "claude"] as const) {
  describe(`elwood acp through acpx: ${agent}`, () => {
    test(
      "C-ACP-08: prompt, allow and deny, cancel, load in a new process, nothing left running",
      async () => {
        const fx = await newFixture({ cli: agent });
        const acpx = acpxFor(fx, agent);
        const allowedFile = join(fx.workspace, `${token("allowed")}.txt`);
        const rejectedFile = join(fx.workspace, `${token("rejected")}.txt`);
        const marker = token("allowed-output");
        const doneAllowed = token("Allowed and done");
        const doneRejected = token("Rejected and done");
        const fourth = token("The fourth answer");
        const continued = token("Continued in a new process");
        fx.server.turn({
          match: /first question/,
          steps: [
            { say: token("I will run it") },
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
        fx.server.turn({ match: /fifth question/, steps: [{ say: continued }] });

        expect((await acpx.run("sessions", "new")).code).toBe(0);

        const first = await acpx.run("--approve-all", "prompt", "first question");
        expect(first.code, first.stderr).toBe(0);
        expect(stopReason(first)).toBe("end_turn");
        const kinds = updates(first).map((update) => update.sessionUpdate);
        const callAt = kinds.indexOf("tool_call");
        const resultAt = kinds.indexOf("tool_call_update");
        expect(callAt, kinds.join(",")).toBeGreaterThan(kinds.indexOf("agent_message_chunk"));
        expect(resultAt).toBeGreaterThan(callAt);
        expect(JSON.stringify(updates(first)[resultAt])).toContain(marker);
        expect(methods(first)).toContain("session/request_permission");
        expect(agentText(first)).toContain(doneAllowed);
        expect(existsSync(allowedFile)).toBe(true);

        const second = await acpx.run("--deny-all", "prompt", "second question");
        // acpx may exit 5 (its EXIT_CODES.PERMISSION_DENIED) after denying a request.
        expect([0, 5], `${second.stderr}\n${JSON.stringify(second.lines.slice(-4))}`).toContain(
          second.code,
        );
        expect(stopReason(second)).toBe("end_turn");
        expect(methods(second)).toContain("session/request_permission");
        expect(updates(second).some((update) => update.status === "failed")).toBe(true);
        expect(agentText(second)).toContain(doneRejected);
        expect(existsSync(rejectedFile)).toBe(false);

        const third = acpx.start("--approve-all", "prompt", "third question");
        await fx.server.waitForRequest((request) => request.matchedTurn === 2, 120_000);
        const cancelSent = Date.now();
        expect((await acpx.run("cancel")).code).toBe(0);
        const cancelled = await third.finished;
        expect(stopReason(cancelled), cancelled.stderr).toBe("cancelled");
        // The same bound as acp.test.ts: an ignored cancel answers only after the six Escapes
        // of 5 s each (issue 45), while the scripted answer is still paused.
        expect(Date.now() - cancelSent).toBeLessThan(30_000);

        const fourthRun = await acpx.run("--approve-all", "prompt", "fourth question");
        expect(stopReason(fourthRun), fourthRun.stderr).toBe("end_turn");
        const fourthText = agentText(fourthRun).split(doneRejected).at(-1) ?? "";
        expect(fourthText).toContain(fourth);
        expect(fourthText).not.toContain("never reached");

        // Wait out acpx's idle TTL: its agent process exits, then a new one loads the session.
        expect(await survivorsInHome(fx.home.home, 30_000)).toEqual([]);
        const fifth = await acpx.run("--approve-all", "prompt", "fifth question");
        expect(stopReason(fifth), fifth.stderr).toBe("end_turn");
        // acpx prints no update that arrives during session/load (the replay is checked in
        // acp.test.ts); that the model got the earlier turns shows the conversation went on.
        expect(methods(fifth)).toContain("session/load");
        expect(methods(fifth)).not.toContain("session/new");
        expect(agentText(fifth)).toContain(continued);
        const request = await fx.server.waitForRequest(
          (entry) =>
            entry.api === AGENTS[agent].api &&
            JSON.stringify(entry.body).includes("fifth question"),
          30_000,
        );
        expect(JSON.stringify(request.body)).toContain(fourth);
        expect(await survivorsInHome(fx.home.home, 30_000)).toEqual([]);
      },
      SCENARIO_TIMEOUT_MS,
    );
  });
}
