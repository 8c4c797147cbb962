// Auto-detection (spec §5.2, C-CLI-21): ask the user's login shell whether each registered
// agent's command resolves, all at once, without running any. The registry's order breaks
// a tie; none is `no_agent_found` (exit 2) with install hints. Resume never comes here.
import { spawn } from "node:child_process";
import { userInfo } from "node:os";
import { ElwoodError } from "../../index.js";
import { AGENT_IDS, type Agent, agentEntry } from "../agents/registry.js";

const PROBE_TIMEOUT_MS = 15_000;

export const INSTALL_HINT = `Install one of them (${AGENT_IDS.map((id) => agentEntry(id).app.installHint).join(", or ")}) so your login shell finds it, or choose one with --agent, ELWOOD_AGENT or the config key \`agent\`.`;

/** The passwd entry's shell, as the library uses; `$SHELL` is not trusted. */
export function loginShell(): string {
  try {
    const shell = userInfo().shell;
    return typeof shell === "string" && shell.startsWith("/") ? shell : "/bin/sh";
  } catch {
    return "/bin/sh";
  }
}

type Probe = "found" | "missing" | { readonly failure: string };

function probe(
  shell: string,
  command: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<Probe> {
  return new Promise((resolve) => {
    const child = spawn(shell, ["-l", "-i", "-c", `command -v ${command}`], {
      env: env as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "ignore"],
      detached: true,
    });
    let output = "";
    const timer = setTimeout(() => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
      resolve({ failure: `${shell} did not answer within ${PROBE_TIMEOUT_MS / 1000} s` });
    }, PROBE_TIMEOUT_MS);
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      output += chunk;
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({
        failure: `${shell} could not start (${(error as NodeJS.ErrnoException).code ?? error.message})`,
      });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve(code === 0 && output.trim() !== "" ? "found" : "missing");
    });
  });
}

export async function detectAgent(
  env: Readonly<Record<string, string | undefined>>,
): Promise<Agent> {
  const shell = loginShell();
  const probes = await Promise.all(AGENT_IDS.map((id) => probe(shell, agentEntry(id).binary, env)));
  const found = AGENT_IDS.find((_, index) => probes[index] === "found");
  if (found !== undefined) return found;
  const failure = probes.find(
    (result): result is { failure: string } => typeof result === "object",
  );
  const names = AGENT_IDS.map((id) => `${agentEntry(id).binary} (${agentEntry(id).displayName})`);
  const why =
    failure === undefined
      ? `${names.length > 1 ? "Neither " : ""}${names.join(" nor ")} is on your login shell's PATH (${shell} -l -i).`
      : `Could not ask your login shell which agents are installed: ${failure.failure}.`;
  throw new ElwoodError("no_agent_found", `${why} ${INSTALL_HINT}`, { details: { shell } });
}
