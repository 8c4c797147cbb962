// Spies for the options fuzz: every way Elwood could start a process (child_process and
// node-pty) is recorded and refused, so a test sees an attempted spawn instead of a CLI.

export const spawnAttempts: string[] = [];

function refused(name: string) {
  return (...args: unknown[]): never => {
    spawnAttempts.push(`${name} ${String(args[0])}`);
    throw new Error(`the options fuzz refuses ${name}(${String(args[0])})`);
  };
}

const CHILD_PROCESS_STARTERS = [
  "spawn",
  "spawnSync",
  "exec",
  "execSync",
  "execFile",
  "execFileSync",
  "fork",
] as const;

export function spyOnChildProcess<T extends object>(original: T): T {
  const replaced: Record<string, unknown> = { ...(original as Record<string, unknown>) };
  for (const name of CHILD_PROCESS_STARTERS) replaced[name] = refused(name);
  return { ...replaced, default: replaced } as T;
}

export function spyOnNodePty<T extends object>(original: T): T {
  const replaced: Record<string, unknown> = { ...original, spawn: refused("pty.spawn") };
  return { ...replaced, default: replaced } as T;
}
