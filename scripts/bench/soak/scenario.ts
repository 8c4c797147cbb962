// What the soak's model servers answer: every soak turn is one shell tool call (so the
// tool hooks fire) and a closing line; a cycle turn is a plain answer.

import type { ScriptedTurn } from "../../../src/testing/index.js";

export const SOAK_AGENTS = ["claude", "codex"] as const;
export type SoakAgent = (typeof SOAK_AGENTS)[number];

export const soakPrompt = (agent: SoakAgent, turn: number): string => `${agent} soak turn ${turn}`;
export const soakAnswer = (agent: SoakAgent): string => `${agent} turn done`;
export const cyclePrompt = (cycle: number): string => `cycle ${cycle}`;
export const CYCLE_ANSWER = "cycle done";

const TOOL_CALL: Readonly<Record<SoakAgent, ScriptedTurn["steps"][number]>> = {
  claude: { tool: { name: "Bash", input: { command: "echo soak-claude" } } },
  codex: { tool: { name: "exec_command", input: { cmd: "echo soak-codex" } } },
};

export const SOAK_TURNS: readonly ScriptedTurn[] = [
  ...SOAK_AGENTS.map((agent) => ({
    match: new RegExp(`^${agent} soak turn`),
    repeat: true,
    steps: [TOOL_CALL[agent], { say: soakAnswer(agent) }],
  })),
  { match: /^cycle \d+/, repeat: true, steps: [{ say: CYCLE_ANSWER }] },
];
