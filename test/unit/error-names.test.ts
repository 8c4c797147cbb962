// The public error names after agents declare their own (issue 20 item 6): the package
// root's ELWOOD_ERROR_NAMES and ElwoodErrorName keep the same members (59 since issues 48 and 45
// added claude_hooks_disabled and prompt_in_progress), and the one ElwoodError class is typed with all of them
// where a consumer imports it, while the floor class refuses an agent's name unless the
// agent's type is given (checked by tsc: the @ts-expect-error lines).
import { describe, expect, expectTypeOf, it } from "vitest";
import { CLAUDE_ERROR_NAMES, type ClaudeErrorName } from "../../src/claude/errors.js";
import { ElwoodError as FloorError } from "../../src/errors.js";
import { ELWOOD_ERROR_NAMES, ElwoodError, type ElwoodErrorName } from "../../src/index.js";

// The list as it stood before the agents declared their own names (with serve's five
// limit and origin names), as literals.
const PUBLIC_NAMES = [
  "unsupported_platform",
  "claude_not_found",
  "codex_not_found",
  "claude_start_failed",
  "codex_start_failed",
  "claude_update_failed",
  "codex_update_failed",
  "claude_not_authenticated",
  "codex_not_authenticated",
  "claude_version_unsupported",
  "codex_version_unsupported",
  "claude_invalid_reasoning_effort",
  "codex_invalid_reasoning_effort",
  "claude_high_trust_conflict",
  "codex_high_trust_conflict",
  // issue 46: the fourth agent's names, from src/copilot/errors.ts.
  "copilot_not_found",
  "copilot_start_failed",
  "copilot_update_failed",
  "copilot_not_authenticated",
  "copilot_version_unsupported",
  "copilot_invalid_reasoning_effort",
  "copilot_high_trust_conflict",
  // A settings file Copilot reads (the repository's too) switches every hook off.
  "copilot_hooks_disabled",
  "invalid_options",
  "pty_start_failed",
  "hook_bridge_failed",
  "state_not_found",
  "state_corrupt",
  "adapter_mismatch",
  "resume_unavailable",
  "input_queue_full",
  "session_not_running",
  "prompt_not_accepted",
  "termination_failed",
  "teardown_failed",
  "wait_timeout",
  "interrupt_failed",
  "compact_failed",
  "model_automation_failed",
  "login_failed",
  "login_timeout",
  "invalid_image",
  "image_attach_failed",
  "blocked_prompt",
  "invalid_loop",
  "loop_limit_reached",
  "loop_not_found",
  "loop_persistence_failed",
  "loop_submission_failed",
  "no_agent_found",
  "agent_exited",
  "unauthorized",
  "route_not_found",
  "request_too_large",
  "session_not_found",
  "session_already_open",
  "host_not_allowed",
  "origin_not_allowed",
  "session_limit_reached",
  "connection_limit_reached",
  "request_timeout",
  "invalid_approval",
  "approval_not_found",
  "approval_settled",
  // issue 25: a program prompt that waited out a person's untouched draft.
  "composer_occupied",
  // issue 48: the user's own settings switch Claude's hooks off.
  "claude_hooks_disabled",
  // issue 45: a second session/prompt while one runs on the same ACP session.
  "prompt_in_progress",
  // issue 42: the third agent's own names (src/gemini/errors.ts).
  "gemini_not_found",
  "gemini_start_failed",
  "gemini_not_authenticated",
  "gemini_version_unsupported",
  "gemini_high_trust_conflict",
  "gemini_hooks_disabled",
  // issue 47: answerDialog() with no dialog on screen, and a dialog that stayed.
  "dialog_not_shown",
  "dialog_not_answered",
] as const;

describe("public error names (issue 20 item 6)", () => {
  it("ELWOOD_ERROR_NAMES has the same 75 members, each once", () => {
    expect(ELWOOD_ERROR_NAMES).toHaveLength(75);
    expect(new Set(ELWOOD_ERROR_NAMES).size).toBe(75);
    expect([...ELWOOD_ERROR_NAMES].sort()).toEqual([...PUBLIC_NAMES].sort());
    expectTypeOf<ElwoodErrorName>().toEqualTypeOf<(typeof PUBLIC_NAMES)[number]>();
  });

  it("an agent's names come from its own folder", () => {
    expect(CLAUDE_ERROR_NAMES.every((name) => name.startsWith("claude_"))).toBe(true);
    expect(ELWOOD_ERROR_NAMES).toEqual(expect.arrayContaining([...CLAUDE_ERROR_NAMES]));
  });

  it("the root's class is the floor's class, typed with every public name", () => {
    expect(ElwoodError).toBe(FloorError);
    const error: unknown = new ElwoodError("claude_not_found", "no claude");
    expect(ElwoodError.is(error, "claude_not_found")).toBe(true);
    if (ElwoodError.is(error)) expectTypeOf(error.name).toEqualTypeOf<ElwoodErrorName>();
    if (error instanceof ElwoodError) expectTypeOf(error.name).toEqualTypeOf<ElwoodErrorName>();
    // @ts-expect-error not an error name
    expect(() => new ElwoodError("nope", "x")).not.toThrow();
    // @ts-expect-error not an error name
    expect(ElwoodError.is(error, "nope")).toBe(false);
  });

  it("the floor class takes Elwood's own names, and an agent's only with its type", () => {
    expect(new FloorError("invalid_options", "x").name).toBe("invalid_options");
    // @ts-expect-error an agent's name needs the agent's type argument
    expect(new FloorError("claude_not_found", "x").name).toBe("claude_not_found");
    const typed = new FloorError<ClaudeErrorName>("claude_high_trust_conflict", "x");
    expectTypeOf(typed.name).toEqualTypeOf<ClaudeErrorName>();
  });
});
