// Captures the transcripts the pinned CLIs write when the scripted model server reports
// known token counts: the source of test/fixtures/transcripts/*-usage.jsonl (issue 26).
// Two turns per CLI: one request with thinking and text (a Claude message split over
// several records), then two tool calls (three requests). Records are kept verbatim
// except the workspace path and the home folder, which are replaced by placeholders;
// Claude's attachments and request blobs (large, and no usage in them) are left out.
//
//   npx tsx scripts/dev/capture-usage-transcripts.ts [claude|codex] [out-dir]
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ElwoodAgentSession, startClaude, startCodex } from "../../src/index.js";
import {
  createAgentHome,
  type ScenarioStep,
  startScriptedModelServer,
} from "../../src/testing/index.js";
import { cliBinaryDir } from "../../test/support/cli-binaries.js";

const LEFT_OUT = new Set(["attachment", "api-request-blob", "api-request-shape", "atis-latch"]);
const agent = process.argv[2] === "codex" ? "codex" : "claude";
const outDir = process.argv[3] ?? "test/fixtures/transcripts";

const shell = (command: string): ScenarioStep =>
  agent === "claude"
    ? { tool: { name: "Bash", input: { command } } }
    : { tool: { name: "exec_command", input: { cmd: command } } };

const server = await startScriptedModelServer();
server.turn({
  match: "first usage turn",
  steps: [
    { usage: { inputTokens: 1201, outputTokens: 37, cacheReadTokens: 503, cacheWriteTokens: 71 } },
    { think: "Thinking about the first turn." },
    { say: "First turn answered." },
  ],
});
server.turn({
  match: "second usage turn",
  steps: [
    { usage: { inputTokens: 2003, outputTokens: 41, cacheReadTokens: 0, cacheWriteTokens: 0 } },
    shell("echo one"),
    {
      usage: {
        inputTokens: 2111,
        outputTokens: 43,
        cacheReadTokens: 1009,
        cacheWriteTokens: 0,
        reasoningTokens: 11,
      },
    },
    shell("echo two"),
    { usage: { inputTokens: 2237, outputTokens: 47, cacheReadTokens: 1013, cacheWriteTokens: 7 } },
    { say: "Second turn answered." },
  ],
});
const workspace = await realpath(await mkdtemp(join(tmpdir(), "elwood-usage-ws-")));
execFileSync("git", ["init", "-q"], { cwd: workspace });
const stateDir = await realpath(await mkdtemp(join(tmpdir(), "elwood-usage-state-")));
const home = await createAgentHome({
  server,
  trustedDirs: agent === "claude" ? [workspace] : [],
  cliPaths: [cliBinaryDir(agent)],
});
let session: ElwoodAgentSession | undefined;
try {
  let transcriptPath: string | undefined;
  const common = { cwd: workspace, env: home.env, stateDir };
  session =
    agent === "claude"
      ? await startClaude({ ...common, permissionMode: "default", allowedTools: ["Bash"] })
      : await startCodex({ ...common, autotrust: true });
  session.on("activity", (event) => {
    if (event.source === "transcript" && event.transcriptPath !== undefined) {
      transcriptPath ??= event.transcriptPath;
    }
  });
  session.on("turn", (event) => {
    if (event.kind === "ended" || event.kind === "failed") console.log(JSON.stringify(event));
  });
  console.log("first:", await session.send("first usage turn"));
  console.log("second:", await session.send("second usage turn"));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  if (transcriptPath === undefined) throw new Error("no transcript was followed");
  const text = (await readFile(transcriptPath, "utf8"))
    .replaceAll(workspace, "/workspace")
    .replaceAll(home.home, "/home/user")
    .split("\n")
    .filter((line) => line === "" || !LEFT_OUT.has(String(JSON.parse(line).type)))
    .join("\n");
  const version = agent === "claude" ? "2.1.332" : "0.171.0";
  const out = join(outDir, `${agent}-${version}-usage.jsonl`);
  await writeFile(out, text);
  console.log(`wrote ${out}`);
  console.log(
    JSON.stringify(
      server.requests.map((request) => ({
        path: request.path,
        isAuxiliary: request.isAuxiliary,
        userText: request.userText.slice(0, 60),
        status: request.status,
      })),
    ),
  );
} finally {
  await session?.kill().catch(() => undefined);
  await server.close();
  await home.cleanup();
  await rm(workspace, { recursive: true, force: true });
  await rm(stateDir, { recursive: true, force: true });
}
