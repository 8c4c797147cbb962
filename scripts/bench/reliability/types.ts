// The reliability report's shapes (scripts/bench/reliability.ts): one row per scenario,
// and the offline world the real-CLI scenarios share.
import type { createAgentHome, startScriptedModelServer } from "../../../src/testing/index.js";

export interface Row {
  readonly scenario: string;
  readonly runs: number;
  readonly failures: number;
  readonly leaks: string;
  /** The first failure's message, so a red row says why. */
  readonly firstFailure?: string;
}

export interface CliWorld {
  readonly server: Awaited<ReturnType<typeof startScriptedModelServer>>;
  readonly home: Awaited<ReturnType<typeof createAgentHome>>;
  readonly workspace: string;
  readonly stateDir: string;
  cleanup(): Promise<void>;
}
