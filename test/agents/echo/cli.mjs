#!/usr/bin/env node
// "echo": a tiny scripted agent CLI for proving that a third agent is one folder. It
// behaves like the real CLIs where Elwood looks: a bracketed-paste composer in a full
// screen, command hooks (SessionStart, UserPromptSubmit, Stop) run through whatever
// command the launch configured, a JSONL transcript per conversation, `--resume <id>`
// that continues one, `--version`, and exit on SIGHUP. Each reply is
// "echo #<n>: <prompt>", n counting the conversation's prompts, so a resumed
// conversation visibly continues.
//
// Usage: cli.mjs --version | cli.mjs [--hooks <file.json>] [--resume <id>] [--shout] [--sign <tag>]
// The transcript directory is $ECHO_AGENT_HOME/conversations.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

const VERSION = "1.0.0";
const args = process.argv.slice(2);
if (args[0] === "--version") {
  // ECHO_AGENT_VERSION_OUTPUT stands in for a CLI whose --version Elwood cannot parse.
  process.stdout.write(process.env.ECHO_AGENT_VERSION_OUTPUT ?? `${VERSION} (echo)\n`);
  process.exit(0);
}
if (args[0] === "--help") {
  process.stdout.write("usage: echo-agent --hooks <file> [--resume <id>]\n");
  process.exit(0);
}

const option = (name) => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
};
// Without --hooks (its own TUI run by `elwood interactive`) no hook fires.
const hooksFile = option("--hooks");
const hooks = hooksFile === undefined ? {} : JSON.parse(readFileSync(hooksFile, "utf8"));
const home = process.env.ECHO_AGENT_HOME ?? fail("ECHO_AGENT_HOME is not set");
const dir = path.join(home, "conversations");
mkdirSync(dir, { recursive: true });
const resumeId = option("--resume");
const sessionId = resumeId ?? randomUUID();
const transcriptPath = path.join(dir, `${sessionId}.jsonl`);
if (resumeId !== undefined && !existsSync(transcriptPath)) fail(`no conversation ${resumeId}`);

const history = resumeId === undefined ? [] : readConversation(transcriptPath);
let promptCount = history.filter((line) => line.startsWith("> ")).length;
let draft = "";
let pasting = false;
let working = false;
let pending = "";

function fail(message) {
  process.stderr.write(`echo-agent: ${message}\n`);
  process.exit(1);
}

function readConversation(file) {
  const lines = [];
  for (const text of readFileSync(file, "utf8").split("\n")) {
    if (text === "") continue;
    const record = JSON.parse(text);
    lines.push(record.type === "user" ? `> ${record.text}` : record.text);
  }
  return lines;
}

// The whole screen is repainted each time: history, a rule, the composer, a rule, footer.
function paint() {
  const cols = process.stdout.columns || 80;
  const rule = "─".repeat(Math.min(cols, 80));
  const rows = [`echo agent ${VERSION} · ${sessionId}`, "", ...history.slice(-12), ""];
  rows.push(rule, `❯ ${draft}`, rule, working ? "· echoing… (esc to interrupt)" : "? for help");
  process.stdout.write(`\x1b[2J\x1b[H${rows.join("\r\n")}`);
}

// Runs one configured hook command with the JSON input on stdin; resolves its stdout.
function fireHook(eventName, fields) {
  const command = hooks[eventName];
  if (command === undefined) return Promise.resolve("");
  const input = {
    hook_event_name: eventName,
    session_id: sessionId,
    transcript_path: transcriptPath,
    cwd: process.cwd(),
    ...fields,
  };
  return new Promise((resolve) => {
    const child = spawn("/bin/sh", ["-c", command], { stdio: ["pipe", "pipe", "ignore"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", () => resolve(output));
    child.on("error", () => resolve(""));
    child.stdin.end(JSON.stringify(input));
  });
}

function record(type, text) {
  appendFileSync(transcriptPath, `${JSON.stringify({ type, text, at: Date.now() })}\n`);
}

async function submit(prompt) {
  working = true;
  history.push(`> ${prompt}`);
  paint();
  await fireHook("UserPromptSubmit", { prompt });
  record("user", prompt);
  promptCount += 1;
  const text = `echo #${promptCount}: ${prompt}`;
  const shouted = args.includes("--shout") ? text.toUpperCase() : text;
  const signAt = args.indexOf("--sign");
  const reply = signAt >= 0 ? `${shouted} [${args[signAt + 1]}]` : shouted;
  await new Promise((resolve) => setTimeout(resolve, 50));
  record("assistant", reply);
  history.push(reply);
  await fireHook("Stop", { last_assistant_message: reply });
  working = false;
  paint();
}

// Bracketed paste arrives as ESC[200~ … ESC[201~; Enter is a lone CR.
function onInput(chunk) {
  pending += chunk;
  while (pending.length > 0) {
    if (pasting) {
      const end = pending.indexOf("\x1b[201~");
      if (end === -1) return;
      draft += pending.slice(0, end).replace(/\r\n?/g, "\n");
      pending = pending.slice(end + 6);
      pasting = false;
      continue;
    }
    if (pending.startsWith("\x1b[200~")) {
      pasting = true;
      pending = pending.slice(6);
      continue;
    }
    if (pending.startsWith("\x1b") && pending.length < 6 && "\x1b[200~".startsWith(pending)) return;
    const key = pending[0];
    pending = pending.slice(1);
    if (key === "\r" && !working && draft.trim() !== "") {
      const prompt = draft;
      draft = "";
      void submit(prompt);
    } else if (key === "\x03" || key === "\x04") {
      process.exit(0);
    } else if (key === "\x7f") {
      draft = draft.slice(0, -1);
    } else if (key >= " " && !working) {
      draft += key;
    }
  }
  paint();
}

process.on("SIGHUP", () => process.exit(0));
process.stdin.setRawMode(true);
process.stdin.setEncoding("utf8");
process.stdout.write("\x1b[?2004h");
await fireHook("SessionStart", { source: resumeId === undefined ? "startup" : "resume" });
paint();
process.stdin.on("data", onInput);
process.stdout.on("resize", paint);
