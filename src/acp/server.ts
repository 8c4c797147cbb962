// The ACP agent over one connection (prd/acp.md): initialize with what Elwood really
// offers, sessions by their Elwood id, and every failure a JSON-RPC error. The SDK checks
// each request's params against the protocol's schema before a handler runs (-32602).
import { stat } from "node:fs/promises";
import path from "node:path";
import {
  type AgentApp,
  type AgentContext,
  agent as acpAgent,
  type InitializeResponse,
  PROTOCOL_VERSION,
} from "@agentclientprotocol/sdk";
import {
  ELWOOD_AGENTS,
  type ElwoodAgentKind,
  ElwoodError,
  readConversation,
  readSessionInfo,
} from "../index.js";
import { AcpSession } from "./acp-session.js";
import { acpAgentKind } from "./agent-kinds.js";
import { acpError, toRequestError } from "./errors.js";
import { pieceOfConversationItem, ToolCallTracker } from "./updates.js";

/** Takes a session's one-owner lock; rejects with session_already_open when it is held. */
/** How long a session held by another process is waited for (its CLI may be stopping). */
const LOCK_WAIT_MS = 12_000;

export type LockSession = (
  stateDir: string,
  elwoodSessionId: string,
) => Promise<() => Promise<void>>;

export interface AcpServerConfig {
  /** The agent of new sessions; a loaded session keeps its own. */
  readonly agent: ElwoodAgentKind;
  readonly stateDir: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Start options besides cwd and posture: autotrust, model, reasoningEffort. */
  readonly options: Readonly<Record<string, unknown>>;
  /** The posture the user configured for `agent`; its first mode's when undefined. */
  readonly posture: Readonly<Record<string, string>> | undefined;
  readonly version: string;
  readonly lockSession: LockSession;
  readonly log: (line: string) => void;
}

export class AcpServer {
  readonly app: AgentApp;
  readonly #config: AcpServerConfig;
  readonly #sessions = new Map<string, AcpSession>();

  constructor(config: AcpServerConfig) {
    this.#config = config;
    this.app = acpAgent({ name: "elwood" });
    this.#register();
  }

  /** Closes every session (their CLIs stopped, killed if they hang); safe to call twice. */
  async closeAll(): Promise<void> {
    const sessions = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.all(sessions.map((session) => session.close().catch(() => undefined)));
  }

  #register(): void {
    const app = this.app;
    app.onRequest("initialize", () => this.#initialize());
    app.onRequest("session/new", ({ params }) =>
      guarded(() => this.#newSession(params.cwd, params.mcpServers.length)),
    );
    app.onRequest("session/load", ({ params, client }) =>
      guarded(() => this.#loadSession(params.sessionId, params.cwd, client)),
    );
    app.onRequest("session/prompt", ({ params, client }) =>
      guarded(() => this.#session(params.sessionId).prompt(params.prompt, client)),
    );
    app.onNotification("session/cancel", ({ params }) => {
      this.#sessions.get(params.sessionId)?.cancel();
    });
    app.onRequest("session/set_mode", ({ params, client }) =>
      guarded(async () => {
        const session = this.#session(params.sessionId);
        await session.setMode(params.modeId);
        await session.notify(client, {
          sessionUpdate: "current_mode_update",
          currentModeId: session.modeState().currentModeId,
        });
        return {};
      }),
    );
    app.onRequest("session/close", ({ params }) =>
      guarded(async () => {
        const session = this.#session(params.sessionId);
        this.#sessions.delete(params.sessionId);
        await session.close();
        return {};
      }),
    );
  }

  #initialize(): InitializeResponse {
    const kind = acpAgentKind(ELWOOD_AGENTS.get(this.#config.agent));
    return {
      protocolVersion: PROTOCOL_VERSION,
      agentCapabilities: {
        loadSession: true,
        promptCapabilities: { image: true, audio: false, embeddedContext: true },
        // The CLI runs with the user's own MCP configuration; the client's servers are not
        // handed to it (prd/acp.md "MCP servers").
        mcpCapabilities: { http: false, sse: false },
        sessionCapabilities: { close: {} },
      },
      agentInfo: {
        name: "elwood",
        title: `Elwood (${kind.displayName})`,
        version: this.#config.version,
      },
      authMethods: [],
    };
  }

  #session(sessionId: string): AcpSession {
    const session = this.#sessions.get(sessionId);
    if (session === undefined) {
      throw acpError(
        "session_not_found",
        `No session ${JSON.stringify(sessionId)} is open on this connection; create it with session/new or session/load.`,
      );
    }
    return session;
  }

  async #newSession(cwd: string, clientMcpServers: number) {
    await assertFolder(cwd);
    const agent = this.#config.agent;
    const session = this.#open(agent, undefined, cwd);
    await this.#lock(session);
    if (clientMcpServers > 0) {
      this.#config.log(
        `elwood acp: ${clientMcpServers} MCP server(s) from the client were not passed to ${agent}: it uses its own MCP configuration.`,
      );
    }
    return { sessionId: session.id, modes: session.modeState() };
  }

  async #loadSession(sessionId: string, cwd: string, client: AgentContext) {
    if (this.#sessions.has(sessionId)) {
      throw acpError(
        "session_already_open",
        `Session ${sessionId} is already open on this connection.`,
      );
    }
    const { stateDir, env } = this.#config;
    const info = await readSessionInfo({ stateDir, elwoodSessionId: sessionId });
    if (!info.resumable) {
      throw acpError(
        "resume_unavailable",
        `Session ${sessionId} never recorded the agent's conversation, so it cannot be loaded.`,
      );
    }
    if (path.resolve(cwd) !== info.cwd) {
      this.#config.log(`elwood acp: session ${sessionId} runs in ${info.cwd}, not ${cwd}.`);
    }
    const session = this.#open(info.agent, sessionId, info.cwd);
    await this.#lock(session);
    try {
      const replay = new ToolCallTracker(info.cwd);
      for (const item of await readConversation({ stateDir, elwoodSessionId: sessionId, env })) {
        for (const update of replay.updatesFor(pieceOfConversationItem(item))) {
          await session.notify(client, update);
        }
      }
    } catch (error) {
      this.#sessions.delete(session.id);
      await session.close();
      throw error;
    }
    return { modes: session.modeState() };
  }

  #open(agent: ElwoodAgentKind, elwoodSessionId: string | undefined, cwd: string): AcpSession {
    const kind = acpAgentKind(ELWOOD_AGENTS.get(agent));
    const configured = agent === this.#config.agent ? this.#config.posture : undefined;
    const session = new AcpSession({
      kind,
      elwoodSessionId,
      cwd,
      options: { ...this.#config.options, stateDir: this.#config.stateDir, env: this.#config.env },
      posture: configured ?? kind.modes[0]?.posture ?? {},
    });
    this.#sessions.set(session.id, session);
    return session;
  }

  async #lock(session: AcpSession): Promise<void> {
    try {
      session.holdLock(await this.#lockWhenFree(session.id));
    } catch (error) {
      this.#sessions.delete(session.id);
      await session.close();
      throw error;
    }
  }

  // A client that restarts its agent (acpx after its idle TTL, an editor reloading) can
  // reach the session while the previous `elwood acp` still stops its CLI, up to 10 s:
  // the lock is waited for that long before the session counts as open elsewhere.
  async #lockWhenFree(elwoodSessionId: string): Promise<() => Promise<void>> {
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      try {
        return await this.#config.lockSession(this.#config.stateDir, elwoodSessionId);
      } catch (error) {
        if (!ElwoodError.is(error, "session_already_open") || Date.now() >= deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toRequestError(error);
  }
}

async function assertFolder(cwd: string): Promise<void> {
  if (!path.isAbsolute(cwd)) {
    throw acpError("invalid_options", `cwd must be an absolute path; got ${JSON.stringify(cwd)}.`);
  }
  const isFolder = await stat(cwd).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
  if (!isFolder) throw acpError("invalid_options", `cwd ${cwd} is not an existing folder.`);
}
