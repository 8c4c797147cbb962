// `elwood serve`'s session cap against the real CLIs (issue 21 "Done when" 3,
// prd/serve.md "Limits"): with one real session live on a server capped at one, another
// start, of any agent, is session_limit_reached (429) and starts nothing — no process, no
// session state — and stopping the first frees the place. The live session is each agent
// of the one table in turn (support/agent-table.ts).
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "vitest";
import { ELWOOD_ERROR_NAMES } from "../../src/error-names.js";
import { AGENT_ROWS } from "../support/agent-table.js";
import { listProcesses, processesInHome, waitFor } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";
import { serveOver } from "../support/serve-e2e.js";

const newFixture = useRealCliFixture();

// A start spawns its agent as a direct child of this process (the PTY fork); the live
// session's own tools and hooks are grandchildren and may come and go meanwhile.
function directChildren(): Set<number> {
  return new Set(
    listProcesses()
      .filter((entry) => entry.ppid === process.pid && entry.state !== "Z")
      .map((entry) => entry.pid),
  );
}

async function sessionDirs(stateDir: string): Promise<string[]> {
  return (await readdir(join(stateDir, "sessions")).catch(() => [])).sort();
}

test.each(AGENT_ROWS)(
  "past maxSessions, with a $agent session live, a start is session_limit_reached (429) and spawns nothing; DELETE frees the place",
  async (row) => {
    const fx = await newFixture(row.fixture);
    const { client } = await serveOver(fx, { maxSessions: 1 });
    const childrenAtStart = directChildren();
    const started = await client.call("POST", "/api/sessions", {
      agent: row.agent,
      cwd: fx.workspace,
    });
    expect(started.status).toBe(201);
    const id = started.body.id as string;
    const processesBefore = new Set(processesInHome(fx.home.home));
    const childrenBefore = directChildren();
    // The check below can see a start: the first one added a direct child.
    expect([...childrenBefore].filter((pid) => !childrenAtStart.has(pid)).length).toBeGreaterThan(
      0,
    );
    const dirsBefore = await sessionDirs(fx.stateDir);
    expect(dirsBefore).toEqual([id]);

    for (const { agent } of AGENT_ROWS) {
      const refused = await client.call("POST", "/api/sessions", { agent, cwd: fx.workspace });
      expect(refused.status, agent).toBe(429);
      const error = refused.body.error as { name: string; message: string; details: unknown };
      expect(error.name).toBe("session_limit_reached");
      expect(ELWOOD_ERROR_NAMES).toContain(error.name);
      expect(error.details).toEqual({ limit: 1 });
    }
    // Nothing was started: give a spawn time to show, then no new process and no new state.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const spawned = [...directChildren()].filter((pid) => !childrenBefore.has(pid));
    expect(spawned).toEqual([]);
    expect(await sessionDirs(fx.stateDir)).toEqual(dirsBefore);
    expect((await client.call("GET", "/api/sessions")).body.sessions).toMatchObject([{ id }]);

    // Stopping the session frees its place: the next start is past the cap check.
    expect((await client.call("DELETE", `/api/sessions/${id}`)).status).toBe(200);
    const bad = await client.call("POST", "/api/sessions", {
      agent: row.agent,
      cwd: join(fx.workspace, "missing"),
    });
    expect((bad.body.error as { name: string }).name).not.toBe("session_limit_reached");
    const leaked = () => processesInHome(fx.home.home).filter((pid) => !processesBefore.has(pid));
    expect(await waitFor(() => leaked().length === 0, { timeoutMs: 10_000 })).toBe(true);
  },
);
