// What `elwood acp` needs of each agent, one row per agent id: how to build its session
// class with approvals wired in, and its session modes (the launch posture each means).
// A new agent in ELWOOD_AGENT_KINDS fails to type-check here until it has its row.
import {
  ClaudeSession,
  CodexSession,
  type ElwoodAgentKind,
  type ElwoodAgentSession,
  type ElwoodApprovals,
} from "../index.js";

/** The session classes' shared face plus their lazy start. */
export type AcpAgentSession = ElwoodAgentSession & { start(): Promise<unknown> };

/** A session mode: its ACP id and name, and the launch posture options it stands for. */
export interface AcpMode {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly posture: Readonly<Record<string, string>>;
}

export interface AcpAgentKind {
  readonly displayName: string;
  /** A lazy session: nothing runs until its first start. */
  create(options: Readonly<Record<string, unknown>>, approvals: ElwoodApprovals): AcpAgentSession;
  /** The modes offered, the first being the default when the user configured none. */
  readonly modes: readonly AcpMode[];
  /** The posture option names the agent takes (flags and config may set them). */
  readonly postureKeys: readonly string[];
}

const claudeMode = (id: string, name: string, description: string): AcpMode => ({
  id,
  name,
  description,
  posture: { permissionMode: id },
});

const codexMode = (
  id: string,
  name: string,
  description: string,
  sandbox: string,
  approvalPolicy: string,
): AcpMode => ({ id, name, description, posture: { sandbox, approvalPolicy } });

export const ACP_AGENTS: Record<ElwoodAgentKind, AcpAgentKind> = {
  claude: {
    displayName: "Claude Code",
    create: (options, approvals) =>
      new ClaudeSession({ ...options, hooks: approvals.claudeHooks() } as never),
    modes: [
      claudeMode("default", "Ask", "Asks before each tool that needs permission."),
      claudeMode("acceptEdits", "Accept edits", "Edits files without asking; asks for the rest."),
      claudeMode("plan", "Plan", "Plans only: reads and proposes, changes nothing."),
      claudeMode("dontAsk", "Don't ask", "Denies what the settings do not allow, without asking."),
      claudeMode("bypassPermissions", "Bypass permissions", "Runs every tool without asking."),
    ],
    postureKeys: ["permissionMode"],
  },
  codex: {
    displayName: "Codex",
    create: (options, approvals) =>
      new CodexSession({ ...options, hooks: approvals.codexHooks() } as never),
    modes: [
      codexMode(
        "auto",
        "Auto",
        "Works in the workspace; asks before leaving the sandbox.",
        "workspace-write",
        "on-request",
      ),
      codexMode(
        "read-only",
        "Read only",
        "Reads only; asks before any change or command outside the sandbox.",
        "read-only",
        "on-request",
      ),
      codexMode(
        "full-access",
        "Full access",
        "No sandbox and no questions.",
        "danger-full-access",
        "never",
      ),
    ],
    postureKeys: ["sandbox", "approvalPolicy"],
  },
};

/** The mode whose posture the given one is, or undefined for a posture no mode names. */
export function modeOfPosture(
  kind: AcpAgentKind,
  posture: Readonly<Record<string, string>>,
): AcpMode | undefined {
  return kind.modes.find((mode) =>
    kind.postureKeys.every((key) => mode.posture[key] === posture[key]),
  );
}
