// One session's live record for the concurrency bench: status changes (echoed to stderr
// as progress), warnings, exit code/signal and turn events, and — when a turn fails or
// overruns — a dump of everything needed to find the cause without re-running: status,
// the last screen text, the exit, recent warnings and status decisions, and how many
// times the model server received that turn's prompt.

import type {
  ElwoodActivityEvent,
  ElwoodStatusEvent,
  ElwoodTerminalExitEvent,
  ElwoodTurnEvent,
  ElwoodWarningEvent,
} from "../../../src/index.js";
import type { AgentSession } from "../../../src/session/agent-session.js";
import type { ScriptedModelServer } from "../../../src/testing/index.js";

export type BenchSession = AgentSession;

/** The part of either session the probe watches (one signature per event it reads). */
interface ProbedSession {
  readonly session: BenchSession["session"];
  readonly status: BenchSession["status"];
  statusDecisions: BenchSession["statusDecisions"];
  on(event: "status", handler: (event: ElwoodStatusEvent) => void): () => void;
  on(event: "warning", handler: (event: ElwoodWarningEvent) => void): () => void;
  on(event: "terminal:exit", handler: (event: ElwoodTerminalExitEvent) => void): () => void;
  on(event: "turn", handler: (event: ElwoodTurnEvent) => void): () => void;
  on(event: "activity", handler: (event: ElwoodActivityEvent) => void): () => void;
}

const KEPT_WARNINGS = 8;
const KEPT_HOOKS = 12;
const SCREEN_LINES = 16;

export class Progress {
  readonly #startedAt = Date.now();
  done = 0;
  failed = 0;

  constructor(readonly total: number) {}

  line(text: string): void {
    const seconds = ((Date.now() - this.#startedAt) / 1000).toFixed(1).padStart(6);
    process.stderr.write(`[+${seconds}s] ${text}\n`);
  }

  turnSettled(label: string, outcome: string): void {
    if (outcome === "ok") this.done += 1;
    else this.failed += 1;
    this.line(
      `${label} ${outcome} — turns ok ${this.done}, failed ${this.failed}, of ${this.total}`,
    );
  }
}

export class SessionProbe {
  readonly #warnings: string[] = [];
  readonly #turnEvents: string[] = [];
  /** Startup prompts answered and dialogs that blocked: what an early exit needs explained. */
  readonly #screenEvents: string[] = [];
  /** Hooks whose handler settled, with the time since the session was created. */
  readonly #hooks: string[] = [];
  #exit: string | undefined;
  readonly #createdAt = Date.now();

  constructor(
    readonly label: string,
    readonly session: ProbedSession,
    readonly server: ScriptedModelServer,
    progress: Progress,
    onStatus: () => void,
  ) {
    session.on("status", (event) => {
      progress.line(`${label} ${event.previous} → ${event.status}`);
      onStatus();
    });
    session.on("warning", (warning) => {
      this.#warnings.push(`${warning.code}: ${warning.message}`);
      if (this.#warnings.length > KEPT_WARNINGS) this.#warnings.shift();
      progress.line(`${label} warning ${warning.code}`);
    });
    session.on("terminal:exit", (exit) => {
      this.#exit = `exit code ${exit.exitCode}${exit.signal ? `, signal ${exit.signal}` : ""}`;
      progress.line(`${label} CLI exited: ${this.#exit}`);
    });
    session.on("activity", (event) => {
      const at = ((Date.now() - this.#createdAt) / 1000).toFixed(1);
      if (event.kind === "hook" || event.kind === "hook_error") {
        this.#hooks.push(`${at}s ${event.kind === "hook" ? "" : "error "}${event.label}`);
        if (this.#hooks.length > KEPT_HOOKS) this.#hooks.shift();
        return;
      }
      if (event.kind !== "startup_prompt" && event.kind !== "attention") return;
      this.#screenEvents.push(`${at}s ${event.kind} ${event.label}`);
      if (this.#screenEvents.length > KEPT_WARNINGS) this.#screenEvents.shift();
    });
    session.on("turn", (event) => {
      const evidence = event.kind === "accepted" ? ` (${event.evidence})` : "";
      const error = event.kind === "failed" ? ` (${event.error.name})` : "";
      this.#turnEvents.push(`#${event.turnNumber} ${event.kind}${evidence}${error}`);
      if (this.#turnEvents.length > KEPT_WARNINGS) this.#turnEvents.shift();
    });
  }

  /** How many main (non-auxiliary) model requests carried `token`. */
  receipts(token: string): number {
    let count = 0;
    for (const request of this.server.requests) {
      if (!request.isAuxiliary) count += request.userText.split(token).length - 1;
    }
    return count;
  }

  /** Everything known about this session now, for a failed or overrunning turn. */
  dump(token: string, why: string): string {
    const lines = this.session.session?.terminal.snapshot().lines ?? [];
    const screen = lines
      .map((line) => line.trimEnd())
      .filter((line) => line.length > 0)
      .slice(-SCREEN_LINES);
    const decisions = this.session
      .statusDecisions()
      .slice(-14)
      .map((d) => {
        const at = ((d.at - this.#createdAt) / 1000).toFixed(1);
        return `${at}s ${d.evidence}:${d.from}->${d.to ?? "-"}(${d.reason})`;
      });
    const requests = this.server.requests
      .slice(-4)
      .map(
        (r) =>
          `${r.isAuxiliary ? "aux " : ""}${JSON.stringify(r.userText.slice(-60))} at ${((r.at - this.#createdAt) / 1000).toFixed(1)}s${historyShape(r.body)}`,
      );
    return [
      `──── ${this.label}: ${why}`,
      `  status ${this.session.status}; ${this.#exit ?? "CLI not exited"}${this.session.session?.terminal.renderFailed ? "; RENDER FAILED (screen frozen)" : ""}`,
      `  prompt ${token} reached the model ${this.receipts(token)} time(s); ${this.server.requests.length} requests in all`,
      `  last requests: ${requests.join(" | ") || "none"}`,
      `  turn events: ${this.#turnEvents.join(", ") || "none"}`,
      `  warnings: ${this.#warnings.join(" | ") || "none"}`,
      `  startup prompts / dialogs: ${this.#screenEvents.join(", ") || "none"}`,
      `  hooks settled: ${this.#hooks.join(", ") || "none"}`,
      `  decisions: ${decisions.join(" ") || "none"}`,
      "  screen:",
      ...screen.map((line) => `    │${line}`),
    ].join("\n");
  }
}

// The roles of a Gemini request's history: a prompt sent twice shows as a second user turn
// after the first answer, a retry of the same request as the same shape again.
function historyShape(body: unknown): string {
  const contents = (body as { contents?: unknown } | undefined)?.contents;
  if (!Array.isArray(contents)) return "";
  const roles = contents.map((entry) => (entry as { role?: unknown }).role);
  return ` [${roles.join(",")}]`;
}
