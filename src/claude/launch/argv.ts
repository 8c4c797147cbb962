// Claude's argv for start and resume, from documented flags only (seeds §4.3, §5.1):
// --model, --effort, --permission-mode, comma-joined --allowedTools/--disallowedTools,
// --tools ("" disables every tool), --name, --resume or --session-id, and --settings.

import type { ClaudeLaunchOptions } from "../options.js";
import type { ClaudePosture } from "../posture.js";

export function claudeArgv(options: {
  readonly binary: string;
  readonly launch: ClaudeLaunchOptions;
  readonly posture: ClaudePosture;
  /** The settings JSON itself (Claude's --settings takes a file path or a JSON string). */
  readonly settingsJson: string;
  readonly resumeId: string | undefined;
  /** `--session-id`: the id of a new conversation (never with `resumeId`). */
  readonly sessionId?: string | undefined;
}): string[] {
  const { launch, posture } = options;
  const argv = [options.binary];
  if (options.resumeId !== undefined) argv.push("--resume", options.resumeId);
  else if (options.sessionId !== undefined) argv.push("--session-id", options.sessionId);
  if (launch.name !== undefined) argv.push("--name", launch.name);
  argv.push(...claudeChoiceFlags(launch, posture));
  if (posture.allowedTools !== undefined && posture.allowedTools.length > 0) {
    argv.push("--allowedTools", posture.allowedTools.join(","));
  }
  if (posture.disallowedTools !== undefined && posture.disallowedTools.length > 0) {
    argv.push("--disallowedTools", posture.disallowedTools.join(","));
  }
  if (posture.tools !== undefined) argv.push("--tools", posture.tools.join(","));
  argv.push("--settings", options.settingsJson);
  return argv;
}

/** The flags for what a user chooses per run: model, effort, permission mode. */
export function claudeChoiceFlags(
  launch: Pick<ClaudeLaunchOptions, "model" | "reasoningEffort">,
  posture: Pick<ClaudePosture, "permissionMode">,
): string[] {
  const flags: string[] = [];
  if (launch.model !== undefined) flags.push("--model", launch.model);
  if (launch.reasoningEffort !== undefined) flags.push("--effort", launch.reasoningEffort);
  if (posture.permissionMode !== undefined) flags.push("--permission-mode", posture.permissionMode);
  return flags;
}
