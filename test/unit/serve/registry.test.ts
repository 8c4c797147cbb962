// The per-server session cap (issue 21 "Done when" 3, prd/serve.md "Limits"): sessions
// still starting count, one over the cap is session_limit_reached and starts nothing,
// and a start that fails frees its place.
import { describe, expect, test } from "vitest";
import { SessionRegistry } from "../../../src/serve/registry.js";
import type { ServedSession, SessionRequest } from "../../../src/serve/served-session.js";

const request: SessionRequest = {
  agent: "claude",
  cwd: "/tmp",
  autotrust: false,
  resume: undefined,
};

/** A registry whose starts never spawn: each stays pending until the test settles it. */
function countingRegistry(maxSessions: number) {
  const starts: { reject: (error: Error) => void }[] = [];
  const registry = new SessionRegistry({
    defaults: { stateDir: undefined, env: undefined },
    maxSessions,
    open: () =>
      new Promise<ServedSession>((_resolve, reject) => {
        starts.push({ reject });
      }),
  });
  return { registry, starts };
}

describe("SessionRegistry: the session cap", () => {
  test("sessions still starting count; one over the cap is session_limit_reached and nothing starts", async () => {
    const { registry, starts } = countingRegistry(2);
    const first = registry.open(request);
    const second = registry.open(request);
    expect(starts).toHaveLength(2);
    await expect(registry.open(request)).rejects.toMatchObject({
      name: "session_limit_reached",
      details: { limit: 2 },
      message: expect.stringContaining("DELETE /api/sessions/:id"),
    });
    expect(starts).toHaveLength(2);

    // A failed start frees its place.
    starts[0]?.reject(new Error("start failed"));
    await expect(first).rejects.toThrow("start failed");
    const third = registry.open(request);
    expect(starts).toHaveLength(3);
    await expect(registry.open(request)).rejects.toMatchObject({ name: "session_limit_reached" });
    expect(starts).toHaveLength(3);

    for (const start of starts.slice(1)) start.reject(new Error("stopped"));
    await Promise.allSettled([second, third]);
  });
});
