// Realistic Codex 0.171.0 hook inputs, one per event, shaped like the JSON Schemas the
// binary embeds (hook-protocols B5).

const common = {
  session_id: "0197a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
  transcript_path: "/home/u/.codex/sessions/2026/07/01/rollout-2026-07-01T10-00-00-0197a1b2.jsonl",
  cwd: "/work/app",
};
const turn = { ...common, model: "gpt-5.4", permission_mode: "default", turn_id: "turn-1" };
const bash = { command: "ls -la" };

export const codexSamples = {
  SessionStart: {
    ...common,
    hook_event_name: "SessionStart",
    model: "gpt-5.4",
    permission_mode: "default",
    source: "startup",
  },
  SessionEnd: { ...common, hook_event_name: "SessionEnd", reason: "other" },
  UserPromptSubmit: { ...turn, hook_event_name: "UserPromptSubmit", prompt: "list files" },
  PreToolUse: {
    ...turn,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: bash,
    tool_use_id: "call_1",
  },
  PermissionRequest: {
    ...turn,
    hook_event_name: "PermissionRequest",
    tool_name: "Bash",
    tool_input: bash,
  },
  PostToolUse: {
    ...turn,
    hook_event_name: "PostToolUse",
    tool_name: "Bash",
    tool_input: bash,
    tool_response: "total 0",
    tool_use_id: "call_1",
  },
  PreCompact: {
    ...common,
    hook_event_name: "PreCompact",
    model: "gpt-5.4",
    turn_id: "turn-2",
    trigger: "manual",
  },
  PostCompact: {
    ...common,
    hook_event_name: "PostCompact",
    model: "gpt-5.4",
    turn_id: "turn-2",
    trigger: "auto",
  },
  SubagentStart: {
    ...turn,
    hook_event_name: "SubagentStart",
    agent_id: "agent-1",
    agent_type: "worker",
  },
  SubagentStop: {
    ...turn,
    hook_event_name: "SubagentStop",
    agent_id: "agent-1",
    agent_type: "worker",
    agent_transcript_path: null,
    stop_hook_active: false,
    last_assistant_message: "done",
  },
  Stop: { ...turn, hook_event_name: "Stop", stop_hook_active: false, last_assistant_message: null },
  Interrupt: { ...turn, hook_event_name: "Interrupt" },
} as const;

export function codexTool(
  event: "PreToolUse" | "PermissionRequest" | "PostToolUse",
  toolName: string,
  toolInput: unknown,
) {
  return { ...codexSamples[event], tool_name: toolName, tool_input: toolInput };
}
