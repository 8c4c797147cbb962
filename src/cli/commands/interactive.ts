// `elwood interactive [id]`: the agent's own TUI in the foreground, through the login
// shell like every Elwood launch, with the resolved settings as native flags (spec
// §5.10, C-CLI-25). No PTY, bridge or record of ours; the agent's exit status is ours.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import path from "node:path";
import { ElwoodError, readSessionInfo } from "../../index.js";
import { parseArgs } from "../args/parse.js";
import { readLayers } from "../config/read-layers.js";
import { type Agent, resolveAgentSettings, resolveRunSettings } from "../config/run-settings.js";
import { EXIT } from "../exit-codes.js";
import { detectAgent, loginShell } from "../run/detect-agent.js";
import { usageError } from "../usage-error.js";
import type { CliCommand } from "./command.js";
import { commandHelp } from "./help-text.js";

const SHELL_COMMAND_NOT_FOUND = 127;

export const interactiveCommand: CliCommand = {
  name: "interactive",
  summary: "Open the agent's own interface in this terminal (optionally a kept session).",
  usage: ["interactive [options] [session-id]"],
  options: [
    "help",
    "cwd",
    "agent",
    "model",
    "reasoning-effort",
    "high-trust",
    "claude-permission-mode",
    "codex-sandbox",
    "codex-approval-policy",
    "state-dir",
    "defaults",
  ],
  details: `Needs a terminal on stdin and stdout. Exits with the agent's own status.
With a session id, the agent continues that conversation in its folder; use it to
answer a prompt a headless run stopped at.

Examples:
  elwood interactive
  elwood interactive --agent codex --model gpt-5
  elwood interactive 1f0c…e2`,
  async run(argv, io) {
    const parsed = parseArgs(argv, this.options, "interactive");
    if (parsed.options.get("help") === true) {
      io.stdout.write(commandHelp(this));
      return 0;
    }
    if (parsed.positionals.length > 1) {
      throw usageError(
        "`elwood interactive` takes at most one word, a session id; to ask something, use `elwood run`.",
      );
    }
    if (io.stdin.isTTY !== true || io.stdout.isTTY !== true) {
      throw usageError(
        "`elwood interactive` needs a terminal on stdin and stdout; for scripts use `elwood run`.",
      );
    }
    const layers = await readLayers(parsed, io);
    const settings = resolveRunSettings(layers, io.cwd, io.env);
    const id = parsed.positionals[0];
    let agent: Agent;
    let cwd =
      typeof parsed.options.get("cwd") === "string"
        ? path.resolve(io.cwd, parsed.options.get("cwd") as string)
        : io.cwd;
    let resumeArgs: string[] = [];
    if (id !== undefined) {
      if (parsed.options.has("cwd"))
        throw usageError("A kept session opens in its own folder; drop -C/--cwd.");
      const info = await readSessionInfo({
        stateDir: settings.stateDir.value as string,
        elwoodSessionId: id,
        cwd: io.cwd,
        env: io.env,
      });
      if (info.agentSessionId === undefined) {
        throw new ElwoodError(
          "resume_unavailable",
          `Session ${id} never recorded the agent's conversation id, so it cannot be reopened.`,
        );
      }
      if (info.notResumable !== undefined) {
        throw new ElwoodError(
          "resume_unavailable",
          `Session ${id} cannot be reopened. ${info.notResumable.message}`,
        );
      }
      agent = info.agent;
      cwd = info.cwd;
      resumeArgs =
        agent === "claude" ? ["--resume", info.agentSessionId] : ["resume", info.agentSessionId];
    } else {
      agent = settings.agent.value ?? (await detectAgent(io.env));
    }
    const perAgent = resolveAgentSettings(layers, agent, settings.highTrust);
    const given = (setting: { value: string | undefined; source: string }) =>
      setting.source === "built-in" || setting.value === undefined ? [] : [setting.value];
    const argvOut =
      agent === "claude"
        ? [
            "claude",
            ...resumeArgs,
            ...given(perAgent.model).flatMap((v) => ["--model", v]),
            ...given(perAgent.reasoningEffort).flatMap((v) => ["--effort", v]),
            ...given(perAgent.claudePermissionMode).flatMap((v) => ["--permission-mode", v]),
          ]
        : [
            "codex",
            ...resumeArgs,
            "--cd",
            cwd,
            ...given(perAgent.model).flatMap((v) => ["--model", v]),
            ...given(perAgent.codexSandbox).flatMap((v) => ["--sandbox", v]),
            ...given(perAgent.codexApprovalPolicy).flatMap((v) => ["--ask-for-approval", v]),
            ...given(perAgent.reasoningEffort).flatMap((v) => [
              "-c",
              `model_reasoning_effort=${v}`,
            ]),
          ];
    return runForeground(agent, argvOut, cwd, io.env);
  },
};

function quote(arg: string): string {
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

async function runForeground(
  agent: Agent,
  argv: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<number> {
  // The agent owns Ctrl-C while it runs; elwood only waits.
  const ignore = () => undefined;
  process.on("SIGINT", ignore);
  try {
    const child = spawn(loginShell(), ["-l", "-i", "-c", `exec ${argv.map(quote).join(" ")}`], {
      cwd,
      env: env as NodeJS.ProcessEnv,
      stdio: "inherit",
    });
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>(
      (resolve, reject) => {
        child.once("error", reject);
        child.once("exit", (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
      },
    );
    if (code === SHELL_COMMAND_NOT_FOUND) {
      throw new ElwoodError(
        `${agent}_not_found`,
        `Your login shell could not run ${agent}; install it or put it on the login shell's PATH.`,
      );
    }
    if (signal !== null) return 128 + constants.signals[signal];
    return code ?? EXIT.failure;
  } finally {
    process.off("SIGINT", ignore);
  }
}
