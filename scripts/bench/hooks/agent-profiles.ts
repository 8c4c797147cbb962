// What the hook bench needs to know of each agent: the shell tool the scripted model
// calls, the hook a handler decides a tool call on, the posture under which the shell
// step runs without a permission prompt (the same for the Elwood session and the bare
// CLI), and the bare CLI's flags that take the first prompt in interactive mode.
// Claude and Codex also have attribution variants (turns.ts); the agents added after
// them are measured as Elwood against the bare CLI.
import type { ScenarioStep } from "../../../src/testing/index.js";

export const BENCH_AGENTS = ["claude", "codex", "gemini", "copilot"] as const;
export type BenchAgent = (typeof BENCH_AGENTS)[number];

export interface BenchAgentProfile {
  /** The scripted model's call of the CLI's shell tool. */
  readonly shellTool: (command: string) => ScenarioStep;
  /** How the summary names a step. */
  readonly stepName: string;
  /** The hook whose handler sees each tool call before it runs. */
  readonly beforeToolHook: string;
  /** The Elwood session's posture for the measured turn. */
  readonly sessionOptions: Readonly<Record<string, unknown>>;
  /** The bare CLI's flags before the prompt (undefined: turns.ts builds them per variant). */
  readonly bareArgs?: readonly string[];
  readonly bareEnv?: Readonly<Record<string, string>>;
}

export const BENCH_AGENT_PROFILES: Readonly<Record<BenchAgent, BenchAgentProfile>> = {
  claude: {
    shellTool: (command) => ({ tool: { name: "Bash", input: { command } } }),
    stepName: "Bash",
    beforeToolHook: "PreToolUse",
    sessionOptions: { permissionMode: "default", allowedTools: ["Bash"] },
  },
  codex: {
    shellTool: (command) => ({ tool: { name: "exec_command", input: { cmd: command } } }),
    stepName: "exec_command",
    beforeToolHook: "PreToolUse",
    sessionOptions: { autotrust: true },
  },
  gemini: {
    // `echo` runs without a prompt in Gemini's default approval mode (prd/gemini.md).
    shellTool: (command) => ({
      tool: { name: "run_shell_command", input: { command, description: "bench step" } },
    }),
    stepName: "run_shell_command",
    beforeToolHook: "BeforeTool",
    sessionOptions: { autotrust: true },
    // Elwood keeps Gemini in one process (prd/gemini.md "Processes"); so does the bare run.
    bareArgs: ["--skip-trust", "--prompt-interactive"],
    bareEnv: { GEMINI_CLI_NO_RELAUNCH: "1" },
  },
  copilot: {
    shellTool: (command) => ({
      tool: { name: "bash", input: { command, description: "bench step" } },
    }),
    stepName: "bash",
    beforeToolHook: "preToolUse",
    sessionOptions: { allowedTools: ["shell(echo)"] },
    bareArgs: ["--allow-tool=shell(echo)", "--no-auto-update", "--interactive"],
  },
};

export function isBenchAgent(name: string): name is BenchAgent {
  return (BENCH_AGENTS as readonly string[]).includes(name);
}
