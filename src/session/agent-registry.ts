// One registry entry per agent (src/agents.ts lists them): what the apps — the elwood
// CLI, serve and its web page, approvals — read of an agent, so none of them names one.
// The entry joins the adapter's id, name and binary, its app facts (declared in its
// folder), and the session class defineAgent made for it.
import type {
  AgentAdapter,
  ReadinessEvidence,
  TranscriptMapper,
} from "../core/contract/adapter.js";
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
  /** Its start errors, as its adapter declares them (`notFound`, `versionUnsupported`, …). */
  readonly errorNames: AgentAdapter<unknown, unknown>["errorNames"];
  /** What its folder declares for the apps (src/<agent>/app-facts.ts). */
  readonly app: Facts;
  /** What proves its CLI takes input, as its adapter declares it (prd/runtime.md prints it). */
  readonly readiness: ReadinessEvidence;
  /** Where its CLI keeps a conversation, and whether it is written (issue 47). */
  readonly findConversation: AgentAdapter<unknown, unknown>["findConversation"];
  /** Maps its transcript's records to activity, as a live session does (readConversation). */
  createTranscriptMapper(): TranscriptMapper;
  /** A lazy session from plain options; they are checked (and refused) at start, as ever. */
  createSession(options: Readonly<Record<string, unknown>>): AgentSession;
  /** Whether its CLI has a `/model` picker Elwood can read (else listModels is refused). */
  readonly listsModels: boolean;
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
    errorNames: adapter.errorNames,
    app,
    readiness: {
      initialReadyHooks: adapter.signals.initialReadyHooks,
      composerAfterSessionStartIsReady: adapter.signals.composerAfterSessionStartIsReady,
      composerIsReadyOnResume: adapter.signals.composerIsReadyOnResume,
      ...(adapter.signals.coldStartComposerSettleMs === undefined
        ? {}
        : { coldStartComposerSettleMs: adapter.signals.coldStartComposerSettleMs }),
    },
    findConversation: adapter.findConversation,
    createTranscriptMapper: () => adapter.createTranscriptMapper(),
    createSession: (options: Readonly<Record<string, unknown>>) => new Session(options),
    listsModels: adapter.operations?.models !== undefined,
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
