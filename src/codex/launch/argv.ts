// Codex's argv for start and resume (api.md §5.5, seeds §4.4): `--cd`, model, profile,
// sandbox and approval flags, the caller's raw `-c` overrides in order, then reasoning
// effort (so it wins), then Elwood's hook overrides, and the reserved enablement and
// trust keys LAST so no caller override can switch the bridge off.

import { commandHookCommand } from "../../bridge/clients/command.js";
import { timeoutForEvent } from "../../bridge/handler-timeout.js";
import { cliHookTimeoutSeconds } from "../../bridge/limits.js";
import type { BridgeWiring } from "../../core/contract/adapter.js";
import type { CodexLaunchOptions } from "../options.js";
import type { CodexPosture } from "../posture.js";
import { codexShellPolicyOverrides } from "./tool-env.js";

export const HOOK_TRUST_BYPASS_FLAG = "--dangerously-bypass-hook-trust";

// JSON string syntax is a valid TOML basic string for everything we put in one.
const tomlString = (value: string): string => JSON.stringify(value);

export function codexHookOverride(eventName: string, bridge: BridgeWiring): string {
  // The event's own deadline (an approvals handler waits for a human) for client and CLI.
  const hookTimeoutMs = timeoutForEvent(
    eventName,
    bridge.hookTimeoutMs,
    bridge.hookTimeoutsByEvent,
  );
  const command = commandHookCommand({
    eventName,
    client: bridge.commandClientKind,
    hookTimeoutMs,
  });
  const timeout = cliHookTimeoutSeconds(hookTimeoutMs);
  return `hooks.${eventName}=[{hooks=[{type="command",command=${tomlString(command)},timeout=${timeout}}]}]`;
}

export function codexArgv(options: {
  readonly binary: string;
  readonly cwd: string;
  readonly launch: CodexLaunchOptions;
  readonly posture: CodexPosture;
  readonly eventNames: readonly string[];
  readonly bridge: BridgeWiring;
  readonly resumeId: string | undefined;
  readonly hasHookTrustBypass: boolean;
}): string[] {
  const { launch, posture } = options;
  const argv: string[] = ["--cd", options.cwd];
  if (launch.model !== undefined) argv.push("--model", launch.model);
  if (launch.profile !== undefined) argv.push("--profile", launch.profile);
  if (posture.sandbox !== undefined) argv.push("--sandbox", posture.sandbox);
  if (posture.approvalPolicy !== undefined) argv.push("--ask-for-approval", posture.approvalPolicy);
  for (const override of launch.configOverrides) argv.push("-c", override);
  if (launch.reasoningEffort !== undefined) {
    argv.push("-c", `model_reasoning_effort=${tomlString(launch.reasoningEffort)}`);
  }
  for (const eventName of options.eventNames) {
    argv.push("-c", codexHookOverride(eventName, options.bridge));
  }
  // The shell tools never see the bridge credential (prd/bridge.md).
  for (const override of codexShellPolicyOverrides()) argv.push("-c", override);
  argv.push("-c", "features.hooks=true", "-c", 'hookTrust="trust-all"');
  if (options.hasHookTrustBypass) argv.push(HOOK_TRUST_BYPASS_FLAG);
  // `codex resume [OPTIONS] <SESSION_ID>`: the id goes last so no option can swallow it.
  if (options.resumeId !== undefined) return [options.binary, "resume", ...argv, options.resumeId];
  return [options.binary, ...argv];
}
