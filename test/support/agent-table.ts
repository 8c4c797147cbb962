// The agent-neutral e2e scenarios' one table of agents (issue 42/46 "Done when" 2): a row
// per registered agent (src/agents.ts), holding only what differs between the CLIs — its
// public factories with the options a scenario needs, how the scripted model asks it for a
// shell command, and the hook event it fires before a tool. A scenario is written once
// over `AGENT_ROWS`; adding an agent to the registry fails to compile here until its row
// is added, never a copy of a scenario.

import { join } from "node:path";
import {
  ClaudeSession,
  CodexSession,
  CopilotSession,
  GeminiSession,
  resumeClaude,
  resumeCodex,
  resumeCopilot,
  resumeGemini,
  startClaude,
  startCodex,
  startCopilot,
  startGemini,
  startOrResumeClaude,
  startOrResumeCodex,
  startOrResumeCopilot,
  startOrResumeGemini,
} from "../../src/agents.js";
import type { HookEventBase, HookParseResult } from "../../src/bridge/catalogue.js";
import { claudeAdapter } from "../../src/claude/adapter.js";
import { codexAdapter } from "../../src/codex/adapter.js";
import { copilotAdapter } from "../../src/copilot/adapter.js";
import type { ScreenFrame, ScreenReading } from "../../src/core/contract/adapter.js";
import type {
  ElwoodAgentSession,
  ElwoodAgentSessionEvents,
} from "../../src/core/contract/session.js";
import { geminiAdapter } from "../../src/gemini/adapter.js";
import type { AgentSession } from "../../src/session/agent-session.js";
import type { AgentHome, ToolStep } from "../../src/testing/index.js";
import type { FixtureOptions } from "./claude-e2e.js";
import { CLI_NAMES, type CliName } from "./cli-binaries.js";

/** What every scenario passes to a row's factories: the fixture's folders and the CLI. */
export interface RowOptions {
  readonly cwd: string;
  readonly env: Record<string, string>;
  /** Left out: the state is kept in `<cwd>/.elwood/`, the default. */
  readonly stateDir?: string;
  /** The CLI to run instead of the pinned one (a wrapper that logs each run). */
  readonly executable?: string;
  /** Installed on the agent's before-a-tool hook (`AgentRow.beforeToolEvent`). */
  readonly beforeTool?: (event: never) => unknown;
  /** More hooks beside it, by the agent's own event names (e.g. ElwoodApprovals' hooksFor). */
  readonly hooks?: Readonly<Record<string, unknown>>;
  /** Which hook events the CLI waits on (bridge/registration.ts); left out: "declared". */
  readonly hookEvents?: "declared" | "all";
  /** No posture option at all: the agent's defaults, under which its shell may ask first. */
  readonly bare?: boolean;
  /** The posture of `AgentRow.asks` instead: `asks.shell(command)` waits for permission. */
  readonly asking?: boolean;
  /**
   * The shell tool runs outside any sandbox of the CLI's, so it reaches the loopback
   * network (Codex: danger-full-access; the others sandbox no tool by default).
   */
  readonly unsandboxed?: boolean;
  /**
   * The shell tool may name any path without asking: Copilot asks before a command that
   * names a path outside the workspace, unless highTrust (`--allow-all`); the others never do.
   */
  readonly anyPath?: boolean;
  /** How long a person's untouched draft holds a due prompt (composer-guard.test.ts). */
  readonly composerWaitMs?: number;
  /** Runs the CLI's own update command before launch (autoupdate.test.ts). */
  readonly autoupdate?: boolean;
}

/** The lazy classes' options: `cwd` may be left out, and the class takes process.cwd(). */
export type LazyRowOptions = Omit<RowOptions, "cwd"> & { readonly cwd?: string };

/**
 * A lazy class's session as every agent's class has it: `start()`, `close()`, `session`,
 * and its raw hooks on `on("hook")`, read as any agent's (their own events are typed apart).
 */
export type LazyRowSession = AgentSession<ElwoodAgentSessionEvents & { hook: HookEventBase }>;

/**
 * The hooks a lazy class's `on("hook")` shows for one answered turn (session-classes
 * C-API-52): the one that accepted the prompt, the one that ended the turn, and that one's
 * field holding the turn's last reply. Each CLI names them its own way.
 */
export interface TurnHooksRow {
  readonly promptAccepted: string;
  readonly turnEnd: string;
  readonly lastMessageField: string;
  /**
   * The turn-end hook can come before its reply is on disk, and then has no text (a gap,
   * reported): the field naming the record that holds the reply, and why.
   */
  readonly replyMayLag?: { readonly recordField: string; readonly why: string };
}

/**
 * What the agent needs to ask for permission before a shell command (prd/approvals.md): a
 * posture and the scripted model's call it asks about, and how the approval looks.
 */
export interface AskingRow {
  /** Session options, and `elwood serve`'s request fields of the same names. */
  readonly posture: Readonly<Record<string, unknown>>;
  /** The same posture as `elwood` flags (`elwood acp`). */
  readonly cliFlags: readonly string[];
  /** The scripted model's call of the shell tool that the posture asks about. */
  shell(command: string): ToolStep;
  /** The tool's name in the approval, as the CLI reports it. */
  readonly toolName: string;
  /**
   * Answered by typing into the CLI's own dialog (prd/approvals.md "On screen"): a deny's
   * message has no place there.
   */
  readonly answeredOnScreen: boolean;
  /** A word the CLI's own permission dialog shows for the call (an approval expired). */
  readonly dialogShows: string;
  /**
   * The prompt after a turn interrupted while its call waited for permission: Claude sends
   * the refused call's result in the same message, so the scripted model answers it as the
   * interrupted turn's continuation; the others send the prompt with no result beside it
   * (Codex and Copilot record the call as aborted earlier in the history), a turn of its own.
   */
  readonly promptAfterInterrupt: "continues-the-turn" | "starts-a-turn";
}

/**
 * The agent's `/model` picker in Elwood (models.test.ts): where the default a new session
 * uses is saved, and the stage a switch answers after the list (seen in the terminal), if
 * any; or why listModels()/setModel() are refused offline.
 */
export type RowModels =
  | { readonly defaultFile: (home: AgentHome) => string; readonly followUp?: string }
  | { readonly refused: "model_automation_failed"; readonly why: string };

export interface AgentRow {
  readonly agent: CliName;
  /** The agent home's set-up: each CLI's own trust of the workspace is seeded. */
  readonly fixture: FixtureOptions;
  /** Started with the shell tool allowed without a dialog (unless `bare`), and autotrust. */
  start(options: RowOptions): Promise<ElwoodAgentSession>;
  /** The same, lazy: its `session` is undefined until a call starts the CLI. */
  create(options: LazyRowOptions): LazyRowSession;
  resume(options: RowOptions & { readonly elwoodSessionId: string }): Promise<ElwoodAgentSession>;
  startOrResume(
    options: RowOptions & { readonly elwoodSessionId: string },
  ): Promise<{ readonly session: ElwoodAgentSession; readonly resumed: boolean }>;
  /** The scripted model's call of the agent's shell tool running `command`. */
  shell(command: string): ToolStep;
  /** The model API the CLI talks to on the scripted server (`LoggedRequest.api`). */
  readonly api: "anthropic" | "openai" | "google";
  readonly asks: AskingRow;
  /** The hook event name the agent fires before a tool runs (`hookEventName`). */
  readonly beforeToolEvent: string;
  readonly turnHooks: TurnHooksRow;
  /**
   * How the CLI takes a model reply with no text (session-classes C-API-49): the requests
   * one empty prompt makes before the turn ends, and the note a retry appends to the prompt.
   */
  readonly emptyReply: {
    readonly requests: number;
    readonly retryNote?: string;
  };
  /** What a before-tool handler returns to refuse the call; the model sees `reason`. */
  denyTool(reason: string): unknown;
  /** The hook event name the agent fires after a tool ran. */
  readonly afterToolEvent: string;
  /**
   * When the after-tool event is registered with no handler declared for it: "always"
   * (observe-only where the CLI has a hook it does not wait for, so a late observer sees
   * every step), or "with a listener at start" (Gemini: every hook blocks it, and this one
   * cost about 35 ms per tool step; prd/gemini.md "Hooks").
   */
  readonly afterToolRegistered: "always" | "with a listener at start";
  /** Whether the CLI has an update command of its own (`autoupdate` runs it). */
  readonly hasUpdateCommand: boolean;
  /** The hook event name the agent fires when a turn ends. */
  readonly turnEndEvent: string;
  /**
   * How the turn-end hook reaches the bridge (prd/bridge.md "Who can post a hook"): "http"
   * from the CLI's own process, so even a tool that `exec`s into Elwood's client is refused;
   * "command" through the client the CLI runs as its child, which a tool that `exec`s into
   * that client is indistinguishable from.
   */
  readonly turnEndHook: "http" | "command";
  /**
   * The turn-end hook's input always holds the turn's last reply. Copilot's agentStop
   * carries no text: Elwood reads it from the session record, which may lag the hook, and
   * then leaves it out (prd/copilot.md "Hooks").
   */
  readonly turnEndNamesReply: boolean;
  /**
   * The variable in a tool's environment that holds the conversation id; undefined when
   * the CLI hands its tools none (the id is then only on the CLI's command line).
   */
  readonly conversationIdVariable: string | undefined;
  /**
   * How the CLI is told about its tool events when no handler for them is declared in
   * `hooks` at start (prd/decisions.md "Decisions are declared at start"): "observe-only",
   * so it does not wait and a late handler's decision is reported (`undeclared_decision`)
   * and not applied; or "blocking", because the CLI has no hook it does not wait for, so a
   * late handler's decision is applied.
   */
  readonly undeclaredToolEvents: UndeclaredToolEvents;
  /**
   * Its default posture confines a tool's writes to the workspace and the temp dir (Codex's
   * workspace-write sandbox), so files outside them are out of a tool's reach.
   */
  readonly confinesToolWrites: boolean;
  /**
   * What a hooks-off switch the agent's tool plants in the workspace does to the next
   * launch: Elwood's own settings outrank it ("overridden"), or the CLI reads it over them
   * and Elwood refuses the launch with `<agent>_hooks_disabled` ("refused").
   */
  readonly plantedHooksOff: "overridden" | "refused";
  /** The same "shell tool runs unasked" for `elwood` (its flags) and serve (request fields). */
  readonly cliPosture: readonly string[];
  readonly servePosture: Readonly<Record<string, unknown>>;
  /**
   * How a session that never took a prompt resumes (prd/decisions.md "An empty
   * conversation resumes"): "launched-id" always relaunches with `--session-id` and the id
   * it was first launched with; "either" may start afresh under another id (Codex takes no
   * chosen id; Gemini reuses it only while its chat file allows, launchedConversationState).
   */
  readonly emptyResume: "launched-id" | "either";
  /** Which token counts the CLI's own records carry apart (else Elwood reports 0). */
  readonly usage: { readonly cacheWrites: boolean; readonly reasoning: boolean };
  /** How the CLI compacts (compact()): its hooks and the summary requests it sends. */
  readonly compaction: CompactionRow;
  readonly models: RowModels;
  /** The adapter's screen reading, as the runtime reads each frame. */
  readScreen(frame: ScreenFrame): ScreenReading;
  /** The adapter's hook catalogue parsing `raw` as posted on `/hooks/<routeName>`. */
  parseHook(raw: unknown, routeName: string): HookParseResult<HookEventBase>;
  /**
   * A bracketed paste of more lines than this shows in the composer as a chip ("[Pasted
   * text #1 +4 lines]"), not as its text; undefined when every paste shows whole.
   */
  readonly pasteChipOverLines?: number;
  /**
   * The turn after the CLI's transcript was deleted, or replaced by a copy, while the
   * session sat ready (hostile-transcript.test.ts, prd/decisions.md "Hostile inputs").
   */
  readonly transcriptMoved: TurnAfterTranscriptMoved;
  /**
   * The options under which the shell tool can write to the CLI's own terminal device
   * (issue 49: a tool paints fake dialogs there, screen-content.test.ts).
   */
  readonly terminalReach: Pick<RowOptions, "unsandboxed" | "anyPath">;
  /** What the CLI itself puts before a prompt in the user message the model receives. */
  readonly promptPrefix?: RegExp;
}

/**
 * "answers": the CLI opens its transcript by path for each append, so its next records
 * land at the path (a new file once deleted, the copy once replaced), where Elwood reads.
 * Otherwise the CLI appends to the file it opened, out of reach by path: the turn fails
 * with `fails` once catchUpMs passes, and the session stays ready.
 */
export type TurnAfterTranscriptMoved =
  | "answers"
  | { readonly fails: "wait_timeout"; readonly why: string };

export type UndeclaredToolEvents =
  | { readonly registered: "observe-only" }
  | { readonly registered: "blocking"; readonly why: string };

export interface CompactionRow {
  readonly startHook: string;
  /** Absent: the CLI fires no hook when compaction ends (compact() reads its outcome line). */
  readonly endHook?: string;
  /** Model requests one compaction sends for its summary, and whether they are side requests. */
  readonly summaryRequests: number;
  readonly summaryIsSideRequest: boolean;
  /** With no end hook: the line the CLI draws when the model refuses the summary request. */
  readonly refusedLine?: RegExp;
}

const fixture: FixtureOptions = { trusted: true };

function common<O extends LazyRowOptions>(options: O) {
  const {
    beforeTool: _hook,
    hooks: _hooks,
    bare: _bare,
    asking: _asking,
    unsandboxed: _unsandboxed,
    anyPath: _anyPath,
    ...rest
  } = options;
  return { ...rest, autotrust: true };
}

/**
 * The row's hooks: `beforeTool` on the agent's own before-tool event, beside `hooks`. With
 * no `beforeTool`, `hooks` is passed as the same object, so a handler the scenario adds to
 * it after start reaches the session (hooks-declared.test.ts).
 */
function hooksOf(options: LazyRowOptions, beforeToolEvent: string) {
  if (options.beforeTool === undefined) {
    return options.hooks === undefined ? {} : { hooks: options.hooks };
  }
  const hooks = {
    ...options.hooks,
    ...(options.beforeTool && { [beforeToolEvent]: options.beforeTool as never }),
  };
  return Object.keys(hooks).length === 0 ? {} : { hooks };
}

/** The deny most agents take from a before-tool handler (Claude's PreToolUse shape). */
const PERMISSION_DENY = (reason: string) => ({
  permissionDecision: "deny",
  permissionDecisionReason: reason,
});

const CLAUDE_TURN_HOOKS: TurnHooksRow = {
  promptAccepted: "UserPromptSubmit",
  turnEnd: "Stop",
  lastMessageField: "last_assistant_message",
};

// Each agent's own spelling of "the shell tool asks first" (`AskingRow.posture`).
const CLAUDE_ASKING = { permissionMode: "default" } as const;
const CODEX_ASKING = { sandbox: "read-only", approvalPolicy: "on-request" } as const;
const GEMINI_ASKING = { approvalMode: "default" } as const;
const COPILOT_ASKING = {} as const;

const ROWS: Readonly<Record<CliName, AgentRow>> = {
  claude: {
    agent: "claude",
    fixture: { ...fixture, cli: "claude" },
    start: (options) => startClaude({ ...claudeOptions(options) }),
    create: (options) => new ClaudeSession(claudeOptions(options)),
    resume: (options) =>
      resumeClaude({ ...claudeOptions(options), elwoodSessionId: options.elwoodSessionId }),
    startOrResume: (options) =>
      startOrResumeClaude({ ...claudeOptions(options), elwoodSessionId: options.elwoodSessionId }),
    shell: (command) => ({ tool: { name: "Bash", input: { command } } }),
    api: "anthropic",
    // Claude's default mode with no allow rule for Bash asks before every command.
    asks: {
      posture: CLAUDE_ASKING,
      cliFlags: ["--claude-permission-mode", "default"],
      shell: (command) => ({ tool: { name: "Bash", input: { command } } }),
      toolName: "Bash",
      answeredOnScreen: false,
      // Its dialog's title; the command itself may wrap.
      dialogShows: "Bash",
      promptAfterInterrupt: "continues-the-turn",
    },
    beforeToolEvent: "PreToolUse",
    turnHooks: CLAUDE_TURN_HOOKS,
    // 2.1.332 asks once more with the same request.
    emptyReply: { requests: 2 },
    denyTool: PERMISSION_DENY,
    afterToolEvent: "PostToolUse",
    afterToolRegistered: "always",
    hasUpdateCommand: true,
    turnEndEvent: "Stop",
    // Claude POSTs its http hooks itself; only SessionStart and Setup are command hooks.
    turnEndHook: "http",
    turnEndNamesReply: true,
    conversationIdVariable: "CLAUDE_CODE_SESSION_ID",
    // An undeclared tool event is an `async` command hook, which Claude runs in the background.
    undeclaredToolEvents: { registered: "observe-only" },
    confinesToolWrites: false,
    plantedHooksOff: "overridden",
    cliPosture: [],
    servePosture: {},
    emptyResume: "launched-id",
    // Claude's records report no thinking tokens of their own.
    usage: { cacheWrites: true, reasoning: false },
    compaction: {
      startHook: "PreCompact",
      endHook: "PostCompact",
      summaryRequests: 1,
      summaryIsSideRequest: false,
    },
    // With a conversation cached, the session-only "s" asks "Switch model?" first.
    models: {
      defaultFile: (home) => join(home.home, ".claude", "settings.json"),
      followUp: "Switch model?",
    },
    readScreen: (frame) => claudeAdapter.readScreen(frame),
    parseHook: (raw, routeName) => claudeAdapter.hooks.parse(raw, routeName),
    pasteChipOverLines: 3,
    // Claude recreates a deleted transcript at its path and appends on into a copy.
    transcriptMoved: "answers",
    terminalReach: {},
  },
  codex: {
    agent: "codex",
    fixture: { ...fixture, cli: "codex" },
    start: (options) => startCodex(codexOptions(options)),
    create: (options) => new CodexSession(codexOptions(options)),
    resume: (options) =>
      resumeCodex({ ...codexOptions(options), elwoodSessionId: options.elwoodSessionId }),
    startOrResume: (options) =>
      startOrResumeCodex({ ...codexOptions(options), elwoodSessionId: options.elwoodSessionId }),
    shell: (command) => ({ tool: { name: "exec_command", input: { cmd: command } } }),
    api: "openai",
    // On-request in a read-only sandbox, Codex asks before a command that leaves the sandbox.
    asks: {
      posture: CODEX_ASKING,
      cliFlags: ["--codex-sandbox", "read-only", "--codex-approval-policy", "on-request"],
      shell: (command) => ({
        tool: {
          name: "exec_command",
          input: {
            cmd: command,
            sandbox_permissions: "require_escalated",
            justification: "The test needs this file written outside the sandbox",
          },
        },
      }),
      // Codex's PermissionRequest names its shell tool as Claude does.
      toolName: "Bash",
      answeredOnScreen: false,
      dialogShows: "touch",
      promptAfterInterrupt: "starts-a-turn",
    },
    beforeToolEvent: "PreToolUse",
    // Codex's turn hooks are named and shaped as Claude's.
    turnHooks: CLAUDE_TURN_HOOKS,
    emptyReply: { requests: 1 },
    denyTool: PERMISSION_DENY,
    afterToolEvent: "PostToolUse",
    afterToolRegistered: "always",
    hasUpdateCommand: true,
    turnEndEvent: "Stop",
    // Codex has command hooks only.
    turnEndHook: "command",
    turnEndNamesReply: true,
    conversationIdVariable: "CODEX_THREAD_ID",
    // An undeclared tool event is a command hook with `async = true`, which Codex runs detached.
    undeclaredToolEvents: { registered: "observe-only" },
    confinesToolWrites: true,
    plantedHooksOff: "overridden",
    cliPosture: [],
    servePosture: {},
    emptyResume: "either",
    // 0.171.0 records a scripted `input_tokens_details.cache_write_tokens` as its own field.
    usage: { cacheWrites: true, reasoning: true },
    compaction: {
      startHook: "PreCompact",
      endHook: "PostCompact",
      summaryRequests: 1,
      summaryIsSideRequest: true,
    },
    models: {
      defaultFile: (home) => join(home.home, ".codex", "config.toml"),
      followUp: "Select Reasoning Level for",
    },
    readScreen: (frame) => codexAdapter.readScreen(frame),
    parseHook: (raw, routeName) => codexAdapter.hooks.parse(raw, routeName),
    transcriptMoved: {
      fails: "wait_timeout",
      why:
        "Codex keeps its rollout open and appends to the inode it opened, gone from the " +
        'path (prd/decisions.md "Hostile inputs")',
    },
    // Its default workspace-write sandbox lets a tool write only the workspace and the temp
    // dir, not the terminal device.
    terminalReach: { unsandboxed: true },
  },
  gemini: {
    agent: "gemini",
    fixture: { ...fixture, cli: "gemini" },
    start: (options) => startGemini(geminiOptions(options)),
    create: (options) => new GeminiSession(geminiOptions(options)),
    resume: (options) =>
      resumeGemini({ ...geminiOptions(options), elwoodSessionId: options.elwoodSessionId }),
    startOrResume: (options) =>
      startOrResumeGemini({ ...geminiOptions(options), elwoodSessionId: options.elwoodSessionId }),
    shell: (command) => ({
      tool: { name: "run_shell_command", input: { command, description: "run it" } },
    }),
    api: "google",
    // Gemini's default mode asks before `touch` (not before `echo`); its Notification hook
    // only announces the dialog, and the answer is typed into it (prd/gemini.md "Approvals").
    asks: {
      posture: GEMINI_ASKING,
      cliFlags: ["--gemini-approval-mode", "default"],
      shell: (command) => ({
        tool: { name: "run_shell_command", input: { command, description: "Touch a marker" } },
      }),
      toolName: "run_shell_command",
      answeredOnScreen: true,
      dialogShows: "touch",
      promptAfterInterrupt: "starts-a-turn",
    },
    beforeToolEvent: "BeforeTool",
    turnHooks: {
      promptAccepted: "BeforeAgent",
      turnEnd: "AfterAgent",
      lastMessageField: "prompt_response",
    },
    // 0.61 asks three more times, each with this note after the prompt, then ends the turn.
    emptyReply: {
      requests: 4,
      retryNote:
        "\n[System: You previously returned an empty response with no text or thoughts. Please ensure you provide your final answer or call a tool now.]",
    },
    denyTool: (reason) => ({ decision: "deny", reason }),
    afterToolEvent: "AfterTool",
    afterToolRegistered: "with a listener at start",
    // 0.61 has no update subcommand: `gemini update` without a terminal is a headless prompt.
    hasUpdateCommand: false,
    turnEndEvent: "AfterAgent",
    // Gemini has command hooks only (prd/gemini.md).
    turnEndHook: "command",
    // AfterAgent's prompt_response joins the turn's replies' streamed chunks.
    turnEndNamesReply: true,
    // GEMINI_SESSION_ID is set for hook commands only; a tool gets GEMINI_CLI=1 and no id.
    conversationIdVariable: undefined,
    undeclaredToolEvents: {
      registered: "blocking",
      why: "Gemini has command hooks only, none detached: every event it is told about blocks it",
    },
    confinesToolWrites: false,
    // The workspace's .gemini/settings.json outranks the user layer Elwood writes.
    plantedHooksOff: "refused",
    cliPosture: ["--gemini-approval-mode", "yolo"],
    servePosture: { approvalMode: "yolo" },
    emptyResume: "either",
    // usageMetadata has no cache-write count; thoughtsTokenCount is reasoning.
    usage: { cacheWrites: false, reasoning: true },
    // The summary, then its check ("Critically evaluate the <state_snapshot>…").
    compaction: {
      startHook: "PreCompress",
      summaryRequests: 2,
      summaryIsSideRequest: true,
      refusedLine: /^✕ Failed to compress chat history: .*scripted refusal/,
    },
    // Enter on the Manual list applies the model for the session and closes the dialog.
    models: { defaultFile: (home) => join(home.home, ".gemini", "settings.json") },
    readScreen: (frame) => geminiAdapter.readScreen(frame),
    parseHook: (raw, routeName) => geminiAdapter.hooks.parse(raw, routeName),
    // 0.61 appends its chat file by path: once deleted, a new file there holds the next
    // messages (with no header line); once replaced, they go on into the copy.
    transcriptMoved: "answers",
    terminalReach: {},
  },
  copilot: {
    agent: "copilot",
    fixture: { ...fixture, cli: "copilot" },
    start: (options) => startCopilot(copilotOptions(options)),
    create: (options) => new CopilotSession(copilotOptions(options)),
    resume: (options) =>
      resumeCopilot({ ...copilotOptions(options), elwoodSessionId: options.elwoodSessionId }),
    startOrResume: (options) =>
      startOrResumeCopilot({
        ...copilotOptions(options),
        elwoodSessionId: options.elwoodSessionId,
      }),
    shell: (command) => ({ tool: { name: "bash", input: { command, description: "run it" } } }),
    // Offline, Copilot runs BYOK against the scripted server's Anthropic API.
    api: "anthropic",
    // Copilot's own default asks before a command that writes ("Do you want to run this
    // command?"); its permissionRequest hook answers that prompt.
    asks: {
      posture: COPILOT_ASKING,
      cliFlags: [],
      shell: (command) => ({
        tool: { name: "bash", input: { command, description: "Touch a marker" } },
      }),
      toolName: "bash",
      answeredOnScreen: false,
      dialogShows: "touch",
      promptAfterInterrupt: "starts-a-turn",
    },
    beforeToolEvent: "preToolUse",
    // agentStop carries no text of its own: Elwood adds the reply it reads from the record.
    turnHooks: {
      promptAccepted: "userPromptSubmitted",
      turnEnd: "agentStop",
      lastMessageField: "lastAssistantMessage",
      replyMayLag: {
        recordField: "transcriptPath",
        why:
          "1.0.102 runs agentStop before it writes the reply to its session record (seen on the " +
          "first turn in every run); Elwood reads the text only once, when it parses the hook",
      },
    },
    emptyReply: { requests: 1 },
    denyTool: PERMISSION_DENY,
    afterToolEvent: "postToolUse",
    afterToolRegistered: "always",
    hasUpdateCommand: true,
    turnEndEvent: "agentStop",
    // Elwood's plugin registers every Copilot event as a command hook (prd/copilot.md).
    turnEndHook: "command",
    turnEndNamesReply: false,
    // Seen in a tool's `env` (1.0.102), beside `--session-id` on the CLI's command line.
    conversationIdVariable: "COPILOT_AGENT_SESSION_ID",
    undeclaredToolEvents: {
      registered: "blocking",
      why: "Elwood's Copilot plugin registers every event blocking; issue 44 left Copilot as it was",
    },
    confinesToolWrites: false,
    // Copilot honours a repository's disableAllHooks (.claude/settings.local.json too).
    plantedHooksOff: "refused",
    // `elwood` has no flag for Copilot's tool rules; only read-only commands run unasked.
    cliPosture: [],
    servePosture: { allowedTools: ["shell"] },
    emptyResume: "launched-id",
    // Copilot's records report no thinking tokens of their own.
    usage: { cacheWrites: true, reasoning: false },
    compaction: {
      startHook: "preCompact",
      summaryRequests: 1,
      summaryIsSideRequest: false,
      refusedLine: /Compaction Failed: .*scripted refusal/,
    },
    models: {
      refused: "model_automation_failed",
      why: "offline it runs BYOK on one provider model; every other row is unavailable",
    },
    readScreen: (frame) => copilotAdapter.readScreen(frame),
    parseHook: (raw, routeName) => copilotAdapter.hooks.parse(raw, routeName),
    // 1.0.102 appends events.jsonl by path: once deleted, a new file there holds the next
    // turn's events; once replaced, they go on into the copy.
    transcriptMoved: "answers",
    // It asks before a command naming the terminal device ("Do you want to allow this?"),
    // a path outside the workspace.
    terminalReach: { anyPath: true },
    // 1.0.102 sends `transformedContent`: the local time, then the prompt as typed.
    promptPrefix: /^<current_datetime>\d{4}-\d\d-\d\dT[\d:.]+[+-]\d\d:\d\d<\/current_datetime>\n\n/,
  },
};

// Each agent's own spelling of "the shell tool runs unasked" and of its before-tool hook.
function claudeOptions<O extends LazyRowOptions>(options: O) {
  const hooks = hooksOf(options, "PreToolUse");
  if (options.asking) return { ...common(options), ...CLAUDE_ASKING, ...hooks };
  if (options.bare) return { ...common(options), ...hooks };
  return {
    ...common(options),
    permissionMode: "default" as const,
    allowedTools: ["Bash"],
    ...hooks,
  };
}

function codexOptions<O extends LazyRowOptions>(options: O) {
  const hooks = hooksOf(options, "PreToolUse");
  if (options.asking) return { ...common(options), ...CODEX_ASKING, ...hooks };
  // Its default workspace-write sandbox runs tools in a network namespace of their own.
  if (options.unsandboxed) {
    return { ...common(options), sandbox: "danger-full-access" as const, ...hooks };
  }
  return { ...common(options), ...hooks };
}

function geminiOptions<O extends LazyRowOptions>(options: O) {
  const hooks = hooksOf(options, "BeforeTool");
  if (options.asking) return { ...common(options), ...GEMINI_ASKING, ...hooks };
  if (options.bare) return { ...common(options), ...hooks };
  return { ...common(options), approvalMode: "yolo" as const, ...hooks };
}

function copilotOptions<O extends LazyRowOptions>(options: O) {
  const hooks = hooksOf(options, "preToolUse");
  if (options.asking) return { ...common(options), ...COPILOT_ASKING, ...hooks };
  if (options.bare) return { ...common(options), ...hooks };
  if (options.anyPath) return { ...common(options), highTrust: true, ...hooks };
  // Copilot runs only read-only commands (`echo`) unasked; `shell` allows every command.
  return { ...common(options), allowedTools: ["shell"], ...hooks };
}

/** Every registered agent's row, in the registry's order. */
export const AGENT_ROWS: readonly AgentRow[] = CLI_NAMES.map((name) => ROWS[name]);

/** One agent's row. */
export function agentRow(agent: CliName): AgentRow {
  return ROWS[agent];
}
