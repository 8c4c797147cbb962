// `hookEvents` (issue 44): "declared" by default, "all" opts out of observe-only
// registration; anything else is refused like every other start option.
import { describe, expect, it } from "vitest";
import { claudeOptions } from "../../../../src/claude/options.js";
import { codexOptions } from "../../../../src/codex/options.js";
import { ElwoodError } from "../../../../src/errors.js";

describe("the hookEvents option", () => {
  it('C-HOOK-19: defaults to "declared" and takes "all", on start and resume', () => {
    expect(claudeOptions.parse({ cwd: "/w" }, "start", "startClaude").start?.hookEvents).toBe(
      "declared",
    );
    const resumed = codexOptions.parse({ hookEvents: "all" }, "resume", "resumeCodex").resume;
    expect(resumed?.hookEvents).toBe("all");
  });

  it("C-HOOK-19: any other value is invalid_options naming the values", () => {
    for (const hookEvents of ["some", true, ["PreToolUse"]]) {
      let failure: unknown;
      try {
        claudeOptions.parse({ cwd: "/w", hookEvents }, "start", "startClaude");
      } catch (error) {
        failure = error;
      }
      expect(ElwoodError.is(failure, "invalid_options")).toBe(true);
      expect((failure as Error).message).toMatch(/`hookEvents` must be one of "declared", "all"/);
    }
  });
});
