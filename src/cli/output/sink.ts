// What a run reports, whatever the output format: the turn's content as it arrives,
// then exactly one outcome. Each format (text, json, jsonl) is one RunSink.
import type { ElwoodTokenUsage } from "../../index.js";
import type { Agent } from "../config/run-settings.js";

export type CleanupStatus = "kept" | "torn_down" | "failed" | "none";

export interface CleanupOutcome {
  readonly status: CleanupStatus;
  readonly error?: { readonly code: string; readonly message: string };
}

export interface RunError {
  /** An ElwoodError name, or "timeout" / "interrupted". */
  readonly code: string;
  readonly message: string;
}

export interface RunOutcome {
  readonly exitCode: number;
  readonly agent: Agent | null;
  readonly response: string;
  readonly sessionId: string | null;
  readonly durationMs: number;
  readonly cleanup: CleanupOutcome;
  /** Every model request of the run (a persona turn's too); absent when none was read. */
  readonly usage?: ElwoodTokenUsage;
  readonly error?: RunError;
}

export type RunEvent =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "thinking"; readonly text: string }
  | {
      readonly type: "tool";
      readonly phase: "call" | "result";
      readonly name: string | undefined;
      readonly toolCallId?: string;
    }
  | { readonly type: "status"; readonly status: string }
  | { readonly type: "warning"; readonly code: string; readonly message: string };

export interface RunSink {
  event(event: RunEvent, elapsedMs: number): Promise<void>;
  finish(outcome: RunOutcome): Promise<void>;
}

export const PROTOCOL_VERSION = 1;

/** The v1 terminal document: a result, or an error with whatever was collected. */
export function outcomeDocument(outcome: RunOutcome): Record<string, unknown> {
  const base = {
    schemaVersion: PROTOCOL_VERSION,
    type: outcome.error === undefined ? "result" : "error",
    agent: outcome.agent,
    response: outcome.response,
    sessionId: outcome.sessionId,
    durationMs: Math.round(outcome.durationMs),
    cleanup: outcome.cleanup,
    ...(outcome.usage === undefined ? {} : { usage: outcome.usage }),
  };
  return outcome.error === undefined
    ? base
    : { ...base, exitCode: outcome.exitCode, error: outcome.error };
}
