// Version-scoped facts and the dialog text an attention carries (C-ATTN-01, C-TRUST-01).
import { describe, expect, it } from "vitest";
import { codexAdapter } from "../../../../src/codex/adapter.js";
import { CODEX_SCREEN_FACTS } from "../../../../src/codex/screen/facts.js";
import {
  DIALOG_TEXT_MAX_CHARS,
  DIALOG_TEXT_MAX_LINES,
  dialogText,
  withoutWorkspacePath,
} from "../../../../src/core/screen/dialog-text.js";
import { factsForVersion, isFactForVersion } from "../../../../src/core/screen/screen-reading.js";
import type { ScreenFact } from "../../../../src/core/screen/types.js";
import { loadScreen } from "./load-screen.js";

const fact = (versions: ScreenFact["versions"]): ScreenFact => ({
  id: "x",
  kind: "working",
  header: /x/,
  verifiedOn: "test",
  ...(versions === undefined ? {} : { versions }),
});

describe("C-TRUST-01 version-scoped facts", () => {
  it("a range is `from` inclusive and `before` exclusive; no range means every version", () => {
    expect(isFactForVersion(fact(undefined), "0.1.0")).toBe(true);
    const range = fact({ from: "0.124.0", before: "0.171.0" });
    expect(isFactForVersion(range, "0.123.9")).toBe(false);
    expect(isFactForVersion(range, "0.124.0")).toBe(true);
    expect(isFactForVersion(range, "0.170.99")).toBe(true);
    expect(isFactForVersion(range, "0.171.0")).toBe(false);
  });

  it("an unknown version keeps the whole table", () => {
    expect(factsForVersion(CODEX_SCREEN_FACTS, undefined)).toBe(CODEX_SCREEN_FACTS);
    const ids = factsForVersion(CODEX_SCREEN_FACTS, "0.171.0").rows.map((row) => row.id);
    expect(ids).not.toContain("codex-directory-trust-legacy");
    expect(factsForVersion(CODEX_SCREEN_FACTS, "0.150.0").rows.map((row) => row.id)).toContain(
      "codex-directory-trust-legacy",
    );
  });

  it("the 0.150.0 trust dialog is answerable on 0.150.0, and only an unknown gate on 0.171.0", () => {
    const snapshot = loadScreen("codex-0.150.0-directory-trust");
    const read = (cliVersion: string) =>
      codexAdapter.readScreen({
        ...snapshot,
        cursor: { x: 0, y: 0, isVisible: false },
        title: "",
        cliVersion,
      });
    expect(read("0.150.0").dialog).toMatchObject({
      ruleIds: ["codex-directory-trust-legacy"],
      label: "workspace_trust",
      answerKeys: "\r",
    });
    const unknown = read("0.171.0").dialog;
    expect(unknown).toMatchObject({ ruleIds: ["codex-unknown-gate"], kind: "human_decision" });
    expect(unknown?.answerKeys).toBeUndefined();
    expect(unknown?.text).toContain("Do you trust the contents of this directory?");
    expect(unknown?.text).toContain("› 1. Yes, continue");
  });
});

describe("C-ATTN-01 dialog text for the attention activity", () => {
  it("is the rows from the header down, blank rows dropped", () => {
    const lines = ["old output", "", "  Load this plugin?  ", "", " ❯ 1. Yes", "   2. No", ""];
    expect(dialogText(lines, 2)).toBe("Load this plugin?\n❯ 1. Yes\n2. No");
  });

  it("is bounded in rows and characters", () => {
    const many = Array.from({ length: 60 }, (_, index) => `row ${index}`);
    expect(dialogText(many, 0).split("\n")).toHaveLength(DIALOG_TEXT_MAX_LINES);
    const wide = Array.from({ length: 10 }, () => "x".repeat(400));
    expect(dialogText(wide, 0).length).toBe(DIALOG_TEXT_MAX_CHARS + 1);
  });

  it("leaves out the workspace path, also when it fills a row of its own", () => {
    const text =
      "Accessing workspace:\n/tmp/ws-1/deep\nYou are in /tmp/ws-1/deep now\n/tmp/ws-1/de";
    expect(withoutWorkspacePath(text, "/tmp/ws-1/deep")).toBe(
      "Accessing workspace:\n<workspace>\nYou are in <workspace> now\n<path>",
    );
  });
});
