// The per-run bearer token (prd/serve.md "Authentication"): every API request carries
// `Authorization: Bearer <token>`. Browsers cannot set headers on a WebSocket, so the
// terminal socket also accepts the token as a subprotocol `elwood.bearer.<token>`;
// the token never travels in a URL, where logs and history would keep it.
import type { IncomingHttpHeaders } from "node:http";
import { isTokenMatch } from "../bridge/token.js";
import { ElwoodError } from "../index.js";

export const TOKEN_SUBPROTOCOL_PREFIX = "elwood.bearer.";
/** The subprotocol the server answers with; the token one is never echoed back. */
export const TERMINAL_SUBPROTOCOL = "elwood.terminal";

export class BearerAuth {
  readonly #expected: Buffer;

  constructor(token: string) {
    this.#expected = Buffer.from(token, "utf8");
  }

  /** Throws `unauthorized` unless the headers carry the token. */
  check(headers: IncomingHttpHeaders): void {
    if (this.#matchesHeader(headers.authorization) || this.#matchesSubprotocol(headers)) return;
    throw new ElwoodError(
      "unauthorized",
      "Missing or wrong token: send `Authorization: Bearer <token>` with the token that `elwood serve` printed.",
    );
  }

  #matchesHeader(value: string | undefined): boolean {
    const match = /^Bearer ([^\s]+)$/i.exec(value ?? "");
    return match?.[1] !== undefined && isTokenMatch(this.#expected, match[1]);
  }

  #matchesSubprotocol(headers: IncomingHttpHeaders): boolean {
    const offered = headers["sec-websocket-protocol"];
    if (typeof offered !== "string") return false;
    return offered
      .split(",")
      .map((item) => item.trim())
      .filter((item) => item.startsWith(TOKEN_SUBPROTOCOL_PREFIX))
      .some((item) => isTokenMatch(this.#expected, item.slice(TOKEN_SUBPROTOCOL_PREFIX.length)));
  }
}
