// A CLI exiting by itself mid-turn fails the turn with one message, whether the status
// change or a pending submission's rejection reaches the TurnRun first (C-API-48/49: the
// CI run that caught the race saw the submission's wording for Codex).
import { describe, expect, test } from "vitest";
import type { ElwoodSessionStatus } from "../../../src/core/contract/status.js";
import { TurnRun } from "../../../src/core/turn/turn-run.js";
import { ElwoodError } from "../../../src/errors.js";

async function failureOf(run: TurnRun): Promise<unknown> {
  try {
    for await (const _ of run.events()) {
      // No content in these turns.
    }
  } catch (error) {
    return error;
  }
  return undefined;
}

function runWithStatus(): { run: TurnRun; setStatus: (status: ElwoodSessionStatus) => void } {
  let status: ElwoodSessionStatus = "running";
  const run = new TurnRun({ status: () => status });
  return {
    run,
    setStatus: (next) => {
      status = next;
    },
  };
}

describe("TurnRun: the CLI exits by itself mid-turn", () => {
  test("C-API-48 C-API-49: the status arriving first fails the turn 'exited by itself'", async () => {
    const { run, setStatus } = runWithStatus();
    run.onAccepted();
    setStatus("exited");
    run.onStatus("exited");
    const error = await failureOf(run);
    expect(error).toBeInstanceOf(ElwoodError);
    expect(error).toMatchObject({ name: "session_not_running", details: { status: "exited" } });
    expect((error as Error).message).toMatch(/exited by itself/);
  });

  test("C-API-48 C-API-49: a submission rejected for the exit first reads the same, exit code kept", async () => {
    const { run, setStatus } = runWithStatus();
    run.onFailed(
      new ElwoodError(
        "session_not_running",
        'The Codex session is no longer running (status "exited")',
        {
          details: { status: "exited", exitCode: 0 },
        },
      ),
    );
    setStatus("exited");
    run.onStatus("exited");
    const error = await failureOf(run);
    expect(error).toMatchObject({
      name: "session_not_running",
      details: { status: "exited", exitCode: 0 },
    });
    expect((error as Error).message).toMatch(/exited by itself/);
  });

  test("a session the caller stopped keeps its own not-running error", async () => {
    const { run } = runWithStatus();
    const stopped = new ElwoodError("session_not_running", "stopped", {
      details: { status: "stopped" },
    });
    run.onFailed(stopped);
    expect(await failureOf(run)).toBe(stopped);
  });
});
