// Gemini's argv for start and resume: model, approval mode, `--skip-trust` for autotrust
// (answering the folder-trust dialog makes Gemini restart itself, which the single
// process Elwood keeps cannot do), and `--resume <id>` or `--session-id <id>`.

import type { GeminiLaunchOptions } from "../options.js";
import type { GeminiPosture } from "../posture.js";

export function geminiArgv(options: {
  readonly binary: string;
  readonly launch: GeminiLaunchOptions;
  readonly posture: GeminiPosture;
  readonly resumeId: string | undefined;
  readonly newSessionId: string | undefined;
}): string[] {
  const { launch, posture } = options;
  const argv: string[] = [options.binary];
  if (launch.model !== undefined) argv.push("--model", launch.model);
  if (posture.approvalMode !== undefined) argv.push("--approval-mode", posture.approvalMode);
  if (launch.skipTrust) argv.push("--skip-trust");
  if (options.resumeId !== undefined) argv.push("--resume", options.resumeId);
  else if (options.newSessionId !== undefined) argv.push("--session-id", options.newSessionId);
  return argv;
}
