// `npm run demo`: a full Elwood session on a fresh machine, with no account and no
// network. The REAL claude and codex TUIs run in pseudo-terminals, offline, against
// Elwood's scripted model server, while a parent-app hook approves one command and
// denies another. `npm run demo -- --live` uses your own logged-in CLIs instead.
import { mkdtempSync, rmSync } from "node:fs";
import { constants as osConstants, tmpdir } from "node:os";
import { join } from "node:path";
import {
  ClaudeSession,
  CodexSession,
  type ElwoodSessionStatus,
  type ElwoodStreamEvent,
} from "@with-logic/elwood";
import {
  type AgentHome,
  createAgentHome,
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@with-logic/elwood/testing";

const isLive = process.argv.includes("--live");
const color = process.stdout.isTTY
  ? (code: number) => (text: string) => `\x1b[${code}m${text}\x1b[0m`
  : () => (text: string) => text;
const dim = color(2);
const bold = color(1);
const green = color(32);
const red = color(31);
const cyan = color(36);

const say = (line = "") => process.stdout.write(`${line}\n`);
const step = (title: string) => say(`\n${bold(cyan("▸"))} ${bold(title)}`);

// The parent app's policy, as a person would write it: read-only commands are fine,
// anything that deletes is not.
function decide(command: string) {
  if (/\brm\b/.test(command)) {
    say(`    ${red("✗ hook denied")} ${command}`);
    return {
      permissionDecision: "deny" as const,
      permissionDecisionReason: "Deleting files is not allowed in this demo.",
    };
  }
  say(`    ${green("✓ hook allowed")} ${command}`);
  return { permissionDecision: "allow" as const };
}

function scriptTheModel(server: ScriptedModelServer): void {
  server.turn({
    match: /What is Elwood/,
    steps: [
      {
        say: "Elwood drives the real Claude Code and Codex TUIs for your program: typed events, typed hook decisions, resume, clean teardown.",
      },
    ],
  });
  server.turn({
    match: /Tidy up/,
    steps: [
      { think: "First look at what is there, then clean the build output." },
      { tool: { name: "Bash", input: { command: "ls -a" } } },
      { tool: { name: "Bash", input: { command: "rm -rf build" } } },
      { say: "I listed the files; deleting build/ was refused by your policy, so I left it." },
    ],
  });
  server.turn({ match: /Say hello/, steps: [{ say: "Hello from Codex, driven by Elwood." }] });
  server.turn({
    match: /disk usage/,
    steps: [
      { tool: { name: "exec_command", input: { cmd: "du -sh ." } } },
      { say: "The workspace is tiny." },
    ],
  });
}

function describeEvent(event: ElwoodStreamEvent): string {
  switch (event.type) {
    case "text":
      return `${bold("text")}        ${event.text}`;
    case "thinking":
      return `${bold("thinking")}    ${dim(event.text)}`;
    case "tool_call":
      return `${bold("tool_call")}   ${event.name} ${dim(event.input)}`;
    case "tool_result":
      return `${bold("tool_result")} ${dim(lastLine(event.output))}`;
  }
}

// Codex wraps command output in a small report; its last line is the command's own.
function lastLine(text: string): string {
  return text.trim().split("\n").at(-1) ?? "";
}

function watchStatus(name: string) {
  let last: ElwoodSessionStatus | undefined;
  return ({ status }: { status: ElwoodSessionStatus }) => {
    if (status === last) return;
    last = status;
    say(dim(`    [${name}] status → ${status}`));
  };
}

// Ctrl-C, or the TERM `npm run demo`'s supervisor sends: close the open sessions; the
// turn in flight then fails, and the finally blocks remove the temporary home and workspace.
const openSessions = new Set<{ close(): Promise<void> }>();
let interruptedBy: NodeJS.Signals | undefined;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.once(signal, () => {
    interruptedBy = signal;
    process.exitCode = 128 + osConstants.signals[signal];
    say(dim(`\n    ${signal}: closing the sessions`));
    for (const session of openSessions) void session.close();
  });
}

async function runClaude(options: { cwd: string; env?: Record<string, string> }): Promise<void> {
  step("Claude Code: a question answered with send()");
  const claude = new ClaudeSession({
    cwd: options.cwd,
    autotrust: true,
    ...(options.env === undefined ? {} : { env: options.env }),
    hooks: { PreToolUse: { Bash: (event) => decide(event.tool_input.command) } },
  });
  claude.on("status", watchStatus("claude"));
  openSessions.add(claude);
  try {
    const answer = await claude.send(
      isLive ? "In one sentence: what is a pseudo-terminal?" : "What is Elwood?",
    );
    say(`    ${green("answer:")} ${answer}`);
    if (isLive) return;
    step("Claude Code: a tool turn watched with stream()");
    for await (const event of claude.stream("Tidy up the workspace"))
      say(`    ${describeEvent(event)}`);
  } finally {
    openSessions.delete(claude);
    await claude.close();
  }
}

async function runCodex(options: { cwd: string; env?: Record<string, string> }): Promise<void> {
  step("Codex: the same API, another agent");
  const codex = new CodexSession({
    cwd: options.cwd,
    autotrust: true,
    ...(options.env === undefined ? {} : { env: options.env }),
    hooks: {
      PreToolUse: (event) =>
        event.tool_name === "Bash" ? decide(String(event.tool_input.command ?? "")) : undefined,
    },
  });
  codex.on("status", watchStatus("codex"));
  openSessions.add(codex);
  try {
    say(
      `    ${green("answer:")} ${await codex.send(isLive ? "Say hello in five words." : "Say hello")}`,
    );
    if (isLive) return;
    for await (const event of codex.stream("How much disk usage is there?"))
      say(`    ${describeEvent(event)}`);
  } finally {
    openSessions.delete(codex);
    await codex.close();
  }
}

async function main(): Promise<void> {
  say(
    bold("Elwood demo") +
      dim(
        isLive
          ? " — your own logged-in CLIs, a real model"
          : " — real CLIs, offline, scripted model",
      ),
  );
  const workspace = mkdtempSync(join(tmpdir(), "elwood-demo-"));
  let server: ScriptedModelServer | undefined;
  let home: AgentHome | undefined;
  try {
    if (!isLive) {
      server = await startScriptedModelServer();
      scriptTheModel(server);
      home = await createAgentHome({ server });
      say(dim(`    scripted model server on ${server.url}; isolated HOME ${home.home}`));
    }
    const env = home?.env === undefined ? undefined : { ...home.env };
    await runClaude({ cwd: workspace, ...(env === undefined ? {} : { env }) });
    if (interruptedBy !== undefined) return;
    await runCodex({ cwd: workspace, ...(env === undefined ? {} : { env }) });
    step("Done");
    say(`    Both sessions closed; nothing is left running. ${dim("See README.md for the API.")}`);
  } finally {
    await server?.close();
    await home?.cleanup();
    rmSync(workspace, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  if (interruptedBy !== undefined) return; // the turn failed because we closed it
  say(
    red(
      `demo failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
    ),
  );
  process.exitCode = 1;
});
