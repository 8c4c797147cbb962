// The hooks Elwood's own runtime acts on, read from what the adapter declares: the
// session's start and first readiness, the prompt the CLI accepted, the end or failure of
// a turn, the permission prompt a hook may already have answered, compaction's brackets
// and the login lapse. They stay blocking whatever the caller declares, so they reach the
// parent in the order the CLI fires them and before the CLI moves on (bridge/registration.ts).
import type { AgentAdapter } from "../contract/adapter.js";

type Declared = Pick<AgentAdapter<unknown, unknown>, "signals" | "operations">;

export function hooksElwoodActsOn(adapter: Declared): string[] {
  const { signals, operations } = adapter;
  const names = [
    signals.sessionStartHook,
    signals.promptAcceptedHook,
    signals.turnEndHook,
    signals.turnFailedHook,
    signals.permissionRequestHook,
    ...signals.initialReadyHooks,
    operations?.compact?.startHook,
    operations?.compact?.endHook,
    operations?.login?.lapseHook.name,
  ];
  return [...new Set(names.filter((name): name is string => name !== undefined))];
}
