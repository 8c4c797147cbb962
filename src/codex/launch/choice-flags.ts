// The Codex flags for what a user chooses per run (model, sandbox, approval policy,
// reasoning effort), shared by the Elwood launch's spelling and `elwood interactive`.
import type { CodexPosture } from "../posture.js";

export function codexChoiceFlags(choice: {
  readonly model: string | undefined;
  readonly reasoningEffort: string | undefined;
  readonly posture: Pick<CodexPosture, "sandbox" | "approvalPolicy">;
}): string[] {
  const flags: string[] = [];
  if (choice.model !== undefined) flags.push("--model", choice.model);
  if (choice.posture.sandbox !== undefined) flags.push("--sandbox", choice.posture.sandbox);
  if (choice.posture.approvalPolicy !== undefined) {
    flags.push("--ask-for-approval", choice.posture.approvalPolicy);
  }
  // A TOML string, as the Elwood launch writes it (JSON string syntax is valid TOML).
  if (choice.reasoningEffort !== undefined) {
    flags.push("-c", `model_reasoning_effort=${JSON.stringify(choice.reasoningEffort)}`);
  }
  return flags;
}
