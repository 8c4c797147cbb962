// The JSON API's routes (README "elwood serve"): one table from method and path to a
// handler, so the server's dispatch and the README list the same things.
import type { IncomingMessage, ServerResponse } from "node:http";
import { ELWOOD_AGENTS, type ElwoodAgentKind, type RegisteredAgent } from "../index.js";
import { sendJson } from "./http-io.js";
import type { SessionRegistry } from "./registry.js";
import { readJsonObject, readSendObject } from "./request-body.js";
import {
  approvalAnswerOf,
  postureFieldsOf,
  promptOf,
  sessionRequestOf,
  sizeOf,
} from "./request-fields.js";
import { lastEventIdOf, streamEvents } from "./sse.js";

export interface RouteContext {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly url: URL;
  readonly registry: SessionRegistry;
  /** The `:id` path segment, when the route has one. */
  readonly id: string;
  /** The second id segment (`:approvalId`), when the route has one. */
  readonly subId: string;
  /** Registers a cleanup the server runs when it closes (open SSE streams). */
  readonly onServerClose: (stop: () => void) => void;
}

interface Route {
  readonly method: string;
  readonly pattern: RegExp;
  readonly handle: (context: RouteContext) => Promise<void>;
}

const ID = "([^/]{1,200})";

export const API_ROUTES: readonly Route[] = [
  {
    method: "GET",
    pattern: /^\/api\/info$/,
    // The page's start form suggests the server's own folder as the session directory.
    handle: async ({ response }) => sendJson(response, 200, { cwd: process.cwd() }),
  },
  {
    method: "GET",
    pattern: /^\/api\/agents$/,
    // The agents POST /api/sessions takes (the page's choice), from the registry, in
    // auto-detection's order, each with the posture fields a request may carry.
    handle: async ({ response }) => sendJson(response, 200, { agents: agentListing() }),
  },
  {
    method: "GET",
    pattern: /^\/api\/sessions$/,
    handle: async ({ response, registry }) =>
      sendJson(response, 200, { sessions: registry.list() }),
  },
  {
    method: "GET",
    pattern: /^\/api\/sessions\/stored$/,
    // What a restarted server can resume (POST /api/sessions with `resume`).
    handle: async ({ response, registry }) =>
      sendJson(response, 200, { sessions: await registry.stored() }),
  },
  {
    method: "POST",
    pattern: /^\/api\/sessions$/,
    handle: async ({ request, response, registry }) => {
      const sessionRequest = sessionRequestOf(await readJsonObject(request));
      const session = await registry.open(sessionRequest);
      sendJson(response, 201, session.info());
    },
  },
  {
    method: "GET",
    pattern: new RegExp(`^/api/sessions/${ID}$`),
    handle: async ({ response, registry, id }) => sendJson(response, 200, registry.get(id).info()),
  },
  {
    method: "DELETE",
    pattern: new RegExp(`^/api/sessions/${ID}$`),
    handle: async ({ response, registry, id, url }) => {
      const session = registry.get(id);
      const teardown = ["1", "true"].includes(url.searchParams.get("teardown") ?? "");
      await registry.close(id, { teardown });
      sendJson(response, 200, { id, status: session.status, teardown });
    },
  },
  {
    method: "POST",
    pattern: new RegExp(`^/api/sessions/${ID}/send$`),
    handle: async ({ request, response, registry, id }) => {
      // The session first: an unknown id is answered before a large body is buffered.
      const session = registry.get(id);
      const prompt = promptOf(await readSendObject(request));
      sendJson(response, 200, await session.send(prompt.text, prompt.images));
    },
  },
  {
    method: "POST",
    pattern: new RegExp(`^/api/sessions/${ID}/interrupt$`),
    handle: async ({ request, response, registry, id }) => {
      await readJsonObject(request);
      await registry.get(id).interrupt();
      sendJson(response, 200, { id, interrupted: true });
    },
  },
  {
    method: "POST",
    pattern: new RegExp(`^/api/sessions/${ID}/resize$`),
    handle: async ({ request, response, registry, id }) => {
      const size = sizeOf(await readJsonObject(request));
      await registry.get(id).resize(size);
      sendJson(response, 200, { id, size });
    },
  },
  {
    method: "GET",
    pattern: new RegExp(`^/api/sessions/${ID}/screen$`),
    handle: async ({ response, registry, id }) => {
      const terminal = registry.get(id).terminal;
      await terminal.settled();
      sendJson(response, 200, { id, size: terminal.size, text: terminal.snapshot().text });
    },
  },
  {
    method: "GET",
    pattern: new RegExp(`^/api/sessions/${ID}/approvals$`),
    handle: async ({ response, registry, id }) =>
      sendJson(response, 200, { approvals: registry.get(id).approvals() }),
  },
  {
    method: "POST",
    pattern: new RegExp(`^/api/sessions/${ID}/approvals/${ID}$`),
    handle: async ({ request, response, registry, id, subId }) => {
      const session = registry.get(id);
      const answer = approvalAnswerOf(await readJsonObject(request));
      const approval = session.answerApproval(subId, answer);
      sendJson(response, 200, { id: approval.id, ...answer });
    },
  },
  {
    method: "GET",
    pattern: new RegExp(`^/api/sessions/${ID}/events$`),
    handle: async ({ request, response, registry, id, url, onServerClose }) => {
      const session = registry.get(id);
      streamEvents(response, session.log, lastEventIdOf(request, url), onServerClose);
    },
  },
];

/** The route and its `:id` for a request, or what is wrong with the method. */
export function findRoute(
  method: string,
  pathname: string,
):
  | { readonly route: Route; readonly id: string; readonly subId: string }
  | { readonly allowed: readonly string[] } {
  const allowed: string[] = [];
  for (const route of API_ROUTES) {
    const match = route.pattern.exec(pathname);
    if (match === null) continue;
    if (route.method !== method) {
      allowed.push(route.method);
      continue;
    }
    return { route, id: decodeSegment(match[1] ?? ""), subId: decodeSegment(match[2] ?? "") };
  }
  return { allowed };
}

export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function agentListing() {
  return ELWOOD_AGENTS.agents.map((agent: RegisteredAgent) => ({
    id: agent.id,
    displayName: agent.displayName,
    fields: postureFieldsOf(agent.id as ElwoodAgentKind).map((field) => {
      const setting = agent.app.postureSettings.find(({ option }) => option === field.name);
      return setting === undefined
        ? field
        : { ...field, values: setting.values, default: setting.builtin };
    }),
  }));
}
