// Copilot's argv for start and resume: the private plugin dir with Elwood's hooks, the
// conversation id (`--session-id` sets a new session's id, and the same flag resumes it),
// no self-update (it would run a newer downloaded build than the pinned one), then the
// caller's model, effort, mode and tool permissions. Variadic flags are spelled
// `--flag=value` so no value can swallow the next argument.
import type { CopilotLaunchOptions } from "../options.js";
import type { CopilotPosture } from "../posture.js";

export function copilotChoiceFlags(options: {
  readonly model: string | undefined;
  readonly reasoningEffort: string | undefined;
  readonly posture: CopilotPosture;
}): string[] {
  const { posture } = options;
  const argv: string[] = [];
  if (options.model !== undefined) argv.push(`--model=${options.model}`);
  if (options.reasoningEffort !== undefined) {
    argv.push(`--reasoning-effort=${options.reasoningEffort}`);
  }
  if (posture.mode !== undefined) argv.push(`--mode=${posture.mode}`);
  for (const tool of posture.allowedTools ?? []) argv.push(`--allow-tool=${tool}`);
  for (const tool of posture.deniedTools ?? []) argv.push(`--deny-tool=${tool}`);
  if (posture.allowAll === true) argv.push("--allow-all");
  return argv;
}

export function copilotArgv(options: {
  readonly binary: string;
  readonly pluginDir: string;
  readonly sessionId: string;
  readonly launch: CopilotLaunchOptions;
  readonly posture: CopilotPosture;
}): string[] {
  return [
    options.binary,
    `--plugin-dir=${options.pluginDir}`,
    `--session-id=${options.sessionId}`,
    "--no-auto-update",
    // Its bash shells source BASH_ENV, Elwood's credential scrub (./tool-env.ts).
    "--bash-env=on",
    ...copilotChoiceFlags({
      model: options.launch.model,
      reasoningEffort: options.launch.reasoningEffort,
      posture: options.posture,
    }),
  ];
}
