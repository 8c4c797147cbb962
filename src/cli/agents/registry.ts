// The elwood CLI's view of the agent registry (the package root's ELWOOD_AGENTS): which
// agents `--agent` takes, in auto-detection's order, and the posture flags each adds. No
// command names an agent; an agent's folder declares its flags (src/<agent>/app-facts.ts).
import { type AgentPostureSetting, ELWOOD_AGENTS, type RegisteredAgent } from "../../index.js";

export type Agent = (typeof ELWOOD_AGENTS.ids)[number];
export type CliAgentEntry = (typeof ELWOOD_AGENTS.agents)[number];

/** The posture flags, as literals (`…-permission-mode`), for the option table's types. */
export type PostureFlag = CliAgentEntry["app"]["postureSettings"][number]["flag"];

type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** A posture flag's key among the resolved agent settings: `--codex-sandbox` → `codexSandbox`. */
export type PostureSettingKey = CamelCase<PostureFlag>;

export function settingKeyOf(flag: string): string {
  return flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

export const AGENT_IDS: readonly Agent[] = ELWOOD_AGENTS.ids;

/** An agent's entry, read as any agent's (its facts typed `AgentAppFacts`). */
export function agentEntry(agent: Agent): RegisteredAgent {
  return ELWOOD_AGENTS.get(agent);
}

/** Every agent's posture settings, with the agent they belong to. */
export const POSTURE_SETTINGS: readonly (AgentPostureSetting & { readonly agent: Agent })[] =
  ELWOOD_AGENTS.agents.flatMap((entry: RegisteredAgent) =>
    entry.app.postureSettings.map((setting) => ({ ...setting, agent: entry.id as Agent })),
  );

export const POSTURE_FLAGS: readonly PostureFlag[] = POSTURE_SETTINGS.map(
  (setting) => setting.flag as PostureFlag,
);

/** `a|b|c` for help. */
export const AGENT_CHOICES = AGENT_IDS.join("|");

/** An agent for help examples that show choosing one: the second, so it differs from the default. */
export const EXAMPLE_AGENT: Agent = AGENT_IDS[1] ?? (AGENT_IDS[0] as Agent);
