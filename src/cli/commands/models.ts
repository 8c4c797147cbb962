// `elwood models [--agent <id>]` (spec §5.11): starts each agent headless (with its trust
// prompt answered, as the library's model listers do), reads its `/model` picker, and
// always tears it down. Without --agent: every registered agent in order, sharing one
// --timeout budget; one agent's failure never hides another's models.
import { type AgentModelOption, ELWOOD_AGENTS } from "../../index.js";
import { AGENT_CHOICES, AGENT_IDS, agentEntry, EXAMPLE_AGENT } from "../agents/registry.js";
import { parseArgs } from "../args/parse.js";
import { readLayers } from "../config/read-layers.js";
import { type Agent, resolveCommonSettings } from "../config/run-settings.js";
import { describeError, EXIT, exitCodeFor } from "../exit-codes.js";
import type { CliIo } from "../io/cli-io.js";
import { ProtocolOutput } from "../io/output.js";
import { usageError } from "../usage-error.js";
import type { CliCommand } from "./command.js";
import { commandHelp } from "./help-text.js";

interface AgentResult {
  readonly agent: Agent;
  readonly models?: readonly AgentModelOption[];
  readonly error?: { readonly code: string; readonly message: string };
  readonly exitCode: number;
}

export const modelsCommand: CliCommand = {
  name: "models",
  summary: "List the models each agent offers (starts the agent briefly).",
  usage: [`models [--agent ${AGENT_CHOICES}] [--output text|json] [--timeout <n>]`],
  options: ["help", "agent", "output", "timeout", "state-dir", "verbose", "debug", "defaults"],
  details: `Starts each agent headless in the current folder (answering its folder-trust
prompt), opens its /model picker, reads the rows and closes the picker with Escape (the
model is not changed), then tears the agent down. Without --agent: ${AGENT_IDS.map((id) => agentEntry(id).displayName).join(", then ")}.
Text: "*" marks the current model, then id, label, "(default)", description.

Examples:
  elwood models
  elwood models --agent ${EXAMPLE_AGENT} --output json`,
  async run(argv, io) {
    const parsed = parseArgs(argv, this.options, "models");
    if (parsed.options.get("help") === true) {
      io.stdout.write(commandHelp(this));
      return 0;
    }
    if (parsed.positionals.length > 0) {
      throw usageError(
        `\`elwood models\` takes no words; got ${JSON.stringify(parsed.positionals.join(" "))}.`,
      );
    }
    const settings = resolveCommonSettings(await readLayers(parsed, io), io.cwd, io.env);
    const output = settings.output.value ?? "text";
    if (output === "jsonl") {
      throw usageError(
        `\`elwood models\` prints text or json, not jsonl (${settings.output.source}).`,
      );
    }
    const agents: readonly Agent[] =
      settings.agent.value === undefined ? AGENT_IDS : [settings.agent.value];
    const budgetMs = settings.timeoutMs.value;
    const deadline = budgetMs === undefined ? undefined : Date.now() + budgetMs;
    const results: AgentResult[] = [];
    for (const agent of agents) {
      results.push(await listOne(agent, io, settings.stateDir.value as string, deadline));
    }
    await print(results, output === "json", settings.agent.value !== undefined, io);
    return worstExit(results);
  },
};

async function listOne(
  agent: Agent,
  io: CliIo,
  stateDir: string,
  deadline: number | undefined,
): Promise<AgentResult> {
  const remainingMs = deadline === undefined ? undefined : Math.max(1, deadline - Date.now());
  try {
    const models = await ELWOOD_AGENTS.get(agent).listModels({
      cwd: io.cwd,
      stateDir,
      env: io.env,
      ...(remainingMs === undefined ? {} : { timeoutMs: remainingMs }),
    });
    return { agent, models, exitCode: EXIT.ok };
  } catch (error) {
    const isTimeout = deadline !== undefined && Date.now() >= deadline;
    return {
      agent,
      error: isTimeout
        ? { code: "timeout", message: "The model listing did not finish within --timeout." }
        : describeError(error),
      exitCode: isTimeout ? EXIT.timeout : exitCodeFor(error),
    };
  }
}

async function print(
  results: readonly AgentResult[],
  isJson: boolean,
  isSingle: boolean,
  io: CliIo,
): Promise<void> {
  const out = new ProtocolOutput(io.stdout);
  for (const result of results) {
    if (result.error !== undefined && !isJson) {
      io.stderr.write(`elwood: ${result.agent}: ${result.error.code}: ${result.error.message}\n`);
    }
  }
  const [single] = results;
  if (isJson && isSingle && single !== undefined) {
    const document = single.error
      ? { schemaVersion: 1, type: "models", agent: single.agent, models: [], error: single.error }
      : { schemaVersion: 1, type: "models", agent: single.agent, models: single.models };
    await out.write(`${JSON.stringify(document)}\n`);
  } else if (isJson) {
    const agents = results
      .filter((result) => result.models !== undefined)
      .map((result) => ({ agent: result.agent, models: result.models }));
    const errors = results
      .filter((result) => result.error !== undefined)
      .map((result) => ({ agent: result.agent, ...result.error }));
    await out.write(`${JSON.stringify({ schemaVersion: 1, type: "models", agents, errors })}\n`);
  } else {
    for (const result of results) {
      if (result.models === undefined) continue;
      if (!isSingle) await out.write(`${result.agent}:\n`);
      await out.write(textRows(result.models));
    }
  }
  await out.flush();
}

function textRows(models: readonly AgentModelOption[]): string {
  const idWidth = Math.max(...models.map((model) => model.id.length));
  const labelWidth = Math.max(...models.map((model) => model.label.length));
  return models
    .map((model) => {
      const columns = [
        model.isCurrent ? "*" : " ",
        model.id.padEnd(idWidth),
        model.label.padEnd(labelWidth),
        model.isDefault ? "(default)" : "         ",
        model.description ?? "",
      ];
      return `${columns.join("  ").trimEnd()}\n`;
    })
    .join("");
}

// 130 > 124 > 2 > 1 (spec §5.11); 0 only when every agent listed.
function worstExit(results: readonly AgentResult[]): number {
  const codes = results.map((result) => result.exitCode);
  for (const code of [EXIT.interrupted, EXIT.timeout, EXIT.usage, EXIT.failure]) {
    if (codes.includes(code)) return code;
  }
  return EXIT.ok;
}
