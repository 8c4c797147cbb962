// startScriptedModelServer(): one loopback HTTP server that speaks the Anthropic
// Messages, OpenAI Responses and Gemini generateContent APIs from a scenario script, logs every request,
// and never crashes or hangs on bad input (prd/internals.md, testing/).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { anthropicErrorBody, replyAnthropic } from "./anthropic/reply.js";
import { estimateTokens, parseAnthropicRequest } from "./anthropic/request.js";
import { googleErrorBody, replyGoogle } from "./google/reply.js";
import { googleRouteOf, parseGoogleRequest } from "./google/request.js";
import { BodyTooLarge, readBody, sendJson } from "./http.js";
import { openAiErrorBody, replyOpenAi } from "./openai/reply.js";
import { parseOpenAiRequest } from "./openai/request.js";
import { RequestLog } from "./request-log.js";
import { planReply } from "./routing.js";
import {
  type AutoModeVerdict,
  checkedVerdict,
  ScenarioBook,
  type ScriptedTurn,
} from "./scenario.js";
import { BadModelRequest, type LoggedRequest, type ModelApi } from "./types.js";

export interface ScriptedModelServerOptions {
  /** Turns to register up front (same as calling `turn()` for each). */
  readonly turns?: readonly ScriptedTurn[];
  /** Model id reported by `GET /v1/models`; defaults to "scripted-model". */
  readonly modelName?: string;
  /**
   * How Claude's auto-mode safety check is answered for tool calls whose step does not
   * say (`tool.autoModeCheck`): "allow" (the default, as the real API clears a harmless
   * command), `{ deny: reason }`, or "unanswered" (Claude then asks a person).
   */
  readonly autoModeCheck?: AutoModeVerdict;
}

export interface ScriptedModelServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** For ANTHROPIC_BASE_URL: the origin without `/v1`. */
  readonly anthropicBaseUrl: string;
  /** For a Codex model provider `base_url`: the origin with `/v1`. */
  readonly openaiBaseUrl: string;
  /** For GOOGLE_GEMINI_BASE_URL: the origin (Gemini CLI adds `/v1beta/models/...`). */
  readonly googleBaseUrl: string;
  /** Registers a turn; returns its index (as logged in `matchedTurn`). */
  turn(spec: ScriptedTurn): number;
  /** Every request received so far, in arrival order (a live view). */
  readonly requests: readonly LoggedRequest[];
  /** Resolves with the first (past or future) request that satisfies `predicate`. */
  waitForRequest(
    predicate: (request: LoggedRequest) => boolean,
    timeoutMs?: number,
  ): Promise<LoggedRequest>;
  /** Ends open streams and connections, then stops listening. Idempotent. */
  close(): Promise<void>;
}

const MODEL_PATHS: Readonly<Record<string, ModelApi>> = {
  "/v1/messages": "anthropic",
  "/v1/responses": "openai",
};

function errorBody(api: ModelApi | "other", status: number, message: string): unknown {
  if (api === "google") return googleErrorBody(status, message);
  return api === "openai" ? openAiErrorBody(status, message) : anthropicErrorBody(status, message);
}

function callIdPrefix(api: ModelApi): string {
  if (api === "google") return "google_call_scripted_";
  return api === "openai" ? "call_scripted_" : "toolu_scripted_";
}

export async function startScriptedModelServer(
  options: ScriptedModelServerOptions = {},
): Promise<ScriptedModelServer> {
  const book = new ScenarioBook();
  const log = new RequestLog();
  const closing = new AbortController();
  const modelName = options.modelName ?? "scripted-model";
  const autoModeCheck = checkedVerdict(options.autoModeCheck ?? "allow", "autoModeCheck");
  let replyNumber = 0;
  for (const turn of options.turns ?? []) book.add(turn);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? "GET";
    const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
    const googleRoute = googleRouteOf(path);
    const api: ModelApi | "other" =
      MODEL_PATHS[path] ??
      (googleRoute !== undefined
        ? "google"
        : path.startsWith("/v1/messages")
          ? "anthropic"
          : "other");
    const entry = log.open({ method, path, api: path === "/v1/models" ? "openai" : api });
    // The reply is cut short (streams end, pauses wake) if the client leaves or we close.
    const replyAbort = new AbortController();
    const onGone = (): void => replyAbort.abort();
    response.on("close", onGone);
    closing.signal.addEventListener("abort", onGone, { once: true });
    try {
      let text: string;
      try {
        text = method === "GET" || method === "HEAD" ? "" : await readBody(request);
      } catch (error) {
        if (error instanceof BodyTooLarge) entry.status = 413;
        else entry.status = 400;
        sendJson(response, entry.status, errorBody(api, entry.status, String(error)));
        return;
      }
      if (method === "GET" && path === "/v1/models") {
        entry.isAuxiliary = true;
        entry.status = 200;
        const model = { id: modelName, object: "model", created: 0, owned_by: "scripted" };
        sendJson(response, 200, { object: "list", data: [model] });
        return;
      }
      const isKnownPost =
        method === "POST" && (api !== "other" || path === "/v1/messages/count_tokens");
      if (!isKnownPost) {
        entry.status = 404;
        sendJson(response, 404, errorBody(api, 404, `no route for ${method} ${path}`));
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        entry.status = 400;
        sendJson(response, 400, errorBody(api, 400, "request body is not valid JSON"));
        return;
      }
      entry.body = body;
      if (path === "/v1/messages/count_tokens") {
        entry.isAuxiliary = true;
        entry.status = 200;
        sendJson(response, 200, { input_tokens: estimateTokens(body) });
        return;
      }
      const parsed =
        googleRoute !== undefined
          ? parseGoogleRequest(body, googleRoute)
          : api === "openai"
            ? parseOpenAiRequest(body)
            : parseAnthropicRequest(body);
      entry.userText = parsed.userText;
      entry.toolResults = parsed.toolResults;
      entry.images = parsed.images;
      entry.isAuxiliary = parsed.isAuxiliary;
      replyNumber += 1;
      const plan = planReply(book, parsed, callIdPrefix(api === "other" ? "anthropic" : api));
      if (plan.turnIndex !== undefined) entry.matchedTurn = plan.turnIndex;
      log.notify(entry);
      const ctx = {
        response,
        signal: replyAbort.signal,
        steps: plan.steps,
        toolCallIds: plan.toolCallIds,
        model: parsed.model,
        inputTokens: estimateTokens(body),
        isStreaming: parsed.isStreaming,
        replyNumber,
        ...(parsed.safetyCheck === undefined
          ? {}
          : { safetyCheck: { ...parsed.safetyCheck, fallback: autoModeCheck } }),
      };
      entry.status =
        api === "google"
          ? await replyGoogle(ctx)
          : api === "openai"
            ? await replyOpenAi(ctx)
            : await replyAnthropic(ctx);
    } catch (error) {
      const isBad = error instanceof BadModelRequest;
      entry.status = isBad ? 400 : 500;
      const message = isBad ? error.message : `scripted model server error: ${String(error)}`;
      sendJson(response, entry.status, errorBody(api, entry.status, message));
    } finally {
      closing.signal.removeEventListener("abort", onGone);
      log.notify(entry);
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      // Last resort: never let one request take the server down.
      if (!response.destroyed) response.destroy();
    });
  });
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n");
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  let closed: Promise<void> | undefined;

  return {
    url,
    anthropicBaseUrl: url,
    openaiBaseUrl: `${url}/v1`,
    googleBaseUrl: url,
    turn: (spec) => book.add(spec),
    get requests() {
      return log.entries;
    },
    waitForRequest: (predicate, timeoutMs = 30_000) => log.waitFor(predicate, timeoutMs),
    close() {
      closed ??= new Promise<void>((resolve) => {
        closing.abort();
        log.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
