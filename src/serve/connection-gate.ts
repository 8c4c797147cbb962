// The cap on open client connections (prd/serve.md "Limits"): HTTP keep-alive sockets,
// SSE streams and WebSockets are each one TCP connection, so counting sockets bounds all
// three. A connection past the cap is answered `connection_limit_reached` (503) on its
// first request or upgrade, then closed; nothing else is done for it.
import type { Socket } from "node:net";
import { ElwoodError } from "../index.js";

export class ConnectionGate {
  readonly #limit: number;
  readonly #admitted = new Set<Socket>();
  readonly #refused = new Set<Socket>();

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** Counts a new connection; one over the cap is remembered as refused. */
  track(socket: Socket): void {
    const set = this.#admitted.size < this.#limit ? this.#admitted : this.#refused;
    set.add(socket);
    socket.once("close", () => set.delete(socket));
  }

  /** Throws `connection_limit_reached` for a connection over the cap. */
  check(socket: Socket): void {
    if (!this.#refused.has(socket)) return;
    throw new ElwoodError(
      "connection_limit_reached",
      `This server already has ${this.#limit} open connections, its limit; close idle tabs or clients and retry.`,
      { details: { limit: this.#limit } },
    );
  }

  /** Destroys every connection, admitted or not (server close). */
  destroyAll(): void {
    for (const socket of [...this.#admitted, ...this.#refused]) socket.destroy();
  }
}
