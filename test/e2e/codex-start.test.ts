// Real Codex start-up and first turn through Elwood: autotrust answers directory trust,
// the session reaches ready, and one message yields exactly one transcript-sourced
// assistant message (issue 6 "Done when", C-CODEX-11, C-CODEX-16, C-E2E-10).
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { CodexSession, startCodex } from "../../src/agents.js";
import type { CodexTranscriptSummary } from "../../src/codex/transcript/summary.js";
import { ensureGone, record, token } from "../support/claude-e2e.js";
import { codexRequests, startCodexIn } from "../support/codex-e2e.js";
import { sessionOnFixture, useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ cli: "codex" });

describe("startCodex against the real CLI", () => {
  test("C-CODEX-11 C-API-09 C-API-13 C-CODEX-16 C-E2E-10: autotrust answers directory trust, ready, and one turn yields exactly one transcript assistant_message (C-CODEX-15 C-API-18)", async () => {
    const fx = await newFixture();
    const reply = token("Hi from the script");
    fx.server.turn({ match: /hello/, steps: [{ say: reply }] });
    const session = await startCodexIn(fx);
    const seen = record(session);
    const summaries: CodexTranscriptSummary[] = [];
    session.on("codex:transcript", (summary) => summaries.push(summary));
    expect(session.elwoodSessionId.length).toBeGreaterThan(0);
    await session.waitForStatus((status) => status === "ready", 90_000);
    expect(
      seen.activity.some(
        (event) => event.kind === "startup_prompt" && event.label === "workspace_trust",
      ),
    ).toBe(true);
    expect(seen.statuses).not.toContain("blocked");

    await session.sendMessage("hello there");
    const answer = await session.waitForActivity(
      (event) => event.kind === "assistant_message",
      60_000,
    );
    expect(answer.source).toBe("transcript");
    expect(answer.text).toContain(reply);
    expect(answer.transcriptPath).toBeTruthy();
    await session.waitForStatus((status) => status === "ready", 60_000);
    expect(seen.activity.filter((event) => event.kind === "assistant_message")).toHaveLength(1);
    expect(codexRequests(fx.server).filter((request) => request.matchedTurn === 0)).toHaveLength(1);

    // The content-free per-record summaries (api.md §5.4 `codex:transcript`).
    expect(
      summaries.some(
        (summary) =>
          summary.kind === "message" &&
          summary.role === "assistant" &&
          summary.recordType === "response_item",
      ),
    ).toBe(true);
    expect(JSON.stringify(summaries)).not.toContain(reply);
    await session.stop();
    expect(session.status).toBe("stopped");
  });

  test("C-ATTN-01 C-ATTN-03: without autotrust directory trust blocks with an attention that shows the dialog; answerDialog answers it, the session reaches ready, and Elwood's hooks run without a review (C-CODEX-15 C-API-18 C-CODEX-06)", async () => {
    const fx = await newFixture();
    fx.server.turn({
      match: /hooked turn/,
      steps: [
        { tool: { name: "exec_command", input: { cmd: "echo hooked" } } },
        { say: "hooked done" },
      ],
    });
    const hooked: string[] = [];
    const session = await startCodex({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
      hooks: {
        PreToolUse: (event) => {
          hooked.push(event.tool_name);
        },
      },
    });
    fx.defer(() => ensureGone(session));
    const attention = session.waitForActivity((event) => event.kind === "attention", 90_000);
    await session.waitForStatus((status) => status === "blocked", 90_000);
    const event = await attention;
    expect(event.label).toContain("codex-directory-trust");
    // The dialog's own words, so a user can tell what to answer, but not the workspace path.
    expect(event.text).toMatch(/trust/i);
    expect(event.text).not.toContain(fx.workspace);
    // The highlighted first option is the affirmative on every tested version.
    expect(event.text).toMatch(/› 1\. (Trust and continue|Yes, continue)/);
    // Codex drains typeahead for up to 1 s after it paints (its row's firstKeyAfterMs); a
    // key then is dropped, and under load made Codex exit with code 1 (prd/decisions.md).
    // answerDialog waits that out and presses again while the dialog stays untouched.
    const answer = await session.answerDialog("\r");
    expect(answer.label).toBe("codex-directory-trust");
    await session.waitForStatus((status) => status === "ready", 60_000);
    // Hook trust is Elwood's own, whatever autotrust says: no "Hooks need review" stop.
    await session.sendMessage("hooked turn");
    await session.waitForActivity(
      (activity) => activity.kind === "assistant_message" && activity.text.includes("hooked done"),
      60_000,
    );
    expect(hooked).toEqual(["Bash"]);
    await session.stop();
    expect(session.status).toBe("stopped");
  });

  test("C-E2E-11 C-API-21: a persona reaches the real Codex as the first prompt (UserPromptSubmit), ahead of a message sent at once", async () => {
    const fx = await newFixture();
    const persona = token("persona-first");
    const question = token("persona-question");
    fx.server.turn({ match: persona, steps: [{ say: token("persona-ack") }] });
    fx.server.turn({ match: question, steps: [{ say: "asked after the persona" }] });
    const prompts: string[] = [];
    const session = await startCodexIn(fx, {
      persona,
      hooks: {
        UserPromptSubmit: (event) => {
          prompts.push(event.prompt);
        },
      },
    });
    // Sent before the first ready: it must wait behind the persona.
    await session.sendMessage(question);
    await session.waitForActivity(
      (event) =>
        event.kind === "assistant_message" && event.text.includes("asked after the persona"),
      120_000,
    );
    expect(prompts).toEqual([persona, question]);
    const asked = codexRequests(fx.server).map((request) => request.matchedTurn);
    expect(asked.slice(0, 2)).toEqual([0, 1]);
    await session.stop();
  });

  test('C-CODEX-12: an update offer at start-up is skipped by its label (never "Update now"), and a message sent at once waits until it is gone', async () => {
    const fx = await newFixture();
    // Codex offers an update when its cached release check names a newer version.
    const config = join(fx.home.codexHome, "config.toml");
    const text = await readFile(config, "utf8");
    await writeFile(
      config,
      text.replace("check_for_update_on_startup = false", "check_for_update_on_startup = true"),
    );
    await writeFile(
      join(fx.home.codexHome, "version.json"),
      JSON.stringify({
        latest_version: "99.0.0",
        last_checked_at: new Date().toISOString(),
        dismissed_version: null,
      }),
    );
    const answer = token("after-the-update-offer");
    fx.server.turn({ match: "right away", steps: [{ say: answer }] });
    // The lazy class takes listeners before it starts, so nothing of the start is missed.
    const session = sessionOnFixture(fx, CodexSession, { autotrust: true });
    const labels: string[] = [];
    const statuses: string[] = [];
    let sawOffer = false;
    session.on("activity", (event) => {
      if (event.kind === "startup_prompt") labels.push(event.label);
    });
    session.on("status", (event) => statuses.push(event.status));
    session.on("terminal:data", (chunk) => {
      if (chunk.includes("Update available")) sawOffer = true;
    });
    await session.sendMessage("right away");
    await session.waitForActivity(
      (event) => event.kind === "assistant_message" && event.text.includes(answer),
      120_000,
    );
    expect(sawOffer).toBe(true);
    expect(labels).toContain("update");
    expect(statuses).not.toContain("blocked");
    // Skipped, not taken: the offer's install command never ran.
    expect(session.session?.terminal.snapshot().text).not.toContain("Updating Codex");
    expect(
      codexRequests(fx.server).filter((request) => request.userText.includes("right away")),
    ).toHaveLength(1);
    await session.stop();
  });
});
