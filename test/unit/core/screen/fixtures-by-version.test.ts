// Every captured frame of every tested CLI version (test/fixtures/screens/<cli>-<version>-
// <scenario>.txt, from scripts/dev/capture-screens.ts) read through the adapter's own
// readScreen with that version, so version-scoped facts are exercised as the runtime uses
// them (C-ATTN-01, C-TRUST-01, C-TURN-03, C-CLAUDE-10, C-CODEX-11). A new capture whose
// scenario has no expectation here fails, and so does a tested version without fixtures.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { claudeAdapter } from "../../../../src/claude/adapter.js";
import { codexAdapter } from "../../../../src/codex/adapter.js";
import type { ScreenReading } from "../../../../src/core/contract/adapter.js";
import { loadScreen } from "./load-screen.js";

const SCREENS = join(import.meta.dirname, "../../../fixtures/screens");
const FIXTURE_NAME = /^(claude|codex)-(\d+\.\d+\.\d+)-(.+)\.txt$/;

type Expectation = (reading: ScreenReading) => void;

const answerable =
  (label: string): Expectation =>
  (reading) => {
    expect(reading.dialog).toMatchObject({ kind: "startup_prompt", label });
    expect(reading.dialog?.answerKeys).toBeDefined();
    expect(reading.hasIdleComposer).toBe(false);
  };
const toolPermission: Expectation = (reading) => {
  expect(reading.dialog).toMatchObject({ kind: "human_decision", isToolPermission: true });
  expect(reading.hasIdleComposer).toBe(false);
};
const working: Expectation = (reading) => {
  expect(reading.dialog).toBeUndefined();
  expect(reading.isWorking).toBe(true);
  expect(reading.hasIdleComposer).toBe(false);
};
const idle: Expectation = (reading) => {
  expect(reading.dialog).toBeUndefined();
  expect(reading.isWorking).toBe(false);
  expect(reading.hasIdleComposer).toBe(true);
};
const interrupted: Expectation = (reading) => {
  idle(reading);
  expect(reading.isInterrupted).toBe(true);
};

/** "draft row 1 of N" / … / "draft row `shown` of N", as capture-screens.ts pastes them. */
const draftRows = (shown: number, of = shown) =>
  Array.from({ length: shown }, (_, i) => `draft row ${i + 1} of ${of}`).join("\n");

const wholeDraft =
  (text: string): Expectation =>
  (reading) => {
    idle(reading);
    expect(reading.composerText).toBe(text);
  };

/**
 * A dialog a turn stops on (issue 47): a human decision under its own row, nothing typed
 * into it, its text (from its header down) carrying `shows`; a tool permission where the
 * CLI asks its PermissionRequest hook first.
 */
const turnDialog =
  (ruleId: string, shows: string, isToolPermission: boolean): Expectation =>
  (reading) => {
    expect(reading.dialog).toMatchObject({ kind: "human_decision", ruleIds: [ruleId] });
    expect(reading.dialog?.isToolPermission === true).toBe(isToolPermission);
    expect(reading.dialog?.answerKeys).toBeUndefined();
    expect(reading.dialog?.text).toContain(shows);
    expect(reading.hasIdleComposer).toBe(false);
  };

function loginDialog(reading: ScreenReading): void {
  expect(reading.dialog).toBeUndefined();
  expect(reading.isWorking).toBe(false);
  expect(reading.hasIdleComposer).toBe(false);
  expect(reading.isAuthFailure).toBe(false);
}

/** What each captured scenario must read as, on every version that has it. */
const EXPECTED: Readonly<Record<string, Expectation>> = {
  "workspace-trust": answerable("workspace_trust"),
  "workspace-trust-moved": answerable("workspace_trust"),
  // The bypass warning comes after the trust dialog; this is the first frame.
  "bypass-first": answerable("workspace_trust"),
  "bypass-permissions": answerable("bypass_permissions"),
  "bypass-permissions-moved": answerable("bypass_permissions"),
  "directory-trust": answerable("workspace_trust"),
  "directory-trust-moved": answerable("workspace_trust"),
  // At 50 columns the trust sentence wraps over rows; it must still be answered.
  "directory-trust-50cols": answerable("workspace_trust"),
  "hooks-review": answerable("hook_trust"),
  update: answerable("update"),
  "api-key": (reading) => {
    expect(reading.dialog).toMatchObject({ kind: "human_decision", ruleIds: ["claude-api-key"] });
  },
  "tool-permission": toolPermission,
  "tool-permission-moved": toolPermission,
  approval: toolPermission,
  "approval-moved": toolPermission,
  working,
  "working-2": working,
  "working-streaming": working,
  composer: idle,
  // A person's unsent text, then Ctrl-U (issue 25): idle either way; only the draft differs.
  "composer-draft": (reading) => {
    idle(reading);
    expect(reading.composerDraft).toBe("half a line");
  },
  "composer-cleared": (reading) => {
    idle(reading);
    expect(reading.composerDraft).toBe("");
  },
  // A draft of several rows pasted the way Elwood pastes (capture-screens.ts row-drafts):
  // the composer's text is every row of it, which the failed-draft cleanup counts to clear
  // it row by row. Codex grows its composer upward over its status line.
  "composer-draft-2rows": wholeDraft(draftRows(2)),
  "composer-draft-5rows": wholeDraft(draftRows(5)),
  "composer-draft-12rows": wholeDraft(draftRows(12)),
  // Under a history echo "› say hello", which is a "›" row too: the lowest one wins.
  "composer-draft-5rows-under-history": wholeDraft(draftRows(5)),
  // A line wrapped at the width reads as its screen rows.
  "composer-draft-wrapped": (reading) => {
    idle(reading);
    expect(reading.composerText?.split("\n")).toHaveLength(6);
    expect(reading.composerDraft).toBe(
      `first row ${Array.from({ length: 60 }, (_, i) => `wrapped${i}`).join(" ")} last row`,
    );
  },
  // The tallest draft Codex shows over its status line on a 48-row screen. The screen
  // reading takes at most 12 rows of a composer (src/core/screen/screen-reading.ts).
  "composer-draft-28rows": (reading) => {
    idle(reading);
    expect(reading.composerText).toBe(draftRows(28, 28));
  },
  // One row more and Codex drops its status line; its footer row stays while it has
  // something to say ("⚠ 1 warning · f2 to view" here), which still marks the box. With
  // a blank footer (no warnings) nothing tells the box from a history echo (prd/screens.md).
  "composer-draft-29rows": (reading) => {
    idle(reading);
    expect(reading.composerText).toBe(draftRows(29, 29));
  },
  answered: idle,
  interrupted,
  "tool-permission-rejected": interrupted,
  "approval-escaped": interrupted,
  // A --settings file naming an unknown hook event: a dialog no row knows, held as an
  // unknown gate whose text tells the user what it is.
  "settings-warning": (reading) => {
    expect(reading.dialog).toMatchObject({
      kind: "human_decision",
      ruleIds: ["claude-unknown-gate"],
    });
    expect(reading.dialog?.text).toMatch(/^Settings Warning\n/);
    expect(reading.dialog?.text).toContain("❯ 1. Continue");
    expect(reading.hasIdleComposer).toBe(false);
  },
  // Esc Esc after a turn (capture-screens.ts esc-esc): Claude's Rewind, Codex's transcript
  // browsing. Either would take a typed prompt as keys, so both hold input as dialogs.
  "answered-before-rewind": idle,
  "answered-before-backtrack": idle,
  rewind: (reading) => {
    expect(reading.dialog).toMatchObject({ kind: "human_decision", ruleIds: ["claude-rewind"] });
    expect(reading.hasIdleComposer).toBe(false);
  },
  backtrack: (reading) => {
    expect(reading.dialog).toMatchObject({ kind: "human_decision", ruleIds: ["codex-backtrack"] });
    expect(reading.hasIdleComposer).toBe(false);
  },
  // Dialogs a turn stops on (capture-screens.ts dialogs): Claude's plan approval with and
  // without a plan file, an MCP tool's permission and AskUserQuestion; Codex's MCP tool
  // approval and plan-mode question.
  "plan-approval": turnDialog("claude-plan-approval", "1. Create plan-probe.txt", true),
  "exit-plan-mode": turnDialog("claude-exit-plan-mode", "Claude wants to exit plan mode", true),
  "mcp-tool-permission": turnDialog("claude-tool-permission", "Do you want to proceed?", true),
  question: turnDialog("claude-question", "Which database should the probe use?", true),
  "mcp-approval": turnDialog(
    "codex-mcp-approval",
    'Allow the stamp MCP server to run tool "stamp"?',
    true,
  ),
  "plan-question": turnDialog(
    "codex-plan-question",
    "Question 1/1 (1 unanswered)\nWhich database should the probe use?",
    false,
  ),
  "auth-failure": (reading) => {
    expect(reading.isAuthFailure).toBe(true);
  },
  // /login's dialog replaces the composer; login() reads it with its own facts
  // (src/claude/screen/login.ts, test/unit/core/operations/login.test.ts).
  "login-methods": loginDialog,
  "login-url": loginDialog,
  "login-oauth-error": loginDialog,
  // Codex 0.171.0 folds MCP startup failures into "⚠ N warnings · f2 to view" (prd/operations.md).
  "mcp-startup": (reading) => {
    expect(reading.dialog).toBeUndefined();
    expect(reading.hasIdleComposer).toBe(true);
  },
  "mcp-warnings": (reading) => {
    expect(reading.hasIdleComposer).toBe(false);
  },
  "mcp-warnings-closed": (reading) => {
    expect(reading.dialog).toBeUndefined();
    expect(reading.hasIdleComposer).toBe(true);
  },
  // The pager's second page, the screen after F2 closed it, and a reopened empty pager.
  "mcp-warnings-page2": (reading) => {
    expect(reading.hasIdleComposer).toBe(false);
  },
  "mcp-warnings-f2-closed": (reading) => {
    expect(reading.dialog).toBeUndefined();
    expect(reading.hasIdleComposer).toBe(true);
  },
  "mcp-warnings-reopened": (reading) => {
    expect(reading.hasIdleComposer).toBe(false);
  },
};

const ADAPTERS = { claude: claudeAdapter, codex: codexAdapter } as const;

const fixtures = readdirSync(SCREENS)
  .map((file) => FIXTURE_NAME.exec(file))
  .filter((match) => match !== null)
  .map(([file, cli, version, scenario]) => ({
    file: file as string,
    cli: cli as keyof typeof ADAPTERS,
    version: version as string,
    scenario: scenario as string,
  }));

describe("C-ATTN-01 C-TRUST-01 C-TURN-03 C-CLAUDE-10 C-CODEX-11: screen facts against every captured fixture of every tested version", () => {
  it("has fixtures for both CLIs, each with a trust dialog, composer, working and interrupt frame", () => {
    for (const cli of ["claude", "codex"] as const) {
      const versions = new Set(fixtures.filter((f) => f.cli === cli).map((f) => f.version));
      expect(versions.size).toBeGreaterThan(0);
      for (const version of versions) {
        const scenarios = fixtures
          .filter((f) => f.cli === cli && f.version === version)
          .map((f) => f.scenario);
        const trust = cli === "claude" ? "workspace-trust" : "directory-trust";
        expect(scenarios, `${cli} ${version}`).toEqual(
          expect.arrayContaining([trust, "composer", "working", "interrupted"]),
        );
      }
    }
  });

  it.each(fixtures)("$file", ({ file, cli, version, scenario }) => {
    const expectation = EXPECTED[scenario];
    if (expectation === undefined) {
      throw new Error(`no expectation for the captured scenario "${scenario}" (${file})`);
    }
    const snapshot = loadScreen(file.replace(/\.txt$/, ""));
    const reading = ADAPTERS[cli].readScreen({
      ...snapshot,
      cursor: { ...snapshot.cursor, isVisible: false },
      title: "",
      cliVersion: version,
    });
    expectation(reading);
  });
});
