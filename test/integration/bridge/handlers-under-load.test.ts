// Hook handlers under load (issue 16, TARGETS "throwing, hanging and invalid hook
// handlers"): 1,000 PreToolUse calls over real loopback HTTP, as Claude's http hooks
// make them, through the real dispatcher and Claude catalogue. A tenth of the handlers
// throw, a tenth hang past hookTimeoutMs, a tenth return invalid values. Every call is
// answered, within the deadline, fail-open (empty reply) where the handler failed, with
// exactly one hookError of the right category each, and no timer is left behind.
import { describe, expect, it } from "vitest";
import { createHookDispatcher } from "../../../src/bridge/dispatcher.js";
import type { HookDispatchError } from "../../../src/bridge/outcome.js";
import { HookBridgeServer } from "../../../src/bridge/server.js";
import { claudeHookCatalogue } from "../../../src/claude/hooks/catalogue.js";
import type { ClaudeHookHandlers } from "../../../src/claude/hooks/handlers.js";
import { postHook } from "../../fixtures/bridge-http.js";
import { claudePreToolUse } from "../../unit/claude/hooks/claude-samples.js";

const CALLS = 1_000;
const HOOK_TIMEOUT_MS = 300;
const CONCURRENCY = 100;

type Behaviour = "throw" | "hang" | "invalid" | "allow";

function behaviourOf(index: number): Behaviour {
  if (index % 10 === 0) return "throw";
  if (index % 10 === 1) return "hang";
  if (index % 10 === 2) return "invalid";
  return "allow";
}

const activeTimers = () =>
  process.getActiveResourcesInfo().filter((resource) => resource === "Timeout").length;

describe("hook handlers under load", () => {
  it("C-HOOK-04 C-HOOK-05: 1,000 calls, a tenth each throwing, hanging and invalid: all fail open with the right category, none stalls, no timer leaks", async () => {
    const timersBefore = activeTimers();
    const errors: HookDispatchError[] = [];
    const handlers: ClaudeHookHandlers = {
      PreToolUse: (event) => {
        const index = Number((event.tool_input as { command: string }).command);
        switch (behaviourOf(index)) {
          case "throw":
            throw new Error("handler failed");
          case "hang":
            return new Promise(() => {});
          case "invalid":
            return { permissionDecision: "perhaps" } as never;
          default:
            return { permissionDecision: "allow", permissionDecisionReason: "fine" };
        }
      },
    };
    const dispatcher = createHookDispatcher({
      catalogue: claudeHookCatalogue,
      handlers,
      hookTimeoutMs: HOOK_TIMEOUT_MS,
      onHookError: (error) => errors.push(error),
    });
    const server = await HookBridgeServer.start({ sink: dispatcher });
    const replies: { index: number; body: string; elapsedMs: number }[] = [];
    try {
      let next = 0;
      const worker = async () => {
        while (next < CALLS) {
          const index = next;
          next += 1;
          const started = performance.now();
          const reply = await postHook({
            port: server.port,
            path: "/hooks/PreToolUse",
            body: JSON.stringify(claudePreToolUse("Bash", { command: String(index) })),
            token: server.token,
          });
          expect(reply.status).toBe(200);
          replies.push({ index, body: reply.body, elapsedMs: performance.now() - started });
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      expect(server.stats).toMatchObject({
        received: CALLS,
        dispatched: CALLS,
        deadlineExpired: 0,
      });
    } finally {
      await server.close();
    }
    expect(replies).toHaveLength(CALLS);
    for (const { index, body } of replies) {
      if (behaviourOf(index) === "allow") expect(body).toContain('"permissionDecision":"allow"');
      else expect(body).toBe("");
    }
    // Nobody waited much past the handler deadline (the CLI's own timeout is +5 s).
    const slowest = Math.max(...replies.map((reply) => reply.elapsedMs));
    expect(slowest).toBeLessThan(HOOK_TIMEOUT_MS + 5_000);
    const count = (category: string) =>
      errors.filter((error) => error.category === category).length;
    expect({
      handler_error: count("handler_error"),
      timeout: count("timeout"),
      invalid_response: count("invalid_response"),
      total: errors.length,
    }).toEqual({ handler_error: 100, timeout: 100, invalid_response: 100, total: 300 });
    expect(
      errors
        .filter((error) => error.category === "timeout")
        .every((e) => e.timeoutMs === HOOK_TIMEOUT_MS),
    ).toBe(true);
    // Every deadline timer was cleared (hung handlers' promises are simply dropped).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(activeTimers()).toBeLessThanOrEqual(timersBefore);
  });
});
