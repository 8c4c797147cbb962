// The page's client of the server API: the token from the URL fragment goes in an
// Authorization header on every request, SSE is read through fetch (EventSource cannot
// send headers) and the terminal WebSocket offers the token as a subprotocol. The token
// is taken out of the address bar at once (prd/serve.md "Token transport") and kept in
// this tab's sessionStorage, so a reload still works and no URL holds it.

const TOKEN_KEY = "elwood.token";

export interface SessionInfo {
  readonly id: string;
  /** An agent id from the server's registry (GET /api/agents). */
  readonly agent: string;
  readonly cwd: string;
  readonly status: string;
  readonly resumed: boolean;
  readonly lastEventId: number;
  /** Token counts of the session so far; absent until the agent's transcript reported some. */
  readonly usage?: TokenUsage;
}

/** One agent the server offers (GET /api/agents), in auto-detection's order. */
export interface AgentChoice {
  readonly id: string;
  readonly displayName: string;
}

export interface TokenUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadTokens: number;
  readonly cacheWriteTokens: number;
  readonly reasoningTokens: number;
}

export interface ServeEvent {
  readonly id: number;
  readonly at: number;
  readonly type: string;
  readonly data: Record<string, unknown>;
}

export class ApiError extends Error {
  constructor(
    readonly errorName: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export class Api {
  readonly #token: string;

  constructor(token: string) {
    this.#token = token;
  }

  /** The token from `#token=…` (then removed from the URL), or this tab's saved one. */
  static fromLocation(): Api | undefined {
    const fromFragment = new URLSearchParams(window.location.hash.slice(1)).get("token");
    if (fromFragment !== null) {
      // Replacing the entry (not pushing one) leaves no history entry with the token.
      window.history.replaceState(
        window.history.state,
        "",
        window.location.pathname + window.location.search,
      );
      saveToken(fromFragment);
    }
    const token = fromFragment || loadToken();
    return token ? new Api(token) : undefined;
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(path, {
      method,
      headers: {
        authorization: `Bearer ${this.#token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const payload = (await response.json().catch(() => ({}))) as {
      error?: { name: string; message: string };
    };
    if (!response.ok) {
      // A token from an earlier server run: forget it, so the printed link is needed again.
      if (response.status === 401) saveToken(undefined);
      const error = payload.error ?? { name: "http_error", message: response.statusText };
      throw new ApiError(error.name, error.message, response.status);
    }
    return payload as T;
  }

  /** Follows a session's events, reconnecting with Last-Event-ID until `signal` aborts. */
  async followEvents(
    id: string,
    onEvent: (event: ServeEvent) => void,
    signal: AbortSignal,
  ): Promise<void> {
    let lastId = 0;
    while (!signal.aborted) {
      try {
        const response = await fetch(`/api/sessions/${encodeURIComponent(id)}/events`, {
          headers: { authorization: `Bearer ${this.#token}`, "last-event-id": String(lastId) },
          signal,
        });
        if (response.status === 404 || response.body === null) return;
        for await (const event of readServerSentEvents(response.body)) {
          lastId = event.id;
          onEvent(event);
        }
      } catch {
        // Dropped connection: reconnect below, resuming after lastId.
      }
      if (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  openTerminal(id: string): WebSocket {
    const url = new URL(`/api/sessions/${encodeURIComponent(id)}/terminal`, window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(url, ["elwood.terminal", `elwood.bearer.${this.#token}`]);
    socket.binaryType = "arraybuffer";
    return socket;
  }
}

async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServeEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      const data = block
        .split("\n")
        .filter((line) => line.startsWith("data: "))
        .map((line) => line.slice(6))
        .join("\n");
      const isEntry = block.split("\n").some((line) => line.startsWith("id: "));
      if (isEntry && data !== "") yield JSON.parse(data) as ServeEvent;
    }
  }
}

// sessionStorage may be unavailable (storage disabled); the token then lives in memory only.
function saveToken(token: string | undefined): void {
  try {
    if (token) window.sessionStorage.setItem(TOKEN_KEY, token);
    else window.sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // memory only
  }
}

function loadToken(): string | null {
  try {
    return window.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}
