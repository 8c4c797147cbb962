// Realistic Claude Code 2.1.197 hook inputs, one per event, built from
// hook-protocols A5/A6 (field names and values as the CLI sends them).

const common = {
  session_id: "f5347fa9-2c1e-4b8a-9d0e-0b1f6a3c2d11",
  transcript_path: "/home/u/.claude/projects/-work-app/f5347fa9-2c1e-4b8a-9d0e-0b1f6a3c2d11.jsonl",
  cwd: "/work/app",
};
const inTurn = {
  ...common,
  prompt_id: "7e0724b7-1111-4222-8333-944455556666",
  permission_mode: "default",
  effort: { level: "high" },
};
const bash = { command: "echo hi", description: "run it" };

export const claudeSamples = {
  SessionStart: {
    ...common,
    hook_event_name: "SessionStart",
    source: "startup",
    model: "claude-opus-4-8[1m]",
  },
  Setup: { ...common, hook_event_name: "Setup", trigger: "init" },
  InstructionsLoaded: {
    ...common,
    hook_event_name: "InstructionsLoaded",
    file_path: "/work/app/CLAUDE.md",
    memory_type: "Project",
    load_reason: "session_start",
  },
  UserPromptSubmit: { ...inTurn, hook_event_name: "UserPromptSubmit", prompt: "run echo hi" },
  UserPromptExpansion: {
    ...inTurn,
    hook_event_name: "UserPromptExpansion",
    expansion_type: "slash_command",
    command_name: "review",
    command_args: "src/",
    prompt: "/review src/",
  },
  PreToolUse: {
    ...inTurn,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: bash,
    tool_use_id: "toolu_01",
  },
  PermissionRequest: {
    ...inTurn,
    hook_event_name: "PermissionRequest",
    tool_name: "Bash",
    tool_input: bash,
    permission_suggestions: [
      {
        type: "addRules",
        rules: [{ toolName: "Bash", ruleContent: "echo:*" }],
        behavior: "allow",
        destination: "localSettings",
      },
    ],
  },
  PostToolUse: {
    ...inTurn,
    hook_event_name: "PostToolUse",
    tool_name: "Bash",
    tool_input: bash,
    tool_response: {
      stdout: "hi\n",
      stderr: "",
      interrupted: false,
      isImage: false,
      noOutputExpected: false,
    },
    tool_use_id: "toolu_01",
    duration_ms: 12,
  },
  PostToolUseFailure: {
    ...inTurn,
    hook_event_name: "PostToolUseFailure",
    tool_name: "Bash",
    tool_input: bash,
    tool_use_id: "toolu_02",
    error: "Exit code 1",
  },
  PostToolBatch: {
    ...inTurn,
    hook_event_name: "PostToolBatch",
    tool_calls: [
      { tool_name: "Bash", tool_input: bash, tool_use_id: "toolu_01", tool_response: "hi" },
    ],
  },
  PermissionDenied: {
    ...inTurn,
    permission_mode: "auto",
    hook_event_name: "PermissionDenied",
    tool_name: "Bash",
    tool_input: { command: "rm -rf build" },
    tool_use_id: "toolu_03",
    reason: "classifier denied destructive command",
  },
  Notification: {
    ...common,
    hook_event_name: "Notification",
    message: "Claude needs your permission to use Bash",
    notification_type: "permission_prompt",
  },
  SubagentStart: {
    ...inTurn,
    hook_event_name: "SubagentStart",
    agent_id: "a1b2",
    agent_type: "Explore",
  },
  SubagentStop: {
    ...inTurn,
    hook_event_name: "SubagentStop",
    stop_hook_active: false,
    agent_id: "a1b2",
    agent_type: "Explore",
    agent_transcript_path: "/home/u/.claude/projects/-work-app/f5347fa9/subagents/agent-a1b2.jsonl",
    last_assistant_message: "done",
  },
  TaskCreated: {
    ...inTurn,
    hook_event_name: "TaskCreated",
    task_id: "1",
    task_subject: "Write tests",
  },
  TaskCompleted: {
    ...inTurn,
    hook_event_name: "TaskCompleted",
    task_id: "1",
    task_subject: "Write tests",
    task_description: "unit tests for hooks",
  },
  Stop: {
    ...inTurn,
    hook_event_name: "Stop",
    stop_hook_active: false,
    last_assistant_message: "hi",
  },
  StopFailure: {
    ...inTurn,
    hook_event_name: "StopFailure",
    error: "rate_limit",
    error_details: "429",
  },
  TeammateIdle: {
    ...inTurn,
    hook_event_name: "TeammateIdle",
    teammate_name: "reviewer",
    team_name: "core",
  },
  ConfigChange: {
    ...common,
    hook_event_name: "ConfigChange",
    source: "project_settings",
    file_path: "/work/app/.claude/settings.json",
  },
  CwdChanged: {
    ...inTurn,
    hook_event_name: "CwdChanged",
    old_cwd: "/work/app",
    new_cwd: "/work/app/src",
  },
  FileChanged: {
    ...common,
    hook_event_name: "FileChanged",
    file_path: "/work/app/.envrc",
    event: "change",
  },
  WorktreeCreate: { ...inTurn, hook_event_name: "WorktreeCreate", name: "fix-login" },
  WorktreeRemove: {
    ...inTurn,
    hook_event_name: "WorktreeRemove",
    worktree_path: "/work/wt/fix-login",
  },
  PreCompact: {
    ...common,
    hook_event_name: "PreCompact",
    trigger: "manual",
    custom_instructions: null,
  },
  PostCompact: {
    ...common,
    hook_event_name: "PostCompact",
    trigger: "auto",
    compact_summary: "summary",
  },
  SessionEnd: { ...common, hook_event_name: "SessionEnd", reason: "other" },
  Elicitation: {
    ...inTurn,
    hook_event_name: "Elicitation",
    mcp_server_name: "github",
    message: "Pick a repository",
    mode: "form",
    elicitation_id: "el-1",
    requested_schema: { type: "object", properties: { repo: { type: "string" } } },
  },
  ElicitationResult: {
    ...inTurn,
    hook_event_name: "ElicitationResult",
    mcp_server_name: "github",
    elicitation_id: "el-1",
    action: "accept",
    content: { repo: "with-logic/elwood" },
  },
  MessageDisplay: {
    ...inTurn,
    hook_event_name: "MessageDisplay",
    turn_id: "t-1",
    message_id: "msg_01",
    index: 0,
    final: false,
    delta: "Hello",
  },
} as const;

/** A PreToolUse input for one tool. */
export function claudePreToolUse(toolName: string, toolInput: unknown) {
  return { ...claudeSamples.PreToolUse, tool_name: toolName, tool_input: toolInput };
}

export const askUserQuestionInput = {
  questions: [
    {
      question: "Which package manager should we use?",
      header: "Package manager",
      options: [
        { label: "npm", description: "Node's default" },
        { label: "pnpm", description: "Fast, disk efficient" },
      ],
      multiSelect: false,
    },
  ],
};
