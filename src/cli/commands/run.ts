// `elwood [options] <prompt...>` and `elwood run …` (spec §5.2–§5.4): validate every
// input, pick the agent, run one turn, print it in the chosen format.
import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";
import { ElwoodError, readSessionInfo } from "../../index.js";
import { AGENT_IDS, EXAMPLE_AGENT } from "../agents/registry.js";
import type { OptionName } from "../args/options.js";
import { RUN_OPTIONS } from "../args/options.js";
import { type ParsedArgs, parseArgs } from "../args/parse.js";
import type { Layers } from "../config/layers.js";
import { readLayers } from "../config/read-layers.js";
import {
  type Agent,
  type OutputFormat,
  postureOf,
  type RunSettings,
  resolveAgentSettings,
  resolveRunSettings,
} from "../config/run-settings.js";
import { describeError, exitCodeFor } from "../exit-codes.js";
import type { CliIo } from "../io/cli-io.js";
import { ProtocolOutput } from "../io/output.js";
import { StderrReporter } from "../io/stderr.js";
import { joinPrompt, MAX_PROMPT_BYTES, readPipedStdin, tooLarge } from "../io/stdin.js";
import { JsonSink } from "../output/json-sink.js";
import { JsonlSink } from "../output/jsonl-sink.js";
import type { RunOutcome, RunSink } from "../output/sink.js";
import { TextSink } from "../output/text-sink.js";
import { detectAgent } from "../run/detect-agent.js";
import { executeRun, type RunPlan } from "../run/execute.js";
import { eitherInterrupt, HeadMirror } from "../run/head-mirror.js";
import { processInterrupts } from "../run/signals.js";
import { usageError } from "../usage-error.js";
import type { CliCommand } from "./command.js";
import { commandHelp } from "./help-text.js";

export const runCommand: CliCommand = {
  name: "run",
  summary: "Ask the agent once and print its answer (the default command).",
  usage: ["[options] <prompt...>", "run [options] <prompt...>", "run [options] < prompt.txt"],
  options: RUN_OPTIONS,
  details: `Piped stdin is added to the prompt after a blank line; a terminal is never read.
State is kept so the session can be resumed; --ephemeral removes it afterwards.

Examples:
  elwood "what does this repo do?"
  elwood -C ~/src/app --agent ${EXAMPLE_AGENT} "run the tests and fix what fails"
  cat error.log | elwood "why does this fail?"
  elwood --output jsonl --timeout 10m "refactor utils.ts" > events.jsonl`,
  run: (argv, io) => runFromArgs(parseArgs(argv, RUN_OPTIONS, "run"), io, runCommand),
};

/** The one code path of `run` and `resume` (C-CLI-23). */
export async function runFromArgs(
  parsed: ParsedArgs,
  io: CliIo,
  command: CliCommand,
): Promise<number> {
  if (parsed.options.get("help") === true) {
    io.stdout.write(commandHelp(command));
    return 0;
  }
  const out = new ProtocolOutput(io.stdout);
  let output: OutputFormat = outputFlag(parsed) ?? "text";
  let agent: Agent | null = agentFlag(parsed);
  const startedAt = performance.now();
  let settings: RunSettings | undefined;
  try {
    const layers = await readLayers(parsed, io);
    settings = resolveRunSettings(layers, io.cwd, io.env);
    output = settings.output.value ?? "text";
    if (settings.agent.value !== undefined) agent = settings.agent.value;
    const plan = await planRun(parsed, layers, settings, io, (chosen) => {
      agent = chosen;
    });
    const head =
      parsed.options.get("head") === true ? new HeadMirror(io.stdin, io.stderr) : undefined;
    const stderr = new StderrReporter(io.stderr, {
      verbose: settings.verbose.value === true,
      debug: settings.debug,
      // The mirrored screen owns stderr; a status line would draw over it.
      progress: io.stderr.isTTY === true && head === undefined,
    });
    const sink = sinkFor(output, out, settings);
    let outcome: RunOutcome;
    try {
      const size = head?.size();
      outcome = await executeRun(size === undefined ? plan : { ...plan, initialSize: size }, {
        sink,
        stderr,
        interrupts:
          head === undefined ? processInterrupts : eitherInterrupt(processInterrupts, head),
        onConsumerClosed: (listener) => io.stdout.once("error", listener),
        warningsOnStderr: output !== "jsonl" && head === undefined,
        ...(head === undefined ? {} : { head }),
      });
    } finally {
      head?.restore();
    }
    await sink.finish(outcome);
    reportOutcome(outcome, output, stderr, parsed.options.get("show-session-id") === true, plan);
    await out.flush();
    return outcome.exitCode;
  } catch (error) {
    const outcome: RunOutcome = {
      exitCode: exitCodeFor(error),
      agent,
      response: "",
      sessionId: null,
      durationMs: performance.now() - startedAt,
      cleanup: { status: "none" },
      error: describeError(error),
    };
    if (output === "text") io.stderr.write(`elwood: ${outcome.error?.message}\n`);
    else await sinkFor(output, out, settings).finish(outcome);
    await out.flush();
    return outcome.exitCode;
  }
}

function outputFlag(parsed: ParsedArgs): OutputFormat | undefined {
  const value = parsed.options.get("output");
  return value === "json" || value === "jsonl" || value === "text" ? value : undefined;
}

function agentFlag(parsed: ParsedArgs): Agent | null {
  const value = parsed.options.get("agent");
  return typeof value === "string" && AGENT_IDS.includes(value as Agent) ? (value as Agent) : null;
}

function sinkFor(
  output: OutputFormat,
  out: ProtocolOutput,
  settings: RunSettings | undefined,
): RunSink {
  if (output === "json") return new JsonSink(out);
  if (output === "jsonl") return new JsonlSink(out);
  return new TextSink(out, { stream: settings?.stream.value === true });
}

function reportOutcome(
  outcome: RunOutcome,
  output: OutputFormat,
  stderr: StderrReporter,
  showSessionId: boolean,
  plan: RunPlan,
): void {
  if (outcome.error !== undefined && output === "text")
    stderr.line(`elwood: ${outcome.error.message}`);
  if (showSessionId && plan.keep && outcome.sessionId !== null) {
    stderr.line(
      `elwood: session ${outcome.sessionId} (continue with: elwood resume ${outcome.sessionId} "…")`,
    );
  }
}

function conflict(parsed: ParsedArgs, a: OptionName, b: OptionName, why: string): void {
  if (parsed.options.has(a) && parsed.options.has(b)) {
    throw usageError(`--${a} and --${b} cannot be used together: ${why}`);
  }
}

async function planRun(
  parsed: ParsedArgs,
  layers: Layers,
  settings: RunSettings,
  io: CliIo,
  onAgent: (agent: Agent) => void,
): Promise<RunPlan> {
  conflict(
    parsed,
    "keep",
    "ephemeral",
    "--keep keeps the session's state and --ephemeral removes it.",
  );
  conflict(parsed, "resume", "cwd", "a resumed session runs in the folder it was started in.");
  conflict(parsed, "resume", "persona", "a persona sets up new sessions only.");
  if (parsed.options.get("stream") === true && settings.output.value !== "text") {
    throw usageError(
      `--stream is for text output; ${settings.output.source} selects ${settings.output.value}. Drop --stream or use --output text.`,
    );
  }
  if (parsed.options.get("head") === true) checkHead(settings, io);
  const prompt = await readPrompt(parsed, io);
  const stateDir = settings.stateDir.value as string;
  const resumeId = parsed.options.get("resume") as string | undefined;
  let cwd: string;
  let agent: Agent;
  if (resumeId !== undefined) {
    const info = await readSessionInfo({
      stateDir,
      elwoodSessionId: resumeId,
      cwd: io.cwd,
      env: io.env,
    });
    if (!info.resumable) {
      throw new ElwoodError(
        "resume_unavailable",
        `Session ${resumeId} cannot be continued. ${info.notResumable?.message ?? "Start a new one."}`,
      );
    }
    if (settings.agent.source.startsWith("flag") && settings.agent.value !== info.agent) {
      throw usageError(
        `Session ${resumeId} is a ${info.agent} session, but --agent says ${settings.agent.value}; drop --agent.`,
      );
    }
    agent = info.agent;
    cwd = info.cwd;
  } else {
    cwd = workspace(parsed, io);
    agent = settings.agent.value ?? (await detectAgent(io.env));
  }
  onAgent(agent);
  const agentSettings = resolveAgentSettings(layers, agent, settings.highTrust);
  // On resume the stored posture stands unless a flag, env or high trust says otherwise.
  const explicit = (setting: { value: string | undefined; source: string }) =>
    resumeId === undefined || setting.source.startsWith("flag") || setting.source.startsWith("env")
      ? setting.value
      : undefined;
  return {
    agent,
    cwd,
    stateDir,
    resumeId,
    trust: settings.trust.value !== false,
    model: resumeId === undefined ? agentSettings.model.value : undefined,
    reasoningEffort: agentSettings.reasoningEffort.value,
    posture: Object.fromEntries(
      postureOf(agent, agentSettings).map(({ setting, resolved }) => [
        setting.option,
        explicit(resolved),
      ]),
    ),
    env: io.env,
    prompt,
    persona: resumeId === undefined ? settings.persona.value : undefined,
    timeoutMs: settings.timeoutMs.value,
    keep: parsed.options.get("ephemeral") !== true,
    images: imagePaths(parsed, cwd),
  };
}

// `--head` draws the agent's screen on stderr, so nothing else may write there, and it needs
// a terminal on both ends: one to draw on, one whose keystrokes it can swallow.
function checkHead(settings: RunSettings, io: CliIo): void {
  if (io.stderr.isTTY !== true || io.stdin.isTTY !== true) {
    throw usageError(
      "--head shows the agent's screen and needs a terminal on stdin and stderr; drop --head when piping or redirecting them.",
    );
  }
  const clashes: [boolean, string][] = [
    [settings.stream.value === true, `--stream (from ${settings.stream.source})`],
    [settings.verbose.value === true, `--verbose (from ${settings.verbose.source})`],
    [settings.debug, "--debug"],
    [settings.output.value === "jsonl", `--output jsonl (from ${settings.output.source})`],
  ];
  const clash = clashes.find(([on]) => on);
  if (clash !== undefined) {
    throw usageError(
      `--head cannot be combined with ${clash[1]}: both write to stderr while the agent works. Use one of them.`,
    );
  }
}

async function readPrompt(parsed: ParsedArgs, io: CliIo): Promise<string> {
  const typedBytes = Buffer.byteLength(parsed.positionals.join(" "));
  if (typedBytes > MAX_PROMPT_BYTES) throw tooLarge();
  const piped = await readPipedStdin(io.stdin, MAX_PROMPT_BYTES - typedBytes);
  const prompt = joinPrompt(parsed.positionals, piped);
  if (prompt.trim() === "") {
    throw usageError(
      'No prompt given: pass it as words (elwood "fix the failing test") or pipe it on stdin.',
    );
  }
  if (Buffer.byteLength(prompt) > MAX_PROMPT_BYTES) throw tooLarge();
  return prompt;
}

function workspace(parsed: ParsedArgs, io: CliIo): string {
  const flag = parsed.options.get("cwd");
  const cwd = typeof flag === "string" ? path.resolve(io.cwd, flag) : io.cwd;
  let isDirectory = false;
  try {
    isDirectory = statSync(cwd).isDirectory();
  } catch {
    isDirectory = false;
  }
  if (!isDirectory)
    throw usageError(`The workspace ${cwd} is not an existing folder; fix -C/--cwd.`);
  return cwd;
}

// Images resolve from the workspace and must be readable files now, before anything starts;
// format and size are checked by the library (`invalid_image`, exit 2).
function imagePaths(parsed: ParsedArgs, cwd: string): string[] {
  const flags = parsed.options.get("image");
  const images = Array.isArray(flags) ? flags : [];
  return images.map((image) => {
    const file = path.resolve(cwd, image);
    try {
      accessSync(file, constants.R_OK);
      if (!statSync(file).isFile()) throw new Error("not a file");
    } catch {
      throw usageError(`--image ${image}: ${file} is not a readable file.`);
    }
    return file;
  });
}
