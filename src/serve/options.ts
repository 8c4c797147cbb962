// startServe's options, checked once (STYLE §4): a bad one is an `invalid_options`
// error before anything listens.
import { isIP } from "node:net";
import { isAbsolute, resolve } from "node:path";
import { ElwoodError } from "../index.js";
import { defaultWebRoot } from "./static-assets.js";

export interface ServeOptions {
  /** TCP port; 0 (the default) lets the system pick a free one. */
  readonly port?: number;
  /** Address to bind; loopback 127.0.0.1 by default. */
  readonly host?: string;
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
  readonly stateDir: string | undefined;
  readonly sessionEnv: Readonly<Record<string, string | undefined>> | undefined;
  readonly webRoot: string;
  readonly token: string | undefined;
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost"]);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host) || host.startsWith("127.");
}

function invalid(message: string, option: string): ElwoodError {
  return new ElwoodError("invalid_options", message, { details: { option } });
}

export function normalizeServeOptions(options: ServeOptions): NormalizedServeOptions {
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw invalid(`\`port\` must be a whole number from 0 to 65535; got ${String(port)}.`, "port");
  }
  const host = options.host ?? "127.0.0.1";
  if (typeof host !== "string" || (host !== "localhost" && isIP(host) === 0)) {
    throw invalid(
      `\`host\` must be an IP address to bind (127.0.0.1 by default); got ${String(host)}.`,
      "host",
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
    stateDir: stateDir === undefined ? undefined : resolve(stateDir),
    sessionEnv: options.sessionEnv,
    webRoot,
    token,
  };
}
