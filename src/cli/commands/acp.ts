// `elwood acp`: serve the Agent Client Protocol on stdin/stdout for an editor or any ACP
// client (README "Editors (ACP)", prd/acp.md). Settings resolve as for `run`; the posture
// counts only when the user set it (flag, env, config, high trust), else each agent's
// asking mode is the default, since an editor's user answers permission requests.
import { runAcp } from "../../acp/index.js";
import { ElwoodError } from "../../index.js";
import { AGENT_CHOICES, EXAMPLE_AGENT, POSTURE_SETTINGS } from "../agents/registry.js";
import type { OptionName } from "../args/options.js";
import { parseArgs } from "../args/parse.js";
import type { Setting } from "../config/layers.js";
import { readLayers } from "../config/read-layers.js";
import { postureOf, resolveAgentSettings, resolveRunSettings } from "../config/run-settings.js";
import { detectAgent } from "../run/detect-agent.js";
import { lockSession } from "../run/session-lock.js";
import { usageError } from "../usage-error.js";
import { VERSION } from "../version.js";
import type { CliCommand } from "./command.js";
import { commandHelp } from "./help-text.js";

export const acpCommand: CliCommand = {
  name: "acp",
  summary: "Serve the Agent Client Protocol on stdio, for editors (Zed…) and ACP clients.",
  usage: [`acp [--agent ${AGENT_CHOICES}] [options]`],
  options: [
    "help",
    "agent",
    "model",
    "reasoning-effort",
    "trust",
    "high-trust",
    ...POSTURE_SETTINGS.map((setting) => setting.flag as OptionName),
    "state-dir",
    "defaults",
  ],
  details: `Speaks newline-delimited JSON-RPC on stdin/stdout; logs go to stderr. Each ACP
session is one Elwood session (its id is the Elwood session id), started in the
session's cwd on its first prompt. Permission prompts become ACP permission requests.
Closing stdin closes every session. See the README for editor configuration.

Examples:
  elwood acp
  elwood acp --agent ${EXAMPLE_AGENT}`,
  async run(argv, io) {
    const parsed = parseArgs(argv, this.options, "acp");
    if (parsed.options.get("help") === true) {
      io.stdout.write(commandHelp(this));
      return 0;
    }
    if (parsed.positionals.length > 0) {
      throw usageError(
        `\`elwood acp\` takes no words; got ${JSON.stringify(parsed.positionals.join(" "))}.`,
      );
    }
    const layers = await readLayers(parsed, io);
    const settings = resolveRunSettings(layers, io.cwd, io.env);
    const agent = settings.agent.value ?? (await detectAgent(io.env));
    const agentSettings = resolveAgentSettings(layers, agent, settings.highTrust);
    const chosen = (setting: Setting<string>) =>
      setting.value !== undefined && setting.source !== "built-in";
    const postureSettings = postureOf(agent, agentSettings);
    const configured = postureSettings.some(({ resolved }) => chosen(resolved));
    const posture = configured
      ? Object.fromEntries(
          postureSettings.map(({ setting, resolved }) => [
            setting.option,
            resolved.value as string,
          ]),
        )
      : undefined;
    const options: Record<string, unknown> = { autotrust: settings.trust.value !== false };
    if (agentSettings.model.value !== undefined) options.model = agentSettings.model.value;
    if (agentSettings.reasoningEffort.value !== undefined)
      options.reasoningEffort = agentSettings.reasoningEffort.value;
    return runAcp(
      {
        agent,
        stateDir: settings.stateDir.value as string,
        env: io.env,
        options,
        posture,
        version: VERSION,
        lockSession: lockForAcp,
        log: (line) => io.stderr.write(`${line}\n`),
      },
      { stdin: io.stdin, stdout: io.stdout },
    );
  },
};

// The run's lock, named for ACP: a session another elwood process holds is already open.
async function lockForAcp(stateDir: string, id: string): Promise<() => Promise<void>> {
  try {
    return await lockSession(stateDir, id);
  } catch (error) {
    if (!ElwoodError.is(error, "invalid_options")) throw error;
    throw new ElwoodError("session_already_open", error.message, { details: error.details });
  }
}
