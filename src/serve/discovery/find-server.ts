// Finding the running server that holds a session (issue 25): the servers' runtime
// files (runtime-files.ts), each asked over its own API with a short timeout, or one
// server named with --url plus ELWOOD_SERVE_TOKEN. Everything a person can fix is an
// `invalid_options` error (exit 2) saying what to do.
import { ElwoodError } from "../../index.js";
import { listServerFiles, runtimeFolder } from "./runtime-files.js";

type Env = Readonly<Record<string, string | undefined>>;

/** A server to talk to: its base URL and bearer token. */
export interface ServerAddress {
  readonly url: string;
  readonly token: string;
}

/** What `GET /api/sessions/:id` says about a live session (the fields attach uses). */
export interface LiveSessionInfo {
  readonly id: string;
  readonly agent: string;
  readonly status: string;
  readonly size: { readonly cols: number; readonly rows: number };
}

/** An answer from a server (status and JSON body), or undefined when none came in time. */
async function getJson(
  server: ServerAddress,
  path: string,
  timeoutMs: number,
): Promise<{ status: number; body: Record<string, unknown> } | undefined> {
  try {
    const response = await fetch(`${server.url}${path}`, {
      headers: { authorization: `Bearer ${server.token}` },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: response.status, body };
  } catch {
    return undefined;
  }
}

/**
 * The ids of every session live on this user's running servers, each with its server's
 * URL. A server that does not answer within `timeoutMs` is left out; never throws.
 */
export async function liveServedSessions(
  env: Env = process.env,
  timeoutMs = 1000,
): Promise<Map<string, string>> {
  const live = new Map<string, string>();
  const servers = await listServerFiles(env).catch(() => []);
  const answers = await Promise.all(
    servers.map(async (server) => ({
      server,
      reply: await getJson(server, "/api/sessions", timeoutMs),
    })),
  );
  for (const { server, reply } of answers) {
    const sessions = reply?.status === 200 ? reply.body.sessions : undefined;
    if (!Array.isArray(sessions)) continue;
    for (const session of sessions as { id?: unknown }[]) {
      if (typeof session.id === "string" && !live.has(session.id)) live.set(session.id, server.url);
    }
  }
  return live;
}

export interface FindServerRequest {
  readonly sessionId: string;
  /** A server named on the command line; its token comes from ELWOOD_SERVE_TOKEN. */
  readonly url: string | undefined;
  readonly env: Env;
  readonly timeoutMs?: number;
}

/** The one server holding `sessionId` live, and what it says about the session. */
export async function findServerFor(
  request: FindServerRequest,
): Promise<{ server: ServerAddress; session: LiveSessionInfo }> {
  const { sessionId, env } = request;
  const timeoutMs = request.timeoutMs ?? 3000;
  const path = `/api/sessions/${encodeURIComponent(sessionId)}`;
  if (request.url !== undefined) {
    const server = namedServer(request.url, env.ELWOOD_SERVE_TOKEN);
    const reply = await getJson(server, path, timeoutMs);
    if (reply === undefined) {
      throw usage(
        `No server answered at ${server.url} within ${timeoutMs / 1000} s; check the URL \`elwood serve\` printed, or leave out --url to find a local server.`,
      );
    }
    if (reply.status === 401) {
      throw usage(
        `${server.url} refused ELWOOD_SERVE_TOKEN; set it to the token \`elwood serve\` printed (the part after #token=).`,
      );
    }
    if (reply.status !== 200) throw unknownSession(sessionId, [server.url]);
    return { server, session: sessionInfo(reply.body) };
  }
  const servers = await listServerFiles(env);
  if (servers.length === 0) {
    throw usage(
      `No \`elwood serve\` is running for you (no server file in ${await runtimeFolder(env)}). Start one with \`elwood serve\`, or pass --url <url> with ELWOOD_SERVE_TOKEN=<token> to reach another.`,
    );
  }
  const replies = await Promise.all(
    servers.map(async (server) => ({ server, reply: await getJson(server, path, timeoutMs) })),
  );
  const holders = replies.filter(({ reply }) => reply?.status === 200);
  const [holder, ...others] = holders;
  if (holder === undefined || holder.reply === undefined) {
    throw unknownSession(
      sessionId,
      servers.map((server) => server.url),
    );
  }
  if (others.length > 0) {
    throw usage(
      `Session ${sessionId} is live on ${holders.length} servers (${holders.map(({ server }) => server.url).join(", ")}); pick one with --url <url> and ELWOOD_SERVE_TOKEN=<its token>.`,
    );
  }
  return {
    server: { url: holder.server.url, token: holder.server.token },
    session: sessionInfo(holder.reply.body),
  };
}

function namedServer(url: string, token: string | undefined): ServerAddress {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw usage(
      `--url must be the server's http:// URL, e.g. http://127.0.0.1:4173; got ${JSON.stringify(url)}.`,
    );
  }
  if (parsed.protocol !== "http:" || parsed.hash !== "" || parsed.search !== "") {
    throw usage(
      `--url must be the server's plain http:// URL without a #token or query (the token goes in ELWOOD_SERVE_TOKEN); got ${JSON.stringify(url)}.`,
    );
  }
  if (token === undefined || token === "") {
    throw usage(
      "--url needs the server's token in ELWOOD_SERVE_TOKEN (the part after #token= in the URL `elwood serve` printed).",
    );
  }
  return { url: parsed.origin, token };
}

function sessionInfo(body: Record<string, unknown>): LiveSessionInfo {
  const size = body.size as { cols?: unknown; rows?: unknown } | undefined;
  return {
    id: String(body.id),
    agent: String(body.agent),
    status: String(body.status),
    size: { cols: Number(size?.cols ?? 0), rows: Number(size?.rows ?? 0) },
  };
}

function unknownSession(sessionId: string, urls: readonly string[]): ElwoodError {
  return usage(
    `No live session ${JSON.stringify(sessionId)} on ${urls.length === 1 ? "the server" : `the ${urls.length} servers`} at ${urls.join(", ")}. \`elwood sessions\` marks the live ones; a stored session must be resumed on a server first.`,
  );
}

function usage(message: string): ElwoodError {
  return new ElwoodError("invalid_options", message, { details: { usage: true } });
}
