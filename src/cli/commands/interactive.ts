// `elwood interactive [id]`: the agent's own TUI in the foreground, through the login
// shell like every Elwood launch, with the resolved settings as native flags (spec
// §5.10, C-CLI-25). No PTY, bridge or record of ours; the agent's exit status is ours.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import path from "node:path";
import { ELWOOD_AGENTS, ElwoodError, type ElwoodErrorName, readSessionInfo } from "../../index.js";
import { EXAMPLE_AGENT, POSTURE_FLAGS } from "../agents/registry.js";
import { parseArgs } from "../args/parse.js";
import { readLayers } from "../config/read-layers.js";
import {
  type Agent,
  postureOf,
  resolveAgentSettings,
  resolveRunSettings,
} from "../config/run-settings.js";
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
    ...POSTURE_FLAGS,
    "state-dir",
    "defaults",
  ],
  details: `Needs a terminal on stdin and stdout. Exits with the agent's own status.
With a session id, the agent continues that conversation in its folder; use it to
answer a prompt a headless run stopped at.

Examples:
  elwood interactive
  elwood interactive --agent ${EXAMPLE_AGENT} --model <id>
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
    let resumeId: string | undefined;
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
      resumeId = info.agentSessionId;
    } else {
      agent = settings.agent.value ?? (await detectAgent(io.env));
    }
    const perAgent = resolveAgentSettings(layers, agent, settings.highTrust);
    const given = (setting: { value: string | undefined; source: string }) =>
      setting.source === "built-in" || setting.value === undefined ? [] : [setting.value];
    // The agent's own command line, from its folder (the same flags its Elwood launch uses).
    const entry = ELWOOD_AGENTS.get(agent);
    const posture = Object.fromEntries(
      postureOf(agent, perAgent).flatMap(({ setting, resolved }) =>
        given(resolved).map((value) => [setting.option, value]),
      ),
    );
    const argvOut = entry.app.interactiveArgv({
      binary: entry.binary,
      cwd,
      resumeId,
      model: given(perAgent.model)[0],
      reasoningEffort: given(perAgent.reasoningEffort)[0],
      posture,
    });
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
      const entry = ELWOOD_AGENTS.get(agent);
      throw new ElwoodError(
        entry.errorNames.notFound as ElwoodErrorName,
        `Your login shell could not run ${entry.binary}; install it or put it on the login shell's PATH.`,
      );
    }
    if (signal !== null) return 128 + constants.signals[signal];
    return code ?? EXIT.failure;
  } finally {
    process.off("SIGINT", ignore);
  }
}
