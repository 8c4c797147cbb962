// Who is on the other end of a bridge connection (Linux only; prd/bridge.md "Peer
// check"). The token authenticates a request; this second check admits it only when the
// connecting socket belongs to the CLI process or one of its descendants (the hook
// clients it spawns). /proc/net/tcp maps the peer's port to a socket inode and its owner
// uid; the session's process tree (from /proc/<pid>/task/<tid>/children) is then searched,
// breadth first, for a file descriptor that is that socket.

import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  readSync,
} from "node:fs";

/** What the check concluded; `unavailable` means this system offers no cheap answer. */
export type PeerVerdict = "session" | "foreign" | "unavailable";

export interface PeerAddress {
  /** The bridge's own port (the connection's local end). */
  readonly localPort: number;
  /** The connecting socket's port. */
  readonly remotePort: number;
}

// Processes with more descendants than this are not searched further; the CLI's own
// hook clients are at depth one or two, so a huge tool tree cannot make a check slow.
const MAX_PROCESSES_SEARCHED = 256;

const TABLE_CHUNK_BYTES = 16 * 1024;

/** 127.0.0.1 as /proc/net/tcp writes it: the address bytes in host (little-endian) order. */
const LOOPBACK_HEX = "0100007F";

const portHex = (port: number): string => port.toString(16).toUpperCase().padStart(4, "0");

/** The peer socket's inode and owner uid, or undefined when /proc/net/tcp has no such line. */
export function findPeerSocket(
  table: string,
  address: PeerAddress,
): { readonly inode: string; readonly uid: number } | undefined {
  const peerLocal = `${LOOPBACK_HEX}:${portHex(address.remotePort)}`;
  const peerRemote = `${LOOPBACK_HEX}:${portHex(address.localPort)}`;
  for (const line of table.split("\n")) {
    const fields = line.trim().split(/\s+/);
    // sl local rem st tx:rx tr:when retrnsmt uid timeout inode …
    if (fields[1] !== peerLocal || fields[2] !== peerRemote) continue;
    const uid = Number(fields[7]);
    const inode = fields[9];
    if (inode === undefined || !Number.isInteger(uid)) return undefined;
    return { inode, uid };
  }
  return undefined;
}

/**
 * Is the socket at `address` held by `rootPid` or one of its descendants? Synchronous on
 * purpose: a handful of small /proc reads (~1-3 ms, mostly the kernel printing
 * /proc/net/tcp) costs less on the event loop than as many thread-pool round trips.
 */
export function checkPeer(rootPid: number, address: PeerAddress): PeerVerdict {
  if (!hasChildrenLists()) return "unavailable";
  let socket: ReturnType<typeof findPeerSocket>;
  try {
    socket = scanTcpTable(address);
  } catch {
    return "unavailable";
  }
  if (socket === undefined) return "foreign";
  if (typeof process.getuid === "function" && socket.uid !== process.getuid()) return "foreign";
  const target = `socket:[${socket.inode}]`;
  const queue = [rootPid];
  const seen = new Set<number>();
  while (queue.length > 0 && seen.size < MAX_PROCESSES_SEARCHED) {
    const pid = queue.shift() as number;
    if (seen.has(pid)) continue;
    seen.add(pid);
    if (holdsSocket(pid, target)) return "session";
    queue.push(...childrenOf(pid));
  }
  return "foreign";
}

// Reads /proc/net/tcp in chunks and stops at the first whole line that matches: the
// kernel generates the text as it is read, so an early stop saves most of the cost.
function scanTcpTable(address: PeerAddress): ReturnType<typeof findPeerSocket> {
  const fd = openSync("/proc/net/tcp", "r");
  try {
    const chunk = Buffer.alloc(TABLE_CHUNK_BYTES);
    let pending = "";
    for (;;) {
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) return findPeerSocket(pending, address);
      const text = pending + chunk.toString("latin1", 0, read);
      const lastNewline = text.lastIndexOf("\n");
      const found = findPeerSocket(text.slice(0, lastNewline + 1), address);
      if (found !== undefined) return found;
      pending = text.slice(lastNewline + 1);
    }
  } finally {
    closeSync(fd);
  }
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

function holdsSocket(pid: number, target: string): boolean {
  const dir = `/proc/${pid}/fd`;
  let fds: string[];
  try {
    fds = readdirSync(dir);
  } catch {
    return false;
  }
  for (const fd of fds) {
    try {
      if (readlinkSync(`${dir}/${fd}`) === target) return true;
    } catch {
      // The descriptor closed while we looked.
    }
  }
  return false;
}

// A process's children are listed per thread that forked them, so every task counts.
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return children;
  }
  for (const tid of tasks) {
    let list = "";
    try {
      list = readFileSync(`/proc/${pid}/task/${tid}/children`, "latin1");
    } catch {
      continue;
    }
    for (const entry of list.trim().split(/\s+/)) {
      const child = Number(entry);
      if (entry.length > 0 && Number.isInteger(child)) children.push(child);
    }
  }
  return children;
}
