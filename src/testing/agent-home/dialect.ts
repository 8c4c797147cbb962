// What the kit knows of one agent to seed a home for it (agent-home/<agent>/home.ts): the
// executables to find, the variables that would point it at a real account, the login
// shell variables that point it at the scripted model server in its API dialect, and
// the files that let it open straight at its composer, and how it asks the model for a
// compaction summary. createAgentHome() seeds every dialect the kit's registry
// (dialects.ts) lists; it names no agent itself.
import type { ScriptedTurn } from "../model-server/scenario.js";

export interface AgentHomeServer {
  readonly anthropicBaseUrl: string;
  readonly openaiBaseUrl: string;
  /** The Google Gemini API dialect's base URL; an agent speaking it is pointed nowhere without. */
  readonly googleBaseUrl?: string;
}

export interface HomeSeed<Options> {
  readonly home: string;
  /** The scripted model server; each agent reaches it in its own API dialect. */
  readonly server: AgentHomeServer;
  /** Folders already trusted (absolute); every other folder shows the trust dialog. */
  readonly trustedDirs: readonly string[];
  readonly options: Options;
}

export interface AgentHomeDialect<Options extends object = object, Result extends object = object> {
  /** The agent id, as the registry's entry names it. */
  readonly agent: string;
  /** Its executables, looked up in node_modules/.bin folders and on PATH. */
  readonly cliNames: readonly string[];
  /** The npm packages that hold them, for the "found none" message. */
  readonly packages: readonly string[];
  /** Variables of the parent environment that would point it at a real account or config. */
  readonly droppedVariable: RegExp;
  /** Login-shell variables for it in this home. */
  variables(seed: HomeSeed<Options>): Readonly<Record<string, string>>;
  /** Writes its files into the home. */
  seed(seed: HomeSeed<Options>): Promise<void>;
  /** Fields it adds to the AgentHome (a config folder's path). */
  result(seed: HomeSeed<Options>): Result;
  /**
   * The scripted turns that answer this CLI's compaction-summary request(s) with `summary`
   * (its /compact or /compress): each CLI asks in its own words, as a user turn or as a
   * tool-less side request. They repeat, so every compaction of a session is answered.
   * Absent for an agent that asks a model for none (it cannot compact, or has no model).
   */
  readonly compactionSummary?: (summary: string) => readonly ScriptedTurn[];
}

// biome-ignore lint/suspicious/noExplicitAny: reads each dialect's own option and result types.
type AnyDialect = AgentHomeDialect<any, any>;
type UnionToIntersection<U> = (U extends unknown ? (item: U) => void : never) extends (
  item: infer I,
) => void
  ? I
  : never;

/** Every listed dialect's own createAgentHome options, together. */
export type DialectOptions<D extends AnyDialect> = UnionToIntersection<
  D extends AgentHomeDialect<infer Options, object> ? Options : never
>;

/** Every listed dialect's own AgentHome fields, together. */
export type DialectResults<D extends AnyDialect> = UnionToIntersection<
  D extends AgentHomeDialect<object, infer Result> ? Result : never
>;
