// startServe's options, checked once (STYLE §4): a bad one is an `invalid_options`
// error before anything listens. The server stays on loopback unless the caller says
// `allowRemote` (prd/serve.md "Local by default").
import { BlockList, isIP } from "node:net";
import { isAbsolute, resolve } from "node:path";
import { ElwoodError } from "../index.js";
import { defaultWebRoot } from "./static-assets.js";

export interface ServeOptions {
  /** TCP port; 0 (the default) lets the system pick a free one. */
  readonly port?: number;
  /** Address to bind; loopback 127.0.0.1 by default. */
  readonly host?: string;
  /**
   * Allows a `host` outside loopback (127.0.0.0/8, ::1, localhost). The API is plain
   * HTTP, so its bearer token then crosses the network in clear. False by default.
   */
  readonly allowRemote?: boolean;
  /** Sessions one server holds at once (live or starting); 32 by default. */
  readonly maxSessions?: number;
  /** Open client connections (HTTP, SSE and WebSocket together); 128 by default. */
  readonly maxConnections?: number;
  /** Time a client has to send a whole request (headers and body); 60 s by default. */
  readonly requestTimeoutMs?: number;
  /** Where sessions keep their state; Elwood's default state dir when absent. */
  readonly stateDir?: string;
  /** Environment for the agents the server starts; the server's own by default. */
  readonly sessionEnv?: Readonly<Record<string, string | undefined>>;
  /** Folder holding the built page; dist/web of this package by default. */
  readonly webRoot?: string;
  /** A fixed token instead of a fresh random one (tests, supervisors). */
  readonly token?: string;
}

export interface NormalizedServeOptions {
  readonly port: number;
  readonly host: string;
  readonly maxSessions: number;
  readonly maxConnections: number;
  readonly requestTimeoutMs: number;
  readonly stateDir: string | undefined;
  readonly sessionEnv: Readonly<Record<string, string | undefined>> | undefined;
  readonly webRoot: string;
  readonly token: string | undefined;
}

export const SERVE_DEFAULTS = Object.freeze({
  maxSessions: 32,
  maxConnections: 128,
  requestTimeoutMs: 60_000,
});

// Every spelling of a loopback address (127.0.0.0/8, ::1, ::ffff:127.x) is one check.
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** True for `localhost` and any loopback IP address; the only hosts served by default. */
export function isLoopbackHost(host: string): boolean {
  if (host === "localhost") return true;
  const family = isIP(host);
  return family !== 0 && LOOPBACK.check(host, family === 6 ? "ipv6" : "ipv4");
}

function invalid(message: string, option: string): ElwoodError {
  return new ElwoodError("invalid_options", message, { details: { option } });
}

function wholeNumber(value: unknown, option: string, min: number, max: number): number {
  if (typeof value === "number" && Number.isInteger(value) && value >= min && value <= max) {
    return value;
  }
  throw invalid(
    `\`${option}\` must be a whole number from ${min} to ${max}; got ${String(value)}.`,
    option,
  );
}

export function normalizeServeOptions(options: ServeOptions): NormalizedServeOptions {
  const port = wholeNumber(options.port ?? 0, "port", 0, 65_535);
  const host = options.host ?? "127.0.0.1";
  if (typeof host !== "string" || (host !== "localhost" && isIP(host) === 0)) {
    throw invalid(
      `\`host\` must be an IP address to bind (127.0.0.1 by default); got ${String(host)}.`,
      "host",
    );
  }
  const allowRemote = options.allowRemote ?? false;
  if (typeof allowRemote !== "boolean") {
    throw invalid(`\`allowRemote\` must be a boolean; got ${String(allowRemote)}.`, "allowRemote");
  }
  if (!allowRemote && !isLoopbackHost(host)) {
    throw invalid(
      `\`host\` ${host} is not a loopback address; the server would be reachable from other machines over plain HTTP, where its token travels in clear. Bind 127.0.0.1 (the default), or pass \`allowRemote: true\` (\`--allow-remote\` on the command line) to accept that.`,
      "allowRemote",
    );
  }
  const token = options.token;
  if (token !== undefined && !/^[A-Za-z0-9_-]{16,256}$/.test(token)) {
    throw invalid("`token` must be 16–256 letters, digits, '-' or '_'.", "token");
  }
  const stateDir = options.stateDir;
  if (stateDir !== undefined && (typeof stateDir !== "string" || stateDir === "")) {
    throw invalid("`stateDir` must be a non-empty path.", "stateDir");
  }
  const webRoot = options.webRoot ?? defaultWebRoot();
  if (!isAbsolute(webRoot)) throw invalid("`webRoot` must be an absolute path.", "webRoot");
  return {
    port,
    host,
    maxSessions: wholeNumber(
      options.maxSessions ?? SERVE_DEFAULTS.maxSessions,
      "maxSessions",
      1,
      10_000,
    ),
    maxConnections: wholeNumber(
      options.maxConnections ?? SERVE_DEFAULTS.maxConnections,
      "maxConnections",
      1,
      100_000,
    ),
    requestTimeoutMs: wholeNumber(
      options.requestTimeoutMs ?? SERVE_DEFAULTS.requestTimeoutMs,
      "requestTimeoutMs",
      100,
      3_600_000,
    ),
    stateDir: stateDir === undefined ? undefined : resolve(stateDir),
    sessionEnv: options.sessionEnv,
    webRoot,
    token,
  };
}
