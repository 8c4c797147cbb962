// Who is on the other end of a bridge connection (Linux; prd/bridge.md "Peer check").
// The token authenticates a request; this second check admits it only from the process
// that is meant to send it:
// - an http hook comes from the CLI process itself (Claude POSTs hooks from its own
//   process), so only a socket held by the CLI is admitted for those events;
// - a command hook comes from the client program, run inline by the CLI as its own child
//   for one event (`bash -c '<client>' elwood-hook <Event>`), so only a socket held by a
//   child of the CLI whose command line is exactly that client for that event is admitted.
// The agent's tools are children of the CLI too, but they run in sessions of their own
// (both CLIs setsid them), never as the CLI, and their command lines are not the client's.
// /proc/net/tcp maps the peer's port to the socket's inode and owner uid; a handful of
// small /proc reads then find the holder: first the pid a command client names, verified,
// and only when that fails a search of the CLI's children. The table, the one read that
// costs, is read in the thread pool; the small reads are synchronous (./proc.ts says why)
// and run after it. The server asks once per connection.

import { existsSync } from "node:fs";
import { basename } from "node:path";
import { bashHookClientScript } from "../clients/bash-client.js";
import { BASH_CLIENT_NAME, commandHookCommand, type HookClientKind } from "../clients/command.js";
import { nodeHookClientScript } from "../clients/node-client.js";
import { type HookTimeoutsByEvent, timeoutForEvent } from "../handler-timeout.js";
import { childrenOf, commandLine, processStat, socketInodes } from "./proc.js";
import { type PeerAddress, type PeerSocket, readPeerSocket } from "./tcp-table.js";

export type { PeerAddress } from "./tcp-table.js";

/** Whom the bridge admits, fixed when the CLI is spawned. */
export interface PeerPolicy {
  /** The process spawned in the PTY: the CLI, or the launcher script that runs it. */
  readonly cliPid: number;
  /** Which client program the command hooks run inline (`bash`, or the Node fallback). */
  readonly clientKind: HookClientKind;
  /** The launch's hookTimeoutMs: the client program is generated from it, byte for byte. */
  readonly hookTimeoutMs: number;
  /** Events whose client was generated with a deadline of its own (approvals). */
  readonly hookTimeoutsByEvent?: HookTimeoutsByEvent;
  /** Events the CLI sends through the command client; every other event comes over http. */
  readonly isCommandEvent: (eventName: string) => boolean;
}

/** Who holds the connecting socket, as far as the policy cares. */
export type PeerIdentity =
  | { readonly kind: "cli" }
  | {
      readonly kind: "client";
      readonly eventName: string;
      /** Found by verifying the pid it named, not by searching the CLI's children. */
      readonly isClaimVerified: boolean;
    }
  | { readonly kind: "foreign" }
  /** This system offers no cheap answer (no /proc children lists): the token decides. */
  | { readonly kind: "unavailable" };

// Launchers, hook clients and their `sh -c` wrappers are few; a CLI with hundreds of
// children (tools, MCP servers) is not searched further than this.
const MAX_CHILDREN_SEARCHED = 256;

const SHELLS = new Set(["sh", "bash", "dash", "zsh"]);

/**
 * Identifies the holder of the socket at `address` for a first request on `eventName`.
 * An http event is admitted from the CLI process itself, looked at first, or another CLI
 * process. A command event is admitted from a CLI process's child (or the child of its
 * `sh -c` wrapper) running the client for exactly that event: first the pid the client
 * names (`claimedPid`), verified upwards in a handful of reads; when the claim does not
 * hold, every CLI process's children are searched, which costs a read per thread of each
 * (Copilot: about 40 per hook). The claim only saves the search: it admits what the search
 * would, without the search's cap on children looked at (prd/bridge.md "Peer check").
 */
export async function identifyPeer(
  policy: PeerPolicy,
  address: PeerAddress,
  eventName: string,
  claimedPid?: number,
): Promise<PeerIdentity> {
  if (!hasChildrenLists()) return { kind: "unavailable" };
  let socket: PeerSocket | undefined;
  try {
    socket = await readPeerSocket(address);
  } catch {
    return { kind: "unavailable" };
  }
  if (socket === undefined) return { kind: "foreign" };
  if (typeof process.getuid === "function" && socket.uid !== process.getuid()) {
    return { kind: "foreign" };
  }
  // The holders' descriptors are read after the table: a socket listed there was already
  // open, so a holder that has it shows it now (reading first could miss one opened in
  // between).
  const inode = socket.inode;
  const holds = (pid: number) => socketInodes(pid).has(inode);
  if (policy.isCommandEvent(eventName)) {
    if (claimedPid !== undefined && isVerifiedClient(policy, claimedPid, eventName, holds)) {
      return { kind: "client", eventName, isClaimVerified: true };
    }
    const holders = cliProcesses(policy.cliPid).flatMap((parent) =>
      clientProcesses(parent, policy, eventName),
    );
    return holders.some(holds)
      ? { kind: "client", eventName, isClaimVerified: false }
      : { kind: "foreign" };
  }
  if (processStat(policy.cliPid) !== undefined && holds(policy.cliPid)) return { kind: "cli" };
  return cliProcesses(policy.cliPid).slice(1).some(holds) ? { kind: "cli" } : { kind: "foreign" };
}

/**
 * Whether `pid` is what the search below would find for `eventName`: it runs the client
 * for that event, its parent is a CLI process or that process's `sh -c` wrapper around
 * the hook command, and it holds the socket.
 */
function isVerifiedClient(
  policy: PeerPolicy,
  pid: number,
  eventName: string,
  holds: (pid: number) => boolean,
): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === policy.cliPid) return false;
  if (!isClientCommand(commandLine(pid), policy, eventName)) return false;
  const parent = processStat(pid)?.ppid;
  if (parent === undefined) return false;
  if (!isCliProcess(policy.cliPid, parent)) {
    const hookCommand = commandHookCommand({
      eventName,
      client: policy.clientKind,
      hookTimeoutMs: clientTimeout(policy, eventName),
    });
    if (!isShellWrapper(commandLine(parent), hookCommand)) return false;
    const grandparent = processStat(parent)?.ppid;
    if (grandparent === undefined || !isCliProcess(policy.cliPid, grandparent)) return false;
  }
  return holds(pid);
}

/** The PTY child, or its child in the same session (what cliProcesses lists). */
function isCliProcess(cliPid: number, pid: number): boolean {
  if (pid === cliPid) return processStat(cliPid) !== undefined;
  const stat = processStat(pid);
  if (stat === undefined || stat.ppid !== cliPid) return false;
  return processStat(cliPid)?.sid === stat.sid;
}

/**
 * The CLI's own processes: the PTY child and its children in the same session. A CLI
 * installed through npm runs as `node <wrapper>` that starts the native binary (Codex);
 * the binary stays in the wrapper's session, while every tool gets a session of its own.
 */
function cliProcesses(cliPid: number): number[] {
  const root = processStat(cliPid);
  if (root === undefined) return [];
  const sameSession = childrenOf(cliPid)
    .slice(0, MAX_CHILDREN_SEARCHED)
    .filter((pid) => processStat(pid)?.sid === root.sid);
  return [cliPid, ...sameSession];
}

/**
 * Children of `parent` running the client for `eventName`, directly or under the
 * `sh -c '<hook command>'` wrapper some CLIs put around a command hook (Claude does).
 */
function clientProcesses(parent: number, policy: PeerPolicy, eventName: string): number[] {
  const found: number[] = [];
  const hookCommand = commandHookCommand({
    eventName,
    client: policy.clientKind,
    hookTimeoutMs: clientTimeout(policy, eventName),
  });
  for (const pid of childrenOf(parent).slice(0, MAX_CHILDREN_SEARCHED)) {
    const argv = commandLine(pid);
    if (isClientCommand(argv, policy, eventName)) {
      found.push(pid);
    } else if (isShellWrapper(argv, hookCommand)) {
      for (const child of childrenOf(pid)) {
        if (isClientCommand(commandLine(child), policy, eventName)) found.push(child);
      }
    }
  }
  return found;
}

/**
 * The client for `eventName`, exactly as the hook command runs it:
 * `bash -c '<client>' elwood-hook <Event>` or `<node> -e '<client>' <Event>`.
 */
export function isClientCommand(
  argv: readonly string[],
  policy: Pick<PeerPolicy, "clientKind" | "hookTimeoutMs" | "hookTimeoutsByEvent">,
  eventName: string,
): boolean {
  const interpreter = basename(argv[0] ?? "");
  const hookTimeoutMs = clientTimeout(policy, eventName);
  if (policy.clientKind === "bash") {
    return (
      argv.length === 5 &&
      interpreter === "bash" &&
      argv[1] === "-c" &&
      argv[2] === clientProgram("bash", hookTimeoutMs) &&
      argv[3] === BASH_CLIENT_NAME &&
      argv[4] === eventName
    );
  }
  return (
    argv.length === 4 &&
    interpreter === basename(process.execPath) &&
    argv[1] === "-e" &&
    argv[2] === clientProgram("node", hookTimeoutMs) &&
    argv[3] === eventName
  );
}

// The client programs are generated once per kind and deadline, not per peer check: the
// check runs on the hook path (once per connection; Codex connects once per hook).
const clientPrograms = new Map<string, string>();
function clientProgram(kind: HookClientKind, hookTimeoutMs: number): string {
  const key = `${kind}:${hookTimeoutMs}`;
  let program = clientPrograms.get(key);
  if (program === undefined) {
    program =
      kind === "bash"
        ? bashHookClientScript({ hookTimeoutMs })
        : nodeHookClientScript({ hookTimeoutMs });
    clientPrograms.set(key, program);
  }
  return program;
}

// The deadline the event's client program was generated with.
function clientTimeout(
  policy: Pick<PeerPolicy, "hookTimeoutMs" | "hookTimeoutsByEvent">,
  eventName: string,
): number {
  return timeoutForEvent(eventName, policy.hookTimeoutMs, policy.hookTimeoutsByEvent);
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
