// Images through the real CLIs (issue 12 "Done when" 3), for every agent of the one table
// (support/agent-table.ts, `images`): send() with a file path and with bytes attaches both,
// in order, and the scripted model server receives image blocks whose base64 equals the
// files; a 26 MiB image is refused with invalid_image before anything is spawned or typed.
import { readFile, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ElwoodError } from "../../src/errors.js";
import type { LoggedRequest } from "../../src/testing/index.js";
import { AGENT_ROWS, type AgentRow } from "../support/agent-table.js";
import { type ClaudeFixture, ensureGone, token } from "../support/claude-e2e.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture();

// Two different, valid 1×1 PNGs (small enough that no CLI re-encodes them).
const RED_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const CLEAR_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/** Requests that started a user turn: not side requests, not tool-result continuations. */
function userTurns(fx: ClaudeFixture): LoggedRequest[] {
  return fx.server.requests.filter(
    (request) => !request.isAuxiliary && request.toolResults.length === 0,
  );
}

/** A lazy session: nothing is spawned until its first call needs the CLI. */
function lazySession(fx: ClaudeFixture, row: AgentRow) {
  const session = row.create({ cwd: fx.workspace, env: fx.home.env, stateDir: fx.stateDir });
  fx.defer(() => ensureGone(session));
  return session;
}

async function rejectionName(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  return error instanceof ElwoodError ? error.name : `not an ElwoodError: ${String(error)}`;
}

describe.each(AGENT_ROWS)("$agent images against the real CLI", (row) => {
  test("C-API-44 C-API-45 C-API-46 C-E2E-12 C-E2E-13: a path image and a bytes image reach the model in order, byte for byte", async () => {
    const fx = await newFixture(row.fixture);
    const answer = token("Two images seen");
    fx.server.turn({ match: "describe both images", steps: [{ say: answer }] });
    const redPath = join(fx.workspace, "red.png");
    await writeFile(redPath, RED_PNG);
    const session = lazySession(fx, row);

    const reply = await session.send("describe both images", {
      images: [{ path: redPath }, { data: CLEAR_PNG, format: "png" }],
    });

    expect(reply).toContain(answer);
    const request = userTurns(fx).find((entry) => entry.userText.includes("describe both"));
    expect(request?.images.map((image) => image.mediaType)).toEqual(["image/png", "image/png"]);
    expect(request?.images.map((image) => image.base64)).toEqual([
      (await readFile(redPath)).toString("base64"),
      CLEAR_PNG.toString("base64"),
    ]);
    expect(userTurns(fx).filter((entry) => entry.userText.includes("describe"))).toHaveLength(1);
    await session.stop();
  });
});

describe.each(AGENT_ROWS)("$agent oversized image", (row) => {
  test("C-API-44: a 26 MiB image is refused with invalid_image before anything is spawned or typed", async () => {
    const fx = await newFixture(row.fixture);
    const big = join(fx.workspace, "big.png");
    await writeFile(big, RED_PNG);
    await truncate(big, 26 * 1024 * 1024);
    const session = lazySession(fx, row);

    // Lazy: nothing is started for a call whose images are invalid.
    expect(await rejectionName(session.send("look", { images: [{ path: big }] }))).toBe(
      "invalid_image",
    );
    expect(session.session).toBeUndefined();

    // Started: nothing reaches the composer or the model.
    fx.server.turn({ match: "plain question", steps: [{ say: "plain answer" }] });
    await session.send("plain question");
    const before = userTurns(fx).length;
    expect(await rejectionName(session.sendMessage("look", { images: [{ path: big }] }))).toBe(
      "invalid_image",
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(session.terminal.snapshot().text).not.toContain("big.png");
    expect(userTurns(fx)).toHaveLength(before);
    expect(session.status).toBe("ready");
    await session.stop();
  });
});
