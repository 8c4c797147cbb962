// The kernel's IPv4 TCP table (/proc/net/tcp) maps a connection's ports to the socket's
// inode and owner uid: how the bridge learns which socket is on the other end of a
// loopback connection (prd/bridge.md "Peer check").

import { open } from "node:fs/promises";

export interface PeerAddress {
  /** The bridge's own port (the connection's local end). */
  readonly localPort: number;
  /** The connecting socket's port. */
  readonly remotePort: number;
}

export interface PeerSocket {
  readonly inode: string;
  readonly uid: number;
}

const TABLE_CHUNK_BYTES = 16 * 1024;

/** 127.0.0.1 as /proc/net/tcp writes it: the address bytes in host (little-endian) order. */
const LOOPBACK_HEX = "0100007F";

const portHex = (port: number): string => port.toString(16).toUpperCase().padStart(4, "0");

/** The table's key for the peer's socket: its own end, then the bridge's end. */
function peerKey(address: PeerAddress): string {
  return `${LOOPBACK_HEX}:${portHex(address.remotePort)} ${LOOPBACK_HEX}:${portHex(address.localPort)}`;
}

/**
 * Each line of `table` with a live socket: its key (local and remote end) and the socket.
 * Inode 0 is a socket its process already closed (TIME_WAIT): never the live peer.
 */
function* liveSockets(table: string): Generator<{ key: string; socket: PeerSocket | undefined }> {
  for (const line of table.split("\n")) {
    // sl local rem st tx:rx tr:when retrnsmt uid timeout inode …
    const fields = line.trim().split(/\s+/);
    const inode = fields[9];
    if (inode === "0") continue;
    const uid = Number(fields[7]);
    const socket = inode === undefined || !Number.isInteger(uid) ? undefined : { inode, uid };
    yield { key: `${fields[1]} ${fields[2]}`, socket };
  }
}

/** The peer socket's inode and owner uid, or undefined when the table has no such line. */
export function findPeerSocket(table: string, address: PeerAddress): PeerSocket | undefined {
  const key = peerKey(address);
  for (const line of liveSockets(table)) if (line.key === key) return line.socket;
  return undefined;
}

/**
 * Reads /proc/net/tcp in chunks (off the event loop), once for every lookup waiting when
 * the read starts, and stops as soon as each of them has its line: the kernel generates
 * the text as it is read, so an early stop saves most of the cost on a machine with many
 * sockets. Lookups that arrive during a read wait for the next one (their socket may be
 * newer than the read's start). Rejects when the table is unreadable.
 *
 * Shared because each read costs more the more sockets there are: with 64 sessions
 * starting at once (load ~60), one read per hook queued in the thread pool until the
 * hook clients gave up, and the check then found their sockets already closed (inode 0).
 */
export function readPeerSocket(address: PeerAddress): Promise<PeerSocket | undefined> {
  return tableScans.lookup(address);
}

interface Lookup {
  readonly address: PeerAddress;
  readonly resolve: (socket: PeerSocket | undefined) => void;
  readonly reject: (error: unknown) => void;
}

class TableScans {
  #waiting: Lookup[] = [];
  #isScanning = false;

  lookup(address: PeerAddress): Promise<PeerSocket | undefined> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ address, resolve, reject });
      this.#next();
    });
  }

  #next(): void {
    if (this.#isScanning || this.#waiting.length === 0) return;
    this.#isScanning = true;
    const batch = this.#waiting;
    this.#waiting = [];
    void scanTable(batch).finally(() => {
      this.#isScanning = false;
      this.#next();
    });
  }
}

const tableScans = new TableScans();

async function scanTable(batch: readonly Lookup[]): Promise<void> {
  const unresolved = new Map<string, Lookup[]>();
  for (const lookup of batch) {
    const key = peerKey(lookup.address);
    unresolved.set(key, [...(unresolved.get(key) ?? []), lookup]);
  }
  const settle = (text: string) => {
    for (const { key, socket } of liveSockets(text)) {
      const waiting = unresolved.get(key);
      if (waiting === undefined) continue;
      unresolved.delete(key);
      for (const lookup of waiting) lookup.resolve(socket);
    }
  };
  try {
    const file = await open("/proc/net/tcp", "r");
    try {
      const chunk = Buffer.alloc(TABLE_CHUNK_BYTES);
      let pending = "";
      while (unresolved.size > 0) {
        const { bytesRead } = await file.read(chunk, 0, chunk.length, null);
        if (bytesRead === 0) {
          settle(pending);
          break;
        }
        const text = pending + chunk.toString("latin1", 0, bytesRead);
        const lastNewline = text.lastIndexOf("\n");
        settle(text.slice(0, lastNewline + 1));
        pending = text.slice(lastNewline + 1);
      }
    } finally {
      await file.close();
    }
    for (const waiting of unresolved.values())
      for (const lookup of waiting) lookup.resolve(undefined);
  } catch (error) {
    for (const waiting of unresolved.values()) for (const lookup of waiting) lookup.reject(error);
  }
}
