// `elwood resume <id> [options] [prompt...]`: rewritten at parse time to
// `run --resume <id>` and run by the same code (spec §5.8, C-CLI-23).
import { RUN_OPTIONS } from "../args/options.js";
import { type OptionValue, parseArgs } from "../args/parse.js";
import { usageError } from "../usage-error.js";
import type { CliCommand } from "./command.js";
import { runFromArgs } from "./run.js";

const RESUME_OPTIONS = RUN_OPTIONS.filter(
  (name) => name !== "resume" && name !== "cwd" && name !== "persona",
);

export const resumeCommand: CliCommand = {
  name: "resume",
  summary: "Continue a kept session with a new prompt.",
  usage: ["resume <session-id> [options] <prompt...>"],
  options: RESUME_OPTIONS,
  details: `The session runs with the agent and in the folder it was started with.
Find ids with \`elwood sessions\`, or print one after a run with --show-session-id.

Examples:
  elwood resume 1f0c…e2 "now add a test for that"
  elwood resume 1f0c…e2 --output json "summarize what you changed" | jq -r .response`,
  async run(argv, io) {
    if (argv.some((arg) => arg === "--resume" || arg.startsWith("--resume="))) {
      throw usageError("`elwood resume <id>` already names the session; drop --resume.");
    }
    const parsed = parseArgs(argv, RESUME_OPTIONS, "resume");
    if (parsed.options.get("help") === true) return runFromArgs(parsed, io, resumeCommand);
    const [id, ...prompt] = parsed.positionals;
    if (id === undefined || id.trim() === "") {
      throw usageError(
        "`elwood resume` needs a session id: elwood resume <session-id> <prompt...> (see `elwood sessions`).",
      );
    }
    const options = new Map<(typeof RUN_OPTIONS)[number], OptionValue>(parsed.options);
    options.set("resume", id);
    return runFromArgs({ options, positionals: prompt }, io, resumeCommand);
  },
};
