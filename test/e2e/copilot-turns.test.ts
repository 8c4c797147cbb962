// The fourth agent against the real pinned Copilot CLI, offline against the scripted
// model server (its Anthropic provider, prd/copilot.md): send, stream with a tool allowed
// and one denied by a preToolUse handler, usage per turn, interrupt, and nothing left
// running after close.
import { spawn } from "node:child_process";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { CopilotSession, resumeCopilot } from "../../src/agents.js";
import type { ElwoodStreamEvent } from "../../src/index.js";
import { ensureGone, token } from "../support/claude-e2e.js";
import { survivorsInHome } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ cli: "copilot", trusted: true });

describe("CopilotSession against the real Copilot CLI", () => {
  test("C-COPILOT-01: a lazy send() is answered from the scripted model, with its usage, and close() leaves no process", async () => {
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

describe("CopilotSession tools, interrupt and resume", () => {
  test("C-COPILOT-02: stream() shows a tool a preToolUse handler allowed and one it denied; the denied command never runs and the model sees why", async () => {
    const fx = await newFixture();
    const reply = token("tools-done");
    fx.server.turn({
      match: "use two tools",
      steps: [
        {
          tool: {
            name: "bash",
            input: { command: "echo kept > allowed.txt", description: "allowed write" },
          },
        },
        {
          tool: {
            name: "bash",
            input: { command: "echo no > forbidden.txt", description: "forbidden write" },
          },
        },
        { say: reply },
      ],
    });
    const reason = "forbidden files stay unwritten";
    const session = new CopilotSession({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
      hooks: {
        preToolUse: {
          bash: (event) =>
            event.tool_input.command.includes("forbidden")
              ? { permissionDecision: "deny", permissionDecisionReason: reason }
              : { permissionDecision: "allow" },
        },
      },
    });
    fx.defer(() => ensureGone(session));
    const events: ElwoodStreamEvent[] = [];
    for await (const event of session.stream("use two tools", { timeoutMs: 120_000 })) {
      events.push(event);
    }
    const calls = events.filter((event) => event.type === "tool_call");
    expect(calls.map((call) => call.name)).toEqual(["bash", "bash"]);
    // Both calls come in one reply and run side by side: results pair by call id.
    const forbidden = calls.find((call) => call.input.includes("forbidden"));
    const results = events.filter((event) => event.type === "tool_result");
    expect(results).toHaveLength(2);
    const deniedResult = results.find((result) => result.toolCallId === forbidden?.toolCallId);
    expect(deniedResult?.output).toContain(reason);
    expect(events.at(-1)).toEqual({ type: "text", text: reply });
    expect(await readFile(join(fx.workspace, "allowed.txt"), "utf8")).toBe("kept\n");
    await expect(stat(join(fx.workspace, "forbidden.txt"))).rejects.toThrow();
    const denied = fx.server.requests.flatMap((request) => request.toolResults);
    expect(
      denied.some((result) => result.text.includes(`Denied by preToolUse hook: ${reason}`)),
    ).toBe(true);
    await session.close();
  });

  test("C-COPILOT-03: interrupt() stops a running turn (Ctrl+C) and the session takes the next prompt", async () => {
    const fx = await newFixture();
    const after = token("after-interrupt");
    fx.server.turn({ match: "take your time", steps: [{ pause: 60_000 }, { say: "too late" }] });
    fx.server.turn({ match: "and now", steps: [{ say: after }] });
    const session = new CopilotSession({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
    });
    fx.defer(() => ensureGone(session));
    const slow = session
      .send("take your time", { timeoutMs: 120_000 })
      .catch((error: unknown) => error);
    await session.waitForStatus((status) => status === "running", 90_000);
    await fx.server.waitForRequest(
      (request) => request.userText.includes("take your time"),
      60_000,
    );
    await session.interrupt();
    expect(session.status).toBe("ready");
    await slow;
    expect(await session.send("and now", { timeoutMs: 120_000 })).toContain(after);
    await session.close();
  });

  // Copilot takes a zombie for a live owner of its in-use lock, and some container inits
  // reap a SIGKILLed CLI seconds late: a resume must not open on "Session in use".
  test.each([
    { name: "C-COPILOT-04: a closed session resumes its conversation by id", zombieLock: false },
    {
      name: "C-COPILOT-05: a conversation whose in-use lock names a zombie resumes to the composer",
      zombieLock: true,
    },
  ])("$name", async ({ zombieLock }) => {
    const fx = await newFixture();
    const first = token("remember-me");
    fx.server.turn({ match: "first prompt", steps: [{ say: first }] });
    const session = new CopilotSession({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
    });
    fx.defer(() => ensureGone(session));
    expect(await session.send("first prompt", { timeoutMs: 120_000 })).toContain(first);
    await session.close();
    expect(await survivorsInHome(fx.home.home)).toEqual([]);
    if (zombieLock) {
      const states = join(fx.home.home, ".copilot", "session-state");
      const [conversation] = (await readdir(states)).filter((name) => !name.startsWith("."));
      const zombie = await startZombie();
      fx.defer(() => zombie.end());
      const lockDir = join(states, conversation ?? "");
      await writeFile(join(lockDir, `inuse.${zombie.pid}.lock`), String(zombie.pid));
      await writeFile(join(lockDir, `inuse.${zombie.pid}.hold`), "");
    }

    const second = token("resumed");
    fx.server.turn({ match: "second prompt", steps: [{ say: second }] });
    const resumed = await resumeCopilot({
      elwoodSessionId: session.elwoodSessionId,
      env: fx.home.env,
      stateDir: fx.stateDir,
      cwd: fx.workspace,
    });
    fx.defer(() => ensureGone(resumed));
    expect(await resumed.send("second prompt", { timeoutMs: 120_000 })).toContain(second);
    expect(resumed.terminal.snapshot().text).not.toContain("Session in use");
    // The resumed request carries the first exchange: the same conversation.
    const request = await fx.server.waitForRequest((r) => r.userText.includes("second prompt"));
    expect(JSON.stringify(request.body)).toContain(first);
    await resumed.close();
  });
});

/** A zombie pid: `sh` starts a short sleep, then execs a long one that never reaps it. */
async function startZombie(): Promise<{ pid: number; end: () => void }> {
  const parent = spawn("sh", ["-c", "sleep 0.05 & echo $!; exec sleep 120"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  const pid = await new Promise<number>((resolve) =>
    parent.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  // Still "alive" to kill(pid, 0): the state Copilot misreads.
  process.kill(pid, 0);
  return { pid, end: () => parent.kill("SIGKILL") };
}
