// The hook bench's scripted model server, on a thread of its own. A user's model is
// another machine: its replies never wait on the parent's event loop, and the parent's
// hook replies never wait on it. In the parent's event loop the server's SSE replies and
// the session's work (hook requests, terminal output, transcript reads) queued behind
// each other, which a bare CLI's turn, with an idle parent, never paid (issue 22).
// The thread runs the same `startScriptedModelServer`; the parent sees only what the bench
// reads: the base URLs, turn registration, and the arrival times of a turn's requests.

import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import {
  type LoggedRequest,
  type ScriptedModelServer,
  type ScriptedTurn,
  startScriptedModelServer,
} from "../../../src/testing/index.js";

/** What the parent asks of the thread. */
type Request =
  | { readonly kind: "turn"; readonly spec: ScriptedTurn }
  | { readonly kind: "arrivals"; readonly id: number; readonly turn: number }
  | {
      readonly kind: "wait";
      readonly id: number;
      readonly turn: number;
      readonly count: number;
      readonly timeoutMs: number;
    }
  | { readonly kind: "close"; readonly id: number };

/** What the thread answers; `id` pairs an answer with its request. */
type Answer =
  | { readonly kind: "listening"; readonly urls: ModelUrls }
  | { readonly kind: "done"; readonly id: number; readonly arrivals?: readonly number[] }
  | { readonly kind: "failed"; readonly id: number; readonly message: string };

interface ModelUrls {
  readonly url: string;
  readonly anthropicBaseUrl: string;
  readonly openaiBaseUrl: string;
  readonly googleBaseUrl: string;
}

/** The scripted model server as the hook bench uses it, wherever it runs. */
export interface BenchModel extends ModelUrls {
  /** Registers a turn; returns its index, as the server numbers them. */
  turn(spec: ScriptedTurn): number;
  /** Arrival times (epoch ms) of the turn's model requests, side requests left out. */
  arrivals(turn: number): Promise<number[]>;
  /** Resolves once more than `count` of the turn's model requests have arrived. */
  waitForRequests(turn: number, count: number, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

function turnRequests(server: ScriptedModelServer, turn: number): LoggedRequest[] {
  return server.requests.filter((request) => request.matchedTurn === turn && !request.isAuxiliary);
}

/** Starts the server on a worker thread; the worker ends with `close()`. */
export async function startModelThread(): Promise<BenchModel> {
  // The bench runs under tsx, whose loader a worker thread does not inherit: the thread
  // registers it, then loads this file.
  const bootstrap = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(bootstrap, { eval: true, workerData: { isModelThread: true } });
  const pending = new Map<
    number,
    { resolve: (answer: Answer) => void; reject: (e: Error) => void }
  >();
  let nextId = 0;
  let nextTurn = 0;
  const urls = await new Promise<ModelUrls>((resolve, reject) => {
    worker.once("error", reject);
    worker.once("message", (answer: Answer) => {
      if (answer.kind === "listening") resolve(answer.urls);
      else reject(new Error(`model thread: expected listening, got ${answer.kind}`));
    });
  });
  worker.on("message", (answer: Answer) => {
    if (answer.kind === "listening") return;
    pending.get(answer.id)?.resolve(answer);
    pending.delete(answer.id);
  });
  worker.on("error", (error) => {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  });
  /** Posts a request and resolves with its answer; a failed one rejects. */
  const settled = async (request: Request & { readonly id: number }): Promise<Answer> => {
    const answer = await new Promise<Answer>((resolve, reject) => {
      pending.set(request.id, { resolve, reject });
      worker.postMessage(request);
    });
    if (answer.kind === "failed") throw new Error(answer.message);
    return answer;
  };
  return {
    ...urls,
    turn(spec) {
      // Messages arrive in order and nothing else registers turns, so the thread's index
      // is this count; the turn is registered long before the CLI's prompt is typed.
      worker.postMessage({ kind: "turn", spec } satisfies Request);
      const index = nextTurn;
      nextTurn += 1;
      return index;
    },
    async arrivals(turn) {
      const answer = await settled({ kind: "arrivals", id: nextId++, turn });
      return answer.kind === "done" ? [...(answer.arrivals ?? [])] : [];
    },
    async waitForRequests(turn, count, timeoutMs) {
      await settled({ kind: "wait", id: nextId++, turn, count, timeoutMs });
    },
    async close() {
      await settled({ kind: "close", id: nextId++ }).catch(() => undefined);
      await worker.terminate();
    },
  };
}

async function serveOnThisThread(): Promise<void> {
  const port = parentPort;
  if (port === null) return;
  const server = await startScriptedModelServer();
  const answer = (message: Answer): void => port.postMessage(message);
  answer({
    kind: "listening",
    urls: {
      url: server.url,
      anthropicBaseUrl: server.anthropicBaseUrl,
      openaiBaseUrl: server.openaiBaseUrl,
      googleBaseUrl: server.googleBaseUrl,
    },
  });
  port.on("message", (request: Request) => {
    switch (request.kind) {
      case "turn":
        server.turn(request.spec);
        return;
      case "arrivals":
        answer({
          kind: "done",
          id: request.id,
          arrivals: turnRequests(server, request.turn).map((logged) => logged.at),
        });
        return;
      case "wait":
        server
          .waitForRequest(
            (logged) =>
              logged.matchedTurn === request.turn &&
              turnRequests(server, request.turn).length > request.count,
            request.timeoutMs,
          )
          .then(
            () => answer({ kind: "done", id: request.id }),
            (error: unknown) => answer({ kind: "failed", id: request.id, message: String(error) }),
          );
        return;
      case "close":
        server.close().then(() => answer({ kind: "done", id: request.id }));
        return;
    }
  });
}

if (!isMainThread && (workerData as { isModelThread?: boolean } | null)?.isModelThread) {
  await serveOnThisThread();
}
