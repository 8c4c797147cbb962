// One soak session's surroundings, as a user would have them: its own git workspace,
// agent home (trusting that workspace) and state dir. Plus the failure report a soak
// prints for a turn that went wrong: error, status, status decisions, last screen lines.

import { execFileSync } from "node:child_process";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ClaudeSession, CodexSession } from "../../../src/agents.js";
import { type AgentHomeServer, createAgentHome } from "../../../src/testing/index.js";

export interface SoakSurroundings {
  readonly options: {
    readonly cwd: string;
    readonly env: Readonly<Record<string, string>>;
    readonly stateDir: string;
    readonly autotrust: true;
  };
  cleanup(): Promise<void>;
}

export async function createSurroundings(server: AgentHomeServer): Promise<SoakSurroundings> {
  const workspace = await realpath(await mkdtemp(join(tmpdir(), "elwood-soak-ws-")));
  execFileSync("git", ["init", "-q"], { cwd: workspace });
  const stateParent = await realpath(await mkdtemp(join(tmpdir(), "elwood-soak-state-")));
  const home = await createAgentHome({ server, trustedDirs: [workspace] });
  return {
    options: {
      cwd: workspace,
      env: home.env,
      stateDir: join(stateParent, "state"),
      autotrust: true,
    },
    async cleanup() {
      await home.cleanup();
      await rm(workspace, { recursive: true, force: true });
      await rm(stateParent, { recursive: true, force: true });
    },
  };
}

/** What a failed turn looked like, for the bench's output (no prompt text beyond the label). */
export function describeFailure(
  session: ClaudeSession | CodexSession,
  outcome: { readonly error?: unknown; readonly reply?: string },
): string {
  const what =
    outcome.error === undefined
      ? `wrong reply ${JSON.stringify((outcome.reply ?? "").slice(0, 160))}`
      : outcome.error instanceof Error
        ? `${outcome.error.name}: ${outcome.error.message}`
        : String(outcome.error);
  const lines = (session.session?.terminal.snapshot().lines ?? [])
    .map((line) => line.trimEnd())
    .filter((line) => line.length > 0)
    .slice(-10);
  const decisions = session
    .statusDecisions()
    .slice(-6)
    .map((d) => `${d.evidence}:${d.from}->${d.to ?? "-"}(${d.reason})`);
  return [
    what,
    `    status ${session.status}; last decisions: ${decisions.join(" ") || "(none)"}`,
    "    last screen:",
    ...lines.map((line) => `      | ${line}`),
  ].join("\n");
}
