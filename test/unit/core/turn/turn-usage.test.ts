// Token usage per turn and per session (issue 26): the turn owner sums the usage items the
// transcript attributes to a turn into its `ended` event, and every usage item into
// `session.usage`; a turn with none carries no usage (absent, not zero). Fake clock,
// scripted Claude over 2.1.332 screens.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TranscriptItem } from "../../../../src/core/contract/adapter.js";
import type { ElwoodTurnEvent } from "../../../../src/core/contract/types.js";
import { type FakeClaude, ready } from "../../../support/fake-agents/fake-claude.js";

const usage = (
  inputTokens: number,
  outputTokens: number,
  cacheReadTokens = 0,
  cacheWriteTokens = 0,
): TranscriptItem => ({
  kind: "usage",
  usage: { inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens, reasoningTokens: 0 },
  model: "claude-scripted",
  raw: {},
});

function endedEvents(cli: FakeClaude) {
  const ended: Extract<ElwoodTurnEvent, { kind: "ended" }>[] = [];
  cli.session.on("turn", (event) => {
    if (event.kind === "ended") ended.push(event);
  });
  return ended;
}

async function send(cli: FakeClaude, prompt: string): Promise<string> {
  const answer = cli.session.send(prompt);
  await vi.advanceTimersByTimeAsync(5_000);
  return answer;
}

describe("C-USAGE-01 C-USAGE-02: token usage per turn and per session", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sums each turn's usage items into its ended event, and every one into session.usage", async () => {
    const cli = await ready();
    const ended = endedEvents(cli);
    cli.usageFor = (prompt) =>
      prompt === "first" ? [usage(101, 7, 13, 3)] : [usage(211, 17, 5), usage(307, 19, 0, 2)];
    expect(cli.session.usage).toBeUndefined();
    await expect(send(cli, "first")).resolves.toBe("ANSWER first");
    expect(ended[0]?.usage).toEqual({
      inputTokens: 101,
      outputTokens: 7,
      cacheReadTokens: 13,
      cacheWriteTokens: 3,
      reasoningTokens: 0,
    });
    expect(ended[0]?.model).toBe("claude-scripted");
    await expect(send(cli, "second")).resolves.toBe("ANSWER second");
    expect(ended[1]?.usage).toEqual({
      inputTokens: 518,
      outputTokens: 36,
      cacheReadTokens: 5,
      cacheWriteTokens: 2,
      reasoningTokens: 0,
    });
    expect(cli.session.usage).toEqual({
      inputTokens: 619,
      outputTokens: 43,
      cacheReadTokens: 18,
      cacheWriteTokens: 5,
      reasoningTokens: 0,
    });
  });

  it("a turn whose transcript reports no usage ends without one (absent, not zero)", async () => {
    const cli = await ready();
    const ended = endedEvents(cli);
    await send(cli, "quiet");
    expect(ended).toHaveLength(1);
    expect(ended[0]).not.toHaveProperty("usage");
    expect(ended[0]).not.toHaveProperty("model");
    expect(cli.session.usage).toBeUndefined();
  });

  it("usage of a prompt typed by someone else counts for the session, not for our turn", async () => {
    const cli = await ready();
    const ended = endedEvents(cli);
    cli.usageFor = () => [usage(40, 4)];
    await send(cli, "ours");
    cli.runtime.handleTranscriptItems(
      [{ kind: "user_message", text: "typed into the TUI by a person", raw: {} }, usage(1000, 100)],
      "/tmp/fake-transcript.jsonl",
    );
    expect(ended[0]?.usage?.inputTokens).toBe(40);
    expect(cli.session.usage?.inputTokens).toBe(1040);
    expect(cli.session.usage?.outputTokens).toBe(104);
  });
});
