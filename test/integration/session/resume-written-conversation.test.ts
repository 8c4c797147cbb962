// A record that holds only the id Claude was launched under (`--session-id`) relaunches
// the conversation empty — unless Claude got further: the parent died after the prompt
// was taken and before the record said so (crash recovery, C-API-26). Claude refuses a
// `--session-id` whose transcript file exists and exits, so a created but empty file gets
// a new id, and a written conversation is resumed (`--resume`).
// Real launcher, state files and PTY; a fake CLI records the argv it got.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resumeClaude, startClaude } from "../../../src/agents.js";
import { CLAUDE_MINIMUM_VERSION } from "../../../src/claude/adapter.js";
import { type FakeCli, fakeCli, flagValue } from "./fake-cli.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function launchArgv(
  cli: FakeCli,
  open: () => Promise<{ elwoodSessionId: string; kill(): Promise<void> }>,
): Promise<string[]> {
  const before = (await cli.launches()).length;
  const session = await open();
  cleanups.push(() => session.kill());
  await cli.waitForLaunches(before + 1);
  await session.kill();
  return (await cli.launches()).at(-1) ?? [];
}

describe("resuming a conversation the record never saw taken", () => {
  it("C-API-26 C-LIFE-10: relaunched empty under its id while Claude wrote nothing, under a new id once Claude created the file, resumed once Claude wrote it", async () => {
    const cli = await fakeCli({
      versionText: `${CLAUDE_MINIMUM_VERSION} (Claude Code)`,
      mode: "stay",
    });
    cleanups.push(() => cli.remove());
    const configDir = join(cli.dir, "claude-config");
    const env = { ...cli.env, CLAUDE_CONFIG_DIR: configDir };
    const common = { cwd: cli.dir, stateDir: cli.stateDir, executable: cli.executable, env };

    let elwoodSessionId = "";
    const started = await launchArgv(cli, async () => {
      const session = await startClaude(common);
      elwoodSessionId = session.elwoodSessionId;
      return session;
    });
    const launchedId = flagValue(started, "--session-id");
    expect(launchedId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await cli.readRecord(elwoodSessionId)).resume.agentSessionId).toBeUndefined();

    const empty = await launchArgv(cli, () => resumeClaude({ ...common, elwoodSessionId }));
    expect(flagValue(empty, "--session-id")).toBe(launchedId);
    expect(empty).not.toContain("--resume");

    // Claude created the file but was killed before writing a message into it (a
    // bookkeeping record at most): it would refuse the id as in use, and --resume would
    // find no conversation ("No conversation found", seen in CI). A new id, still empty.
    const projectFolder = join(configDir, "projects", "-some-project-key");
    await mkdir(projectFolder, { recursive: true });
    await writeFile(
      join(projectFolder, `${launchedId}.jsonl`),
      '{"type":"queue-operation","operation":"enqueue"}\n',
    );
    const created = await launchArgv(cli, () => resumeClaude({ ...common, elwoodSessionId }));
    const relaunchedId = flagValue(created, "--session-id");
    expect(relaunchedId).toMatch(/^[0-9a-f-]{36}$/);
    expect(relaunchedId).not.toBe(launchedId);
    expect(created).not.toContain("--resume");
    const afterCreated = await cli.readRecord(elwoodSessionId);
    expect(afterCreated.resume.launched?.agentSessionId).toBe(relaunchedId);
    expect(afterCreated.resume.agentSessionId).toBeUndefined();

    // Claude wrote the conversation (its first record): it is resumed, and recorded.
    await writeFile(join(projectFolder, `${relaunchedId}.jsonl`), '{"type":"user"}\n');
    const written = await launchArgv(cli, () => resumeClaude({ ...common, elwoodSessionId }));
    expect(flagValue(written, "--resume")).toBe(relaunchedId);
    expect(written).not.toContain("--session-id");
    expect((await cli.readRecord(elwoodSessionId)).resume.agentSessionId).toBe(relaunchedId);
  });
});
