// The registry (src/agents.ts lists its lines): every agent in order, by id. Built here,
// above defineAgent, since a line may be an agent's bare definition that is defined here.
import type { AgentAppFacts } from "../core/launch/app-facts.js";
import type { RegisteredAgent } from "./agent-registry.js";
import { type AgentDefinition, registerAgent } from "./define-agent.js";

/** A registry: its entries in order (the first is auto-detection's first choice), by id. */
export interface AgentRegistry<Agent extends RegisteredAgent = RegisteredAgent> {
  readonly agents: readonly Agent[];
  readonly ids: readonly Agent["id"][];
  has(id: string): id is Agent["id"];
  /**
   * The entry for `id`, read as any agent's (`AgentAppFacts`, not its literal facts); a
   * TypeError for an id nobody registered (callers check `has`).
   */
  get(id: string): RegisteredAgent;
}

// biome-ignore lint/suspicious/noExplicitAny: any agent's definition, whatever its types.
type AnyDefinition = AgentDefinition<any, any, any, any, AgentAppFacts>;

type RegisteredOf<Entry> = Entry extends RegisteredAgent
  ? Entry
  : Entry extends AgentDefinition<infer _O, infer _H, infer _E, infer _P, infer Facts>
    ? RegisteredAgent<Facts>
    : never;

/**
 * The registry from its lines: an agent registered with its own session class (one the
 * package root exports), or an agent's definition (its folder's `<agent>Definition`),
 * registered here over the plain session class.
 */
export function agentRegistry<const Entries extends readonly (RegisteredAgent | AnyDefinition)[]>(
  entries: Entries,
): AgentRegistry<RegisteredOf<Entries[number]>> {
  type Agent = RegisteredOf<Entries[number]>;
  const agents = entries.map((entry) =>
    "createSession" in entry ? entry : registerAgent(entry),
  ) as Agent[];
  const byId = new Map<string, Agent>();
  const flags = new Set<string>();
  for (const agent of agents) {
    if (byId.has(agent.id)) throw new Error(`Agent "${agent.id}" is registered twice.`);
    byId.set(agent.id, agent);
    // Posture flags are one namespace on the elwood command line.
    for (const setting of agent.app.postureSettings) {
      if (flags.has(setting.flag)) throw new Error(`Posture flag --${setting.flag} is taken.`);
      flags.add(setting.flag);
    }
  }
  const ids = Object.freeze(agents.map((agent) => agent.id));
  return Object.freeze({
    agents: Object.freeze([...agents]),
    ids,
    has: (id: string): id is Agent["id"] => byId.has(id),
    get(id: string): RegisteredAgent {
      const agent = byId.get(id);
      if (agent === undefined) throw new TypeError(`No agent "${id}" is registered.`);
      return agent;
    },
  });
}
