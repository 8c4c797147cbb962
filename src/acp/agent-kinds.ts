// What `elwood acp` needs of an agent, read from its registry entry: how to build its
// session class with approvals wired in, and its session modes (the launch posture each
// means), which the agent's folder declares in its app facts. No agent is named here.
import type {
  AgentSessionMode,
  ElwoodAgentSession,
  ElwoodApprovals,
  RegisteredAgent,
} from "../index.js";

/** The session classes' shared face plus their lazy start. */
export type AcpAgentSession = ElwoodAgentSession & { start(): Promise<unknown> };

/** A session mode: its ACP id and name, and the launch posture options it stands for. */
export type AcpMode = AgentSessionMode;

export interface AcpAgentKind {
  readonly displayName: string;
  /** A lazy session: nothing runs until its first start. */
  create(options: Readonly<Record<string, unknown>>, approvals: ElwoodApprovals): AcpAgentSession;
  /** The modes offered, the first being the default when the user configured none. */
  readonly modes: readonly AcpMode[];
  /** The posture option names the agent takes (flags and config may set them). */
  readonly postureKeys: readonly string[];
}

/** The ACP view of one registered agent. */
export function acpAgentKind(agent: RegisteredAgent): AcpAgentKind {
  return {
    displayName: agent.displayName,
    create: (options, approvals) =>
      agent.createSession({ ...options, hooks: approvals.hooksFor(agent) }) as AcpAgentSession,
    modes: agent.app.sessionModes ?? [],
    postureKeys: agent.app.postureSettings.map((setting) => setting.option),
  };
}

/** The mode whose posture the given one is, or undefined for a posture no mode names. */
export function modeOfPosture(
  kind: AcpAgentKind,
  posture: Readonly<Record<string, string>>,
): AcpMode | undefined {
  return kind.modes.find((mode) =>
    kind.postureKeys.every((key) => mode.posture[key] === posture[key]),
  );
}
