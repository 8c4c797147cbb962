// `elwood serve` passes a send's images through to the session (issue 12 task: serve
// refused them while send() could not take images): a base64 image and a path image reach
// the model server byte for byte, and a malformed image is a 400 before anything is typed.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { token, userTurnRequests } from "../support/claude-e2e.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";
import { serveOver } from "../support/serve-e2e.js";

const newFixture = useRealCliFixture({ trusted: true });

// Two different, valid 1×1 PNGs (small enough that the CLI does not re-encode them).
const RED_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const CLEAR_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

describe("elwood serve images against the real Claude CLI", () => {
  test("C-API-44, C-APP-01: POST /send with a path image and a base64 image reaches the model in order; a bad image is a 400", async () => {
    const fx = await newFixture();
    const { client } = await serveOver(fx);
    const answer = token("Seen both");
    fx.server.turn({ match: /describe these/, steps: [{ say: answer }] });
    const redPath = join(fx.workspace, "red.png");
    await writeFile(redPath, Buffer.from(RED_PNG, "base64"));
    const started = await client.call("POST", "/api/sessions", {
      agent: "claude",
      cwd: fx.workspace,
    });
    const id = started.body.id as string;

    const bad = await client.call("POST", `/api/sessions/${id}/send`, {
      text: "describe these",
      images: [{ data: "not base64!", format: "png" }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { name: "invalid_options" } });

    const reply = await client.call("POST", `/api/sessions/${id}/send`, {
      text: "describe these",
      images: [{ path: redPath }, { data: CLEAR_PNG, format: "png" }],
    });
    expect(reply).toMatchObject({ status: 200, body: { text: answer } });
    const request = userTurnRequests(fx.server).find((entry) =>
      entry.userText.includes("describe these"),
    );
    expect(request?.images.map((image) => image.base64)).toEqual([RED_PNG, CLEAR_PNG]);
    expect(
      userTurnRequests(fx.server).filter((entry) => entry.userText.includes("describe")),
    ).toHaveLength(1);
    await client.call("DELETE", `/api/sessions/${id}`);
  });
});
