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

/** The peer socket's inode and owner uid, or undefined when the table has no such line. */
export function findPeerSocket(table: string, address: PeerAddress): PeerSocket | undefined {
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
 * Reads /proc/net/tcp in chunks (off the event loop) and stops at the first whole line
 * that matches: the kernel generates the text as it is read, so an early stop saves
 * most of the cost on a machine with many sockets. Throws when the table is unreadable.
 */
export async function readPeerSocket(address: PeerAddress): Promise<PeerSocket | undefined> {
  const file = await open("/proc/net/tcp", "r");
  try {
    const chunk = Buffer.alloc(TABLE_CHUNK_BYTES);
    let pending = "";
    for (;;) {
      const { bytesRead } = await file.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) return findPeerSocket(pending, address);
      const text = pending + chunk.toString("latin1", 0, bytesRead);
      const lastNewline = text.lastIndexOf("\n");
      const found = findPeerSocket(text.slice(0, lastNewline + 1), address);
      if (found !== undefined) return found;
      pending = text.slice(lastNewline + 1);
    }
  } finally {
    await file.close();
  }
}
