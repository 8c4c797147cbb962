// Who is on the other end of a bridge connection (Linux; prd/bridge.md "Peer check").
// The token authenticates a request; this second check admits it only from the process
// that is meant to send it:
// - an http hook comes from the CLI process itself (Claude POSTs hooks from its own
//   process), so only a socket held by the CLI is admitted for those events;
// - a command hook comes from the generated client script, run by the CLI as its own
//   child for one event, so only a socket held by a child of the CLI whose command line
//   is exactly that client for that event is admitted.
// The agent's tools are children of the CLI too, but they run in sessions of their own
// (both CLIs setsid them), never as the CLI, and their command lines are not the client's.
// /proc/net/tcp maps the peer's port to the socket's inode and owner uid; a handful of
// small /proc reads then find the holder. Every read is asynchronous (thread pool), so
// a slow /proc never stalls the event loop, and the server asks once per connection.

import { existsSync } from "node:fs";
import { basename } from "node:path";
import { commandHookCommand, type HookClientKind } from "../clients/command.js";
import { childrenOf, commandLine, holdsSocket, processStat } from "./proc.js";
import { type PeerAddress, readPeerSocket } from "./tcp-table.js";

export type { PeerAddress } from "./tcp-table.js";

/** Whom the bridge admits, fixed when the CLI is spawned. */
export interface PeerPolicy {
  /** The process spawned in the PTY: the CLI, or the launcher script that runs it. */
  readonly cliPid: number;
  /** Absolute path of this launch's command-hook client script. */
  readonly clientPath: string;
  /** Which interpreter runs it (`bash`, or the Node fallback). */
  readonly clientKind: HookClientKind;
  /** Events the CLI sends through the command client; every other event comes over http. */
  readonly isCommandEvent: (eventName: string) => boolean;
}

/** Who holds the connecting socket, as far as the policy cares. */
export type PeerIdentity =
  | { readonly kind: "cli" }
  | { readonly kind: "client"; readonly eventName: string }
  | { readonly kind: "foreign" }
  /** This system offers no cheap answer (no /proc children lists): the token decides. */
  | { readonly kind: "unavailable" };

// Launchers, hook clients and their `sh -c` wrappers are few; a CLI with hundreds of
// children (tools, MCP servers) is not searched further than this.
const MAX_CHILDREN_SEARCHED = 256;

const SHELLS = new Set(["sh", "bash", "dash", "zsh"]);

/**
 * Identifies the holder of the socket at `address` for a first request on `eventName`:
 * http events are looked for among the CLI processes, command events among the CLI's
 * children running the client for exactly that event.
 */
export async function identifyPeer(
  policy: PeerPolicy,
  address: PeerAddress,
  eventName: string,
): Promise<PeerIdentity> {
  if (!hasChildrenLists()) return { kind: "unavailable" };
  let socket: Awaited<ReturnType<typeof readPeerSocket>>;
  try {
    socket = await readPeerSocket(address);
  } catch {
    return { kind: "unavailable" };
  }
  if (socket === undefined) return { kind: "foreign" };
  if (typeof process.getuid === "function" && socket.uid !== process.getuid()) {
    return { kind: "foreign" };
  }
  const cli = await cliProcesses(policy.cliPid);
  if (!policy.isCommandEvent(eventName)) {
    const held = await Promise.all(cli.map((pid) => holdsSocket(pid, socket.inode)));
    return held.includes(true) ? { kind: "cli" } : { kind: "foreign" };
  }
  for (const parent of cli) {
    for (const pid of await clientProcesses(parent, policy, eventName)) {
      if (await holdsSocket(pid, socket.inode)) return { kind: "client", eventName };
    }
  }
  return { kind: "foreign" };
}

/**
 * The CLI's own processes: the PTY child and its children in the same session. A CLI
 * installed through npm runs as `node <wrapper>` that starts the native binary (Codex);
 * the binary stays in the wrapper's session, while every tool gets a session of its own.
 */
async function cliProcesses(cliPid: number): Promise<number[]> {
  const root = await processStat(cliPid);
  if (root === undefined) return [];
  const children = (await childrenOf(cliPid)).slice(0, MAX_CHILDREN_SEARCHED);
  const stats = await Promise.all(children.map((pid) => processStat(pid)));
  const sameSession = stats.filter((stat) => stat !== undefined && stat.sid === root.sid);
  return [cliPid, ...sameSession.map((stat) => stat?.pid ?? cliPid)];
}

/**
 * Children of `parent` running the client for `eventName`, directly or under the
 * `sh -c '<hook command>'` wrapper some CLIs put around a command hook (Claude does).
 */
async function clientProcesses(
  parent: number,
  policy: PeerPolicy,
  eventName: string,
): Promise<number[]> {
  const found: number[] = [];
  const children = (await childrenOf(parent)).slice(0, MAX_CHILDREN_SEARCHED);
  const commands = await Promise.all(children.map((pid) => commandLine(pid)));
  const hookCommand = commandHookCommand({
    scriptPath: policy.clientPath,
    eventName,
    client: policy.clientKind,
  });
  for (const [index, argv] of commands.entries()) {
    const pid = children[index];
    if (pid === undefined) continue;
    if (isClientCommand(argv, policy, eventName)) {
      found.push(pid);
    } else if (isShellWrapper(argv, hookCommand)) {
      const grandchildren = await childrenOf(pid);
      const inner = await Promise.all(grandchildren.map((child) => commandLine(child)));
      for (const [at, innerArgv] of inner.entries()) {
        const child = grandchildren[at];
        if (child !== undefined && isClientCommand(innerArgv, policy, eventName)) {
          found.push(child);
        }
      }
    }
  }
  return found;
}

/** `<bash|node> <clientPath> <eventName>`, exactly as the hook entry spells it. */
export function isClientCommand(
  argv: readonly string[],
  policy: Pick<PeerPolicy, "clientPath" | "clientKind">,
  eventName: string,
): boolean {
  if (argv.length !== 3 || argv[1] !== policy.clientPath || argv[2] !== eventName) return false;
  const interpreter = basename(argv[0] ?? "");
  return policy.clientKind === "bash"
    ? interpreter === "bash"
    : interpreter === basename(process.execPath);
}

/** `<shell> -c '<the hook command>'`: the CLI's shell around a command hook. */
export function isShellWrapper(argv: readonly string[], hookCommand: string): boolean {
  return (
    argv.length === 3 &&
    argv[1] === "-c" &&
    argv[2] === hookCommand &&
    SHELLS.has(basename(argv[0] ?? ""))
  );
}

let childrenLists: boolean | undefined;

// Kernels built without CONFIG_PROC_CHILDREN have no children lists; no cheap answer there.
function hasChildrenLists(): boolean {
  if (childrenLists === undefined) {
    childrenLists =
      process.platform === "linux" && existsSync(`/proc/self/task/${process.pid}/children`);
  }
  return childrenLists;
}
