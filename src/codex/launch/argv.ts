// Codex's argv for start and resume (api.md §5.5, seeds §4.4): `--cd`, model, profile,
// sandbox and approval flags, the caller's raw `-c` overrides in order, then reasoning
// effort (so it wins), then Elwood's bridge overrides: its hooks, the blanked credential
// for tools, and the reserved enablement and trust keys LAST so no caller override can
// switch the bridge off. The trust key vouches for Elwood's own hooks only
// (hook-trust.ts); every other hook keeps Codex's review gate.

import { eventCommandHook } from "../../bridge/clients/command.js";
import { cliHookTimeoutSeconds } from "../../bridge/limits.js";
import type { BridgeWiring } from "../../core/contract/adapter.js";
import type { CodexLaunchOptions } from "../options.js";
import type { CodexPosture } from "../posture.js";
import { type CodexCommandHook, codexHookTrustOverride } from "./hook-trust.js";
import { codexShellPolicyOverrides } from "./tool-env.js";

// JSON string syntax is a valid TOML basic string for everything we put in one.
const tomlString = (value: string): string => JSON.stringify(value);

/**
 * Codex caps these events' hook timeout (0.150.0 and 0.171.0: "clamping SessionEnd hook
 * timeout to 3s") and hashes the capped value, so asking for more would only draw that
 * warning and a hash that never matches the one Elwood records.
 */
const CODEX_HOOK_TIMEOUT_CAP_SECONDS: Readonly<Record<string, number>> = {
  SessionEnd: 3,
  Interrupt: 3,
};

/** Elwood's command hook for one event, as Codex sees (and hashes) it. */
export function codexCommandHook(eventName: string, bridge: BridgeWiring): CodexCommandHook {
  const { command, hookTimeoutMs } = eventCommandHook(eventName, bridge);
  const timeoutSec = Math.min(
    cliHookTimeoutSeconds(hookTimeoutMs),
    CODEX_HOOK_TIMEOUT_CAP_SECONDS[eventName] ?? Number.POSITIVE_INFINITY,
  );
  // An event no decision can be needed for at start runs detached: Codex does not wait.
  const isObserveOnly = bridge.isBlocking?.(eventName) === false;
  return isObserveOnly
    ? { eventName, command, timeoutSec, async: true }
    : { eventName, command, timeoutSec };
}

function hookOverride({ eventName, command, timeoutSec, async }: CodexCommandHook): string {
  const detached = async === true ? ",async=true" : "";
  return `hooks.${eventName}=[{hooks=[{type="command",command=${tomlString(command)},timeout=${timeoutSec}${detached}}]}]`;
}

export function codexHookOverride(eventName: string, bridge: BridgeWiring): string {
  return hookOverride(codexCommandHook(eventName, bridge));
}

/** Every `-c` the bridge needs, in order; also what the hooks bench launches with. */
export function codexBridgeOverrides(
  eventNames: readonly string[],
  bridge: BridgeWiring,
): string[] {
  const hooks = eventNames.map((eventName) => codexCommandHook(eventName, bridge));
  const overrides = hooks.map(hookOverride);
  // The shell tools never see the bridge credential (prd/bridge.md).
  overrides.push(...codexShellPolicyOverrides());
  overrides.push("features.hooks=true");
  if (hooks.length > 0) overrides.push(codexHookTrustOverride(hooks));
  return overrides;
}

export function codexArgv(options: {
  readonly binary: string;
  readonly cwd: string;
  readonly launch: CodexLaunchOptions;
  readonly posture: CodexPosture;
  readonly eventNames: readonly string[];
  readonly bridge: BridgeWiring;
  readonly resumeId: string | undefined;
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
  for (const override of codexBridgeOverrides(options.eventNames, options.bridge)) {
    argv.push("-c", override);
  }
  // `codex resume [OPTIONS] <SESSION_ID>`: the id goes last so no option can swallow it.
  if (options.resumeId !== undefined) return [options.binary, "resume", ...argv, options.resumeId];
  return [options.binary, ...argv];
}
