// Images through the real CLIs (issue 12 "Done when" 3): send() with a file path and with
// bytes attaches both, in order, and the scripted model server receives image blocks
// whose base64 equals the files; a 26 MiB image is refused with invalid_image before
// anything is spawned or typed.
import { readFile, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ClaudeSession, CodexSession } from "../../src/agents.js";
import { ElwoodError } from "../../src/errors.js";
import type { LoggedRequest } from "../../src/testing/index.js";
import { type ClaudeFixture, token, userTurnRequests } from "../support/claude-e2e.js";
import { codexRequests } from "../support/codex-e2e.js";
import { sessionOnFixture, useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture();

// Two different, valid 1×1 PNGs (small enough that neither CLI re-encodes them).
const RED_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const CLEAR_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

interface Agent {
  readonly name: "claude" | "codex";
  fixture(): Promise<ClaudeFixture>;
  create(fx: ClaudeFixture): ClaudeSession | CodexSession;
  userTurns(fx: ClaudeFixture): LoggedRequest[];
}

const agents: Agent[] = [
  {
    name: "claude",
    fixture: () => newFixture({ trusted: true }),
    create: (fx) => sessionOnFixture(fx, ClaudeSession),
    userTurns: (fx) => userTurnRequests(fx.server),
  },
  {
    name: "codex",
    fixture: () => newFixture({ cli: "codex" }),
    create: (fx) => sessionOnFixture(fx, CodexSession, { autotrust: true }),
    userTurns: (fx) => codexRequests(fx.server).filter((request) => !request.isAuxiliary),
  },
];

async function rejectionName(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  return error instanceof ElwoodError ? error.name : `not an ElwoodError: ${String(error)}`;
}

describe.each(agents)("$name images against the real CLI", (agent) => {
  test("C-API-44 C-API-45 C-API-46 C-E2E-12 C-E2E-13: a path image and a bytes image reach the model in order, byte for byte", async () => {
    const fx = await agent.fixture();
    const answer = token("Two images seen");
    fx.server.turn({ match: "describe both images", steps: [{ say: answer }] });
    const redPath = join(fx.workspace, "red.png");
    await writeFile(redPath, RED_PNG);
    const session = agent.create(fx);

    const reply = await session.send("describe both images", {
      images: [{ path: redPath }, { data: CLEAR_PNG, format: "png" }],
    });

    expect(reply).toContain(answer);
    const request = agent.userTurns(fx).find((entry) => entry.userText.includes("describe both"));
    expect(request?.images.map((image) => image.mediaType)).toEqual(["image/png", "image/png"]);
    expect(request?.images.map((image) => image.base64)).toEqual([
      (await readFile(redPath)).toString("base64"),
      CLEAR_PNG.toString("base64"),
    ]);
    expect(agent.userTurns(fx).filter((entry) => entry.userText.includes("describe"))).toHaveLength(
      1,
    );
    await session.close();
  });

  test("C-API-44: a 26 MiB image is refused with invalid_image before anything is spawned or typed", async () => {
    const fx = await agent.fixture();
    const big = join(fx.workspace, "big.png");
    await writeFile(big, RED_PNG);
    await truncate(big, 26 * 1024 * 1024);
    const session = agent.create(fx);

    // Lazy: nothing is started for a call whose images are invalid.
    expect(await rejectionName(session.send("look", { images: [{ path: big }] }))).toBe(
      "invalid_image",
    );
    expect(session.session).toBeUndefined();

    // Started: nothing reaches the composer or the model.
    fx.server.turn({ match: "plain question", steps: [{ say: "plain answer" }] });
    await session.send("plain question");
    const before = agent.userTurns(fx).length;
    expect(await rejectionName(session.sendMessage("look", { images: [{ path: big }] }))).toBe(
      "invalid_image",
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(session.session?.terminal.snapshot().text).not.toContain("big.png");
    expect(agent.userTurns(fx)).toHaveLength(before);
    expect(session.status).toBe("ready");
    await session.close();
  });
});
