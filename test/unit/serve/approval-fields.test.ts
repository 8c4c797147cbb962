// The approvals parts of serve request bodies (prd/approvals.md "In elwood serve"): the
// launch posture on POST /api/sessions (per agent; the other agent's field is refused)
// and `approvals`; the answer body of POST …/approvals/:approvalId.
import { describe, expect, test } from "vitest";
import { approvalAnswerOf, sessionRequestOf } from "../../../src/serve/request-fields.js";

const base = { cwd: "/tmp/work" };

describe("sessionRequestOf: posture and approvals", () => {
  test("C-APR-01: each agent's posture fields pass through; approvals default on", () => {
    const claude = sessionRequestOf({
      ...base,
      agent: "claude",
      permissionMode: "default",
      allowedTools: ["Read"],
      disallowedTools: ["Bash(rm *)"],
      highTrust: false,
    });
    expect(claude.posture).toEqual({
      permissionMode: "default",
      allowedTools: ["Read"],
      disallowedTools: ["Bash(rm *)"],
      highTrust: false,
    });
    expect(claude.approvals).toBe(true);
    const codex = sessionRequestOf({
      ...base,
      agent: "codex",
      sandbox: "read-only",
      approvalPolicy: "on-request",
      approvals: false,
    });
    expect(codex.posture).toEqual({ sandbox: "read-only", approvalPolicy: "on-request" });
    expect(codex.approvals).toBe(false);
  });

  test.each([
    [{ agent: "claude", sandbox: "read-only" }, "sandbox"],
    [{ agent: "codex", permissionMode: "default" }, "permissionMode"],
    [{ agent: "claude", allowedTools: "Bash" }, "allowedTools"],
    [{ agent: "claude", disallowedTools: [1] }, "disallowedTools"],
    [{ agent: "codex", highTrust: "yes" }, "highTrust"],
    [{ agent: "codex", approvalPolicy: 3 }, "approvalPolicy"],
    [{ agent: "claude", approvals: "off" }, "approvals"],
  ])("%j is invalid_options naming %s", (body, option) => {
    expect(() => sessionRequestOf({ ...base, ...body })).toThrow(
      expect.objectContaining({ name: "invalid_options", details: { option } }),
    );
  });
});

describe("approvalAnswerOf", () => {
  test("C-APR-02: allow, deny, deny with a message", () => {
    expect(approvalAnswerOf({ behavior: "allow" })).toEqual({ behavior: "allow" });
    expect(approvalAnswerOf({ behavior: "deny" })).toEqual({ behavior: "deny" });
    expect(approvalAnswerOf({ behavior: "deny", message: "no" })).toEqual({
      behavior: "deny",
      message: "no",
    });
  });

  test.each([
    [{}, "behavior"],
    [{ behavior: "ask" }, "behavior"],
    [{ behavior: "deny", message: 5 }, "message"],
    [{ behavior: "allow", message: "x" }, "message"],
    [{ behavior: "allow", updatedInput: {} }, "updatedInput"],
  ])("%j is invalid_options naming %s", (body, option) => {
    expect(() => approvalAnswerOf(body)).toThrow(
      expect.objectContaining({ name: "invalid_options", details: { option } }),
    );
  });
});
