// `elwood config effective [run options]`: one v1 JSON document of the settings a run
// would use, each with its source (C-CLI-19). Probes the login shell when the agent is
// auto-detected, reads a stored session for --resume; never starts an agent.
import { readSessionInfo } from "../../index.js";
import type { ParsedArgs } from "../args/parse.js";
import type { Setting } from "../config/layers.js";
import { configPath } from "../config/paths.js";
import { readLayers } from "../config/read-layers.js";
import {
  type Agent,
  postureOf,
  resolveAgentSettings,
  resolveRunSettings,
} from "../config/run-settings.js";
import type { CliIo } from "../io/cli-io.js";
import { detectAgent } from "../run/detect-agent.js";

interface Entry {
  readonly value: unknown;
  readonly source: string;
}

const entry = <T>(setting: Setting<T>): Entry => ({
  value: setting.value ?? null,
  source: setting.source,
});

export async function effectiveConfig(parsed: ParsedArgs, io: CliIo): Promise<number> {
  const layers = await readLayers(parsed, io);
  const settings = resolveRunSettings(layers, io.cwd, io.env);
  const resumeId = parsed.options.get("resume");
  let agent: Setting<Agent> = settings.agent;
  let workspace: Entry = {
    value: typeof parsed.options.get("cwd") === "string" ? parsed.options.get("cwd") : io.cwd,
    source: parsed.options.has("cwd") ? "flag --cwd" : "current directory",
  };
  if (typeof resumeId === "string") {
    const info = await readSessionInfo({
      stateDir: settings.stateDir.value as string,
      elwoodSessionId: resumeId,
      cwd: io.cwd,
    });
    agent = { value: info.agent, source: `stored session ${resumeId}` };
    workspace = { value: info.cwd, source: `stored session ${resumeId}` };
  } else if (agent.value === undefined) {
    agent = { value: await detectAgent(io.env), source: "auto-detected" };
  }
  const chosen = agent.value as Agent;
  const perAgent = resolveAgentSettings(layers, chosen, settings.highTrust);
  // The agent's posture settings under their session option names (`sandbox`).
  const posture = Object.fromEntries(
    postureOf(chosen, perAgent).map(({ setting, resolved }) => [setting.option, entry(resolved)]),
  );
  const document = {
    schemaVersion: 1,
    type: "effective-config",
    configFile: parsed.options.get("defaults") === false ? null : configPath(io.env, io.cwd),
    agent: entry(agent),
    model: entry(perAgent.model),
    reasoningEffort: entry(perAgent.reasoningEffort),
    workspace,
    timeout: entry(settings.timeoutMs),
    output: entry(settings.output),
    stream: entry(settings.stream),
    verbose: entry(settings.verbose),
    debug: { value: settings.debug, source: settings.debug ? "flag --debug" : "built-in" },
    head:
      parsed.options.get("head") === true
        ? { value: true, source: "flag --head" }
        : { value: false, source: "built-in" },
    trust: entry(settings.trust),
    highTrust: entry(settings.highTrust),
    persona: {
      value: settings.persona.value === undefined ? null : "(set)",
      source: settings.persona.source,
    },
    stateDir: entry(settings.stateDir),
    retention: {
      value: parsed.options.get("ephemeral") === true ? "ephemeral" : "keep",
      source: parsed.options.has("ephemeral")
        ? "flag --ephemeral"
        : parsed.options.has("keep")
          ? "flag --keep"
          : "built-in",
    },
    posture,
  };
  io.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
  return 0;
}
