// Bridge fuzz suite: >= 10,000 generated requests against one live server and the real
// dispatcher. No crash, no dispatch for unauthenticated or oversized input, and every
// request the fuzzer completes is answered, by the handler and never by the server's
// deadline fallback (TARGETS.md, C-HOOK-16). Latency is logged, not asserted: the fuzzer
// shares the server's event loop with 48 connections and 9 MiB bodies, so its clock
// measures this process's load, not the bridge (benchmarks measure speed).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHookDispatcher } from "../../../src/bridge/dispatcher.js";
import { HookBridgeServer } from "../../../src/bridge/server.js";
import {
  type FakeHandlers,
  type FakeHookEvent,
  fakeCatalogue,
} from "../../fixtures/bridge-catalogue.js";
import {
  type FuzzCase,
  type FuzzKind,
  generateCase,
  seededRandom,
  sendCase,
} from "../../fixtures/bridge-fuzz.js";
import { postHook } from "../../fixtures/bridge-http.js";

const REQUESTS = 10_000;
const CONCURRENCY = 48;
/** How long the fuzzer waits for an answer (sendCase adds 5 s) before counting it missing. */
const ANSWER_WAIT_MS = 10_000;
const SEED = 0x5eed;

let server: HookBridgeServer;
let foreign: HookBridgeServer;
const handled: number[] = [];
const parsedEvents: string[] = [];

beforeAll(async () => {
  const dispatcher = createHookDispatcher<FakeHandlers, FakeHookEvent>({
    catalogue: fakeCatalogue,
    hookTimeoutMs: 1000,
    handlers: {
      PreToolUse: (event) => {
        // The generator puts the request index in session_id (`s<index>`).
        handled.push(Number(event.session_id.slice(1)));
        return { decision: "allow" };
      },
    },
    onHook: (event) => parsedEvents.push(event.hook_event_name),
  });
  server = await HookBridgeServer.start({ sink: dispatcher });
  foreign = await HookBridgeServer.start({ sink: dispatcher });
});
afterAll(async () => {
  await Promise.all([server.close(), foreign.close()]);
});

describe("hook bridge fuzz", () => {
  it(`C-HOOK-16: survives ${REQUESTS} generated requests without a stray dispatch`, async () => {
    const random = seededRandom(SEED);
    const reply = JSON.stringify({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" },
    });
    const cases: FuzzCase[] = Array.from({ length: REQUESTS }, (_, index) =>
      generateCase(random, index, { own: server.token, foreign: foreign.token }, () => reply),
    );
    const counts = new Map<FuzzKind, number>();
    const failures: string[] = [];
    let slowestAnswerMs = 0;
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < cases.length) {
        const fuzzCase = cases[next++];
        if (fuzzCase === undefined) return;
        counts.set(fuzzCase.kind, (counts.get(fuzzCase.kind) ?? 0) + 1);
        const result = await sendCase(server.port, fuzzCase, ANSWER_WAIT_MS);
        if (fuzzCase.expectedStatus === undefined) continue;
        slowestAnswerMs = Math.max(slowestAnswerMs, result.answerMs);
        const [statusLine = "", ...rest] = result.response.split("\r\n");
        const body = result.response.slice(result.response.indexOf("\r\n\r\n") + 4);
        if (
          !result.isAnswered ||
          !statusLine.startsWith(`HTTP/1.1 ${fuzzCase.expectedStatus} `) ||
          body !== fuzzCase.expectedBody
        ) {
          failures.push(
            `${fuzzCase.kind}: ${statusLine} ${rest.length} ${body.slice(0, 80)} in ${result.answerMs.toFixed(0)} ms`,
          );
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const elapsedMs = performance.now() - started;

    // Still alive and answering after the storm.
    const after = await postHook({
      port: server.port,
      path: "/hooks/PreToolUse",
      token: server.token,
      body: JSON.stringify({ hook_event_name: "PreToolUse", session_id: "s-2", cwd: "/" }),
    });
    expect(after.body).toBe(reply);

    const expectedDispatches = (counts.get("valid") ?? 0) + (counts.get("slow_valid") ?? 0);
    const expectedServerDispatches = expectedDispatches + (counts.get("wrong_event") ?? 0) + 1;
    const stats = server.stats;
    console.log(
      `bridge fuzz: ${REQUESTS} requests in ${elapsedMs.toFixed(0)} ms (seed ${SEED}), slowest answer ${slowestAnswerMs.toFixed(1)} ms`,
      Object.fromEntries([...counts].sort()),
      stats,
    );
    expect(failures.slice(0, 10)).toEqual([]);
    // Exactly the valid requests reached the handler, each once.
    const validIndices = cases.flatMap((c, index) =>
      c.kind === "valid" || c.kind === "slow_valid" ? [index] : [],
    );
    expect([...handled].sort((a, b) => a - b)).toEqual([-2, ...validIndices]);
    expect(parsedEvents).toHaveLength(expectedDispatches + 1);
    expect(stats.dispatched).toBe(expectedServerDispatches);
    expect(stats.unauthenticated).toBe(
      (counts.get("wrong_token") ?? 0) +
        (counts.get("foreign_token") ?? 0) +
        (counts.get("missing_token") ?? 0),
    );
    expect(stats.oversized).toBe(
      (counts.get("oversized_declared") ?? 0) + (counts.get("oversized_streamed") ?? 0),
    );
    expect(stats.malformed).toBe(counts.get("malformed_json") ?? 0);
    expect(stats.bridgeFailures).toBe(0);
    // Every answer came from the handler: none fell back to the server's deadline.
    expect(stats.deadlineExpired).toBe(0);
    expect(foreign.stats.received).toBe(0);
    expect(counts.get("oversized_streamed") ?? 0).toBeGreaterThan(0);
  });
});
