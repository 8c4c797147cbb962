// Summarizes what a hook handler decided as one word for the log (C-APP-06): the
// decision shapes are the handler result types of both agents (claude/hooks/responses.ts,
// codex/hooks/responses.ts), read structurally so one rule covers both.

export type HookOutcomeKind = "none" | "allow" | "deny" | "block" | "context" | "error";

interface DecisionShape {
  readonly decision?: unknown;
  readonly continue?: unknown;
  readonly permissionDecision?: unknown;
  readonly behavior?: unknown;
  readonly additionalContext?: unknown;
}

export function hookOutcomeOf(decision: unknown, failedOpen: boolean): HookOutcomeKind {
  if (failedOpen) return "error";
  if (typeof decision !== "object" || decision === null) return "none";
  const shape = decision as DecisionShape;
  if (shape.decision === "block" || shape.continue === false) return "block";
  const verdict = shape.permissionDecision ?? shape.behavior;
  if (verdict === "deny") return "deny";
  if (verdict === "allow") return "allow";
  if (typeof shape.additionalContext === "string") return "context";
  return "none";
}
