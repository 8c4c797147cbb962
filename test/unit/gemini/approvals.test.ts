// Gemini's approvals (prd/gemini.md "Approvals"): the Notification hook's ToolPermission
// details, as Gemini CLI 0.61.0 sends them, become the agent-neutral ApprovalRequest; the
// permission dialog's row carries the keys an answer types, only with its body on screen;
// and ElwoodApprovals parks the announced dialog through the real hook dispatcher and
// Gemini's catalogue, answering it on screen.
import { describe, expect, it, vi } from "vitest";
import { ElwoodApprovals } from "../../../src/agents.js";
import { createHookDispatcher } from "../../../src/bridge/dispatcher.js";
import { handlerTimeoutsOf } from "../../../src/bridge/handler-timeout.js";
import type { ElwoodApprovalEvent } from "../../../src/core/approvals/types.js";
import {
  PERMISSION_DIALOG,
  type PermissionDialogAnswer,
  type PermissionDialogPort,
  type ShownPermissionDialog,
} from "../../../src/core/contract/permission-dialog.js";
import { readScreenWithFacts } from "../../../src/core/screen/screen-reading.js";
import { ElwoodError } from "../../../src/errors.js";
import { geminiApprovalRequest } from "../../../src/gemini/approvals.js";
import { geminiHookCatalogue } from "../../../src/gemini/hooks/catalogue.js";
import type { GeminiHookEventOf } from "../../../src/gemini/hooks/events.js";
import { GEMINI_SCREEN_FACTS } from "../../../src/gemini/screen/facts.js";

const COMMON = {
  session_id: "0b9d2c4e-1111-4a2b-9c3d-5e6f7a8b9c0d",
  transcript_path: "/home/u/.gemini/tmp/ws/chats/session-x.jsonl",
  cwd: "/tmp/ws",
  timestamp: "2026-12-07T12:00:00.000Z",
  hook_event_name: "Notification",
} as const;

/** A ToolPermission notification as Gemini 0.61.0 sends it (seen in the e2e). */
function permission(details: unknown): GeminiHookEventOf<"Notification"> {
  return {
    ...COMMON,
    notification_type: "ToolPermission",
    message: "Tool Confirm Shell Command requires execution",
    details,
  } as GeminiHookEventOf<"Notification">;
}

const EXEC = {
  type: "exec",
  title: "Confirm Shell Command",
  command: "touch /tmp/ws/marker.txt && echo done",
  rootCommand: "touch, echo",
};

describe("geminiApprovalRequest", () => {
  it("a shell dialog is run_shell_command with the command as its detail and the details as input", () => {
    expect(geminiApprovalRequest(permission(EXEC))).toEqual({
      agent: "gemini",
      agentSessionId: COMMON.session_id,
      toolName: "run_shell_command",
      input: EXEC,
      detail: { kind: "command", command: EXEC.command },
    });
  });

  it("an edit dialog names write_file or replace by its title and carries the path and diff", () => {
    const edit = {
      type: "edit",
      title: "Confirm Write: notes.md",
      fileName: "notes.md",
      filePath: "/tmp/ws/notes.md",
      fileDiff: "--- notes.md\n+++ notes.md\n@@ -0,0 +1 @@\n+hello",
      originalContent: "",
      newContent: "hello",
    };
    expect(geminiApprovalRequest(permission(edit))).toMatchObject({
      toolName: "write_file",
      detail: { kind: "edit", filePath: edit.filePath, diff: edit.fileDiff },
    });
    const replace = { ...edit, title: "Confirm Edit: notes.md" };
    expect(geminiApprovalRequest(permission(replace))?.toolName).toBe("replace");
  });

  it("an MCP dialog names its server and tool (the dialog carries no arguments)", () => {
    const mcp = {
      type: "mcp",
      title: "Confirm MCP Tool: search",
      serverName: "docs",
      toolName: "search",
      toolDisplayName: "search",
    };
    expect(geminiApprovalRequest(permission(mcp))).toMatchObject({
      toolName: "search",
      detail: { kind: "mcp", server: "docs", tool: "search", arguments: undefined },
    });
  });

  it("other notices, dialogs the screen table cannot answer and malformed details announce nothing", () => {
    const other = { ...permission(EXEC), notification_type: "SomethingElse" };
    expect(geminiApprovalRequest(other as GeminiHookEventOf<"Notification">)).toBeUndefined();
    const info = { type: "info", title: "Confirm Web Fetch", prompt: "fetch", urls: [] };
    expect(geminiApprovalRequest(permission(info))).toBeUndefined();
    expect(geminiApprovalRequest(permission(undefined))).toBeUndefined();
    expect(geminiApprovalRequest(permission({ type: "exec", title: "x" }))).toBeUndefined();
  });
});

// The permission dialog as the e2e captured it on 0.61.0 (widths trimmed).
const DIALOG_ROWS = [
  " > needs approval",
  "",
  "│ ? Shell  touch /tmp/ws/marker.txt && echo done                 │",
  "│ ╭──────────────────────────────────────────────────────────╮ │",
  "│ │ touch /tmp/ws/marker.txt && echo done                    │ │",
  "│ ╰──────────────────────────────────────────────────────────╯ │",
  "│ Allow execution of [Shell]?                                   │",
  "│                                                               │",
  "│ ● 1. Allow once                                               │",
  "│   2. Allow for this session                                   │",
  "│   3. No, suggest changes (esc)                                │",
];

const read = (lines: readonly string[]) =>
  readScreenWithFacts(
    { lines, cursor: { x: 0, y: 0, isVisible: true }, title: "", cliVersion: "0.61.0" },
    GEMINI_SCREEN_FACTS,
  );

describe("Gemini's permission dialog row (0.61.0)", () => {
  it("with its body on screen it carries the approval keys: 1 allows once, Escape refuses", () => {
    const { dialog } = read(DIALOG_ROWS);
    expect(dialog).toMatchObject({
      ruleIds: ["gemini-tool-permission"],
      kind: "human_decision",
      isToolPermission: true,
      approvalKeys: { allow: "1", deny: "\x1b" },
    });
    // Never answered on its own: the screen watcher gets no key for it.
    expect(dialog?.answerKeys).toBeUndefined();
  });

  it("a header whose options are cut off holds input but carries no keys", () => {
    const { dialog } = read(DIALOG_ROWS.slice(0, 8));
    expect(dialog?.isToolPermission).toBe(true);
    expect(dialog?.approvalKeys).toBeUndefined();
  });
});

/** A session port whose one dialog the test shows, answers or takes away. */
function fakePort() {
  const typed: PermissionDialogAnswer[] = [];
  const gone = new AbortController();
  let isShown = true;
  let resolveShown: (shown: ShownPermissionDialog | undefined) => void = () => {};
  const shown: ShownPermissionDialog = {
    gone: gone.signal,
    stillShown: () => {
      if (!isShown) gone.abort("request_ended");
      return isShown;
    },
    answer: (answer) => {
      if (!isShown) return false;
      typed.push(answer);
      return true;
    },
  };
  const port: PermissionDialogPort = {
    announced: () =>
      new Promise((resolve) => {
        resolveShown = resolve;
      }),
  };
  return {
    port,
    typed,
    show: () => resolveShown(shown),
    neverShows: () => resolveShown(undefined),
    answeredAtTerminal: () => {
      isShown = false;
    },
    goAway: () => gone.abort("request_ended"),
  };
}

function geminiSetup(approvals: ElwoodApprovals, port: PermissionDialogPort | undefined) {
  const handlers = approvals.geminiHooks();
  const dispatcher = createHookDispatcher({
    catalogue: geminiHookCatalogue,
    handlers,
    hookTimeoutMs: 1_000,
    hookTimeoutsByEvent: handlerTimeoutsOf(handlers),
    contextExtras: () => (port === undefined ? {} : { [PERMISSION_DIALOG]: port }),
  });
  return { handlers, notify: () => dispatcher.dispatch(permission(EXEC), "Notification") };
}

function recordEvents(approvals: ElwoodApprovals): ElwoodApprovalEvent[] {
  const events: ElwoodApprovalEvent[] = [];
  approvals.on((event) => events.push(event));
  return events;
}

describe("ElwoodApprovals for Gemini (answered on screen)", () => {
  it("the hook returns at once with no decision and keeps the session's own deadline", async () => {
    const approvals = new ElwoodApprovals();
    const screen = fakePort();
    const { handlers, notify } = geminiSetup(approvals, screen.port);
    expect(handlerTimeoutsOf(handlers)).toEqual({});
    expect(await notify()).toBeUndefined();
    // Announced, not shown yet: nothing to answer.
    expect(approvals.pending()).toEqual([]);
  });

  it("pending once the dialog shows; allow types the allow key and settles it", async () => {
    const approvals = new ElwoodApprovals();
    const events = recordEvents(approvals);
    const screen = fakePort();
    await geminiSetup(approvals, screen.port).notify();
    screen.show();
    await vi.waitFor(() => expect(approvals.pending()).toHaveLength(1));
    const [approval] = approvals.pending();
    expect(approval).toMatchObject({
      agent: "gemini",
      toolName: "run_shell_command",
      detail: { kind: "command", command: EXEC.command },
    });
    approvals.answer(approval?.id ?? "", { behavior: "allow" });
    await vi.waitFor(() => expect(screen.typed).toEqual(["allow"]));
    expect(approvals.pending()).toEqual([]);
    expect(events.map((event) => event.type)).toEqual(["created", "answered"]);
  });

  it("deny types the deny key (a message is kept on the event; the dialog has no place for it)", async () => {
    const approvals = new ElwoodApprovals();
    const events = recordEvents(approvals);
    const screen = fakePort();
    await geminiSetup(approvals, screen.port).notify();
    screen.show();
    await vi.waitFor(() => expect(approvals.pending()).toHaveLength(1));
    const id = approvals.pending()[0]?.id ?? "";
    approvals.answer(id, { behavior: "deny", message: "not here" });
    await vi.waitFor(() => expect(screen.typed).toEqual(["deny"]));
    expect(events.at(-1)).toMatchObject({ type: "answered", answer: { behavior: "deny" } });
  });

  it("a dialog gone from the screen cancels its approval: it leaves the list and an answer is approval_settled", async () => {
    const approvals = new ElwoodApprovals();
    const events = recordEvents(approvals);
    const screen = fakePort();
    await geminiSetup(approvals, screen.port).notify();
    screen.show();
    await vi.waitFor(() => expect(approvals.pending()).toHaveLength(1));
    const id = approvals.pending()[0]?.id ?? "";
    screen.goAway();
    expect(approvals.pending()).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: "cancelled", reason: "request_ended" });
    const error = (() => {
      try {
        approvals.answer(id, { behavior: "allow" });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(ElwoodError.is(error, "approval_settled")).toBe(true);
    expect(screen.typed).toEqual([]);
  });

  it("a dialog answered at the terminal a moment ago is found gone by the answer itself: no key typed", async () => {
    const approvals = new ElwoodApprovals();
    const screen = fakePort();
    await geminiSetup(approvals, screen.port).notify();
    screen.show();
    await vi.waitFor(() => expect(approvals.pending()).toHaveLength(1));
    const id = approvals.pending()[0]?.id ?? "";
    screen.answeredAtTerminal();
    expect(() => approvals.answer(id, { behavior: "allow" })).toThrow(
      expect.objectContaining({ name: "approval_settled" }),
    );
    await Promise.resolve();
    expect(screen.typed).toEqual([]);
    expect(approvals.pending()).toEqual([]);
  });

  it("a dialog that never shows, or a dispatch with no session port, parks nothing", async () => {
    const approvals = new ElwoodApprovals();
    const screen = fakePort();
    await geminiSetup(approvals, screen.port).notify();
    screen.neverShows();
    await geminiSetup(approvals, undefined).notify();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(approvals.pending()).toEqual([]);
  });

  it("close() cancels a pending on-screen approval and types nothing", async () => {
    const approvals = new ElwoodApprovals();
    const events = recordEvents(approvals);
    const screen = fakePort();
    await geminiSetup(approvals, screen.port).notify();
    screen.show();
    await vi.waitFor(() => expect(approvals.pending()).toHaveLength(1));
    approvals.close();
    expect(events.at(-1)).toMatchObject({ type: "cancelled", reason: "closed" });
    await Promise.resolve();
    expect(screen.typed).toEqual([]);
  });
});
