// Finding a Codex conversation's rollout file for resume and readConversation (issues 45, 47): under
// $CODEX_HOME (else ~/.codex) sessions/YYYY/MM/DD, by the id at the end of its name.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { findCodexRollout } from "../../../../src/codex/transcript/rollout-file.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// One complete rollout record: what makes a thread resumable.
const RECORD = `${JSON.stringify({ timestamp: "2026-12-07T01:02:03Z", type: "session_meta", payload: {} })}\n`;

function home(): string {
  const dir = mkdtempSync(join(tmpdir(), "elwood-rollout-"));
  made.push(dir);
  return dir;
}

describe("findCodexRollout", () => {
  const id = "019a0b1c-2d3e-7f40-8a5b-6c7d8e9f0a1b";

  test("finds the file by id under CODEX_HOME, and under HOME's .codex", async () => {
    const codexHome = home();
    const day = join(codexHome, "sessions", "2026", "12", "07");
    mkdirSync(day, { recursive: true });
    writeFileSync(join(day, `rollout-2026-12-07T01-02-03-${id}.jsonl`), RECORD);
    writeFileSync(join(day, "rollout-2026-12-07T01-02-03-other.jsonl"), RECORD);
    expect((await findCodexRollout(id, { CODEX_HOME: codexHome })).path).toBe(
      join(day, `rollout-2026-12-07T01-02-03-${id}.jsonl`),
    );
    const userHome = home();
    const other = join(userHome, ".codex", "sessions", "2025", "01", "31");
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, `rollout-2025-01-31T00-00-00-${id}.jsonl`), RECORD);
    expect((await findCodexRollout(id, { HOME: userHome })).path).toBe(
      join(other, `rollout-2025-01-31T00-00-00-${id}.jsonl`),
    );
  });

  test("absent when there is no such conversation or no sessions folder", async () => {
    const missing = await findCodexRollout(id, { CODEX_HOME: home() });
    expect(missing.state).toBe("absent");
    expect(missing.path).toBeUndefined();
  });
});
