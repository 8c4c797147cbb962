// One registry entry per agent (src/agents.ts lists them): what the apps — the elwood
// CLI, serve and its web page, approvals — read of an agent, so none of them names one.
// The entry joins the adapter's id, name and binary, its app facts (declared in its
// folder), and the session class defineAgent made for it.
import type { AgentAdapter } from "../core/contract/adapter.js";
import type { AgentModelOption } from "../core/contract/models.js";
import type { AgentAppFacts } from "../core/launch/app-facts.js";
import type { CommonStartOptions } from "../core/launch/session-options.js";
import type { AgentSession } from "./agent-session.js";
import { type ListModelsOptions, listModelsWith } from "./list-models.js";

export interface RegisteredAgent<Facts extends AgentAppFacts = AgentAppFacts> {
  /** The adapter's opaque id: the record's `adapter`, `--agent`, the request's `agent`. */
  readonly id: Facts["id"];
  readonly displayName: string;
  /** The command looked up on the login shell's PATH (detection, `elwood interactive`). */
  readonly binary: string;
  /** What its folder declares for the apps (src/<agent>/app-facts.ts). */
  readonly app: Facts;
  /** A lazy session from plain options; they are checked (and refused) at start, as ever. */
  createSession(options: Readonly<Record<string, unknown>>): AgentSession;
  /** The `/model` picker's rows, read from a throwaway session that is always torn down. */
  listModels(options: ListModelsOptions): Promise<readonly AgentModelOption[]>;
}

export function registeredAgent<Facts extends AgentAppFacts>(parts: {
  // biome-ignore lint/suspicious/noExplicitAny: any agent's adapter, read for its id only.
  readonly adapter: AgentAdapter<any, any, any, any>;
  readonly app: Facts;
  readonly Session: new (options: Readonly<Record<string, unknown>>) => AgentSession;
  readonly start: (options: CommonStartOptions) => Promise<AgentSession>;
}): RegisteredAgent<Facts> {
  const { adapter, app, Session, start } = parts;
  // The facts are declared beside the adapter; a copy under another id is a wiring mistake.
  if (app.id !== adapter.agent) {
    throw new Error(`App facts for "${app.id}" registered with the "${adapter.agent}" adapter.`);
  }
  return Object.freeze({
    id: app.id,
    displayName: app.displayName,
    binary: adapter.binary,
    app,
    createSession: (options: Readonly<Record<string, unknown>>) => new Session(options),
    listModels: (options: ListModelsOptions) => guardedList(() => listModelsWith(start, options)),
  });
}

// Promise-returning functions reject, never throw synchronously (api.md).
function guardedList(
  run: () => Promise<readonly AgentModelOption[]>,
): Promise<readonly AgentModelOption[]> {
  try {
    return run();
  } catch (error) {
    return Promise.reject(error);
  }
}

/** A registry: its entries in order (the first is auto-detection's first choice), by id. */
export interface AgentRegistry<Agent extends RegisteredAgent = RegisteredAgent> {
  readonly agents: readonly Agent[];
  readonly ids: readonly Agent["id"][];
  has(id: string): id is Agent["id"];
  /** The entry for `id`; a TypeError for an id nobody registered (callers check `has`). */
  get(id: string): Agent;
}

export function agentRegistry<Agent extends RegisteredAgent>(
  agents: readonly Agent[],
): AgentRegistry<Agent> {
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
    get(id: string): Agent {
      const agent = byId.get(id);
      if (agent === undefined) throw new TypeError(`No agent "${id}" is registered.`);
      return agent;
    },
  });
}
