// `elwood acp` as an editor runs it: a child process over stdio, driven by the ACP SDK's
// own client side. Every session/update and permission request is recorded; how a
// permission request is answered is the test's choice, one answer per request.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { Readable, Writable } from "node:stream";
import {
  client as acpClient,
  type ClientConnection,
  ndJsonStream,
  type RequestPermissionRequest,
  type RequestPermissionResponse,
  type SessionNotification,
  type SessionUpdate,
} from "@agentclientprotocol/sdk";
import { type AgentRow, agentRow } from "./agent-table.js";
import { elwoodArgv, ROOT } from "./serve-process.js";

export type PermissionAnswer = "allow_once" | "allow_always" | "reject_once" | "cancelled";

export interface AcpProcess {
  readonly child: ChildProcess;
  readonly connection: ClientConnection;
  /** Every session/update received, in order. */
  readonly updates: SessionNotification[];
  /** Every permission request received, in order. */
  readonly permissions: RequestPermissionRequest[];
  /** Answers the next permission requests, first in first out; none left: reject. */
  readonly answers: PermissionAnswer[];
  stderr(): string;
  /** Closes stdin, as an editor quitting; resolves with the exit status. */
  closeStdin(): Promise<number | null>;
  readonly exited: Promise<[number | null, NodeJS.Signals | null]>;
}

export function startAcp(options: {
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
}): AcpProcess {
  const child = spawn(process.execPath, elwoodArgv(["acp", ...options.args]), {
    cwd: ROOT,
    env: { ...options.env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const updates: SessionNotification[] = [];
  const permissions: RequestPermissionRequest[] = [];
  const answers: PermissionAnswer[] = [];
  const app = acpClient({ name: "elwood-test" })
    .onNotification("session/update", ({ params }) => {
      updates.push(params);
    })
    .onRequest("session/request_permission", ({ params }): RequestPermissionResponse => {
      permissions.push(params);
      const answer = answers.shift() ?? "reject_once";
      return answer === "cancelled"
        ? { outcome: { outcome: "cancelled" } }
        : { outcome: { outcome: "selected", optionId: answer } };
    });
  if (child.stdin === null || child.stdout === null) throw new Error("no stdio pipes");
  const connection = app.connect(
    ndJsonStream(
      Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
      Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
    ),
  );
  return {
    child,
    connection,
    updates,
    permissions,
    answers,
    stderr: () => stderr,
    exited,
    async closeStdin() {
      child.stdin?.end();
      const [code] = await exited;
      return code;
    },
  };
}

/** The updates of one session from index `from` on, as their `update` bodies. */
export function updatesOf(acp: AcpProcess, sessionId: string, from = 0): SessionUpdate[] {
  return acp.updates
    .slice(from)
    .filter((notification) => notification.sessionId === sessionId)
    .map((notification) => notification.update);
}

/** The joined text of the agent_message_chunk updates. */
export function agentText(updates: readonly SessionUpdate[]): string {
  return updates
    .flatMap((update) =>
      update.sessionUpdate === "agent_message_chunk" && update.content.type === "text"
        ? [update.content.text]
        : [],
    )
    .join("\n");
}

/** A compact trace for failure messages and order checks: kind and id/status/text. */
export function trace(updates: readonly SessionUpdate[]): string[] {
  return updates.map((update) => {
    switch (update.sessionUpdate) {
      case "agent_message_chunk":
      case "user_message_chunk":
      case "agent_thought_chunk":
        return `${update.sessionUpdate}:${update.content.type === "text" ? update.content.text.slice(0, 60) : update.content.type}`;
      case "tool_call":
        return `tool_call:${update.toolCallId}:${update.kind}`;
      case "tool_call_update":
        return `tool_call_update:${update.toolCallId}:${update.status}`;
      default:
        return update.sessionUpdate;
    }
  });
}

/** The JSON-RPC error a request rejected with (code, message, data). */
export async function rpcError(
  promise: Promise<unknown>,
): Promise<{ code: number; message: string; data?: { name?: string } }> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (error === undefined) throw new Error("expected a JSON-RPC error, got a result");
  return error as { code: number; message: string; data?: { name?: string } };
}

/**
 * One scenario runs the CLI through several launches (about 65 s for Claude alone); with
 * other e2e files beside it on the 2-core machine it took over the suite's 180 s.
 */
export const SCENARIO_TIMEOUT_MS = 480_000;

export type AcpTestAgent = "claude" | "codex";

/**
 * The agents the ACP scenarios run so far; how each is made to ask for permission is its row's
 * (agent-table.ts `asks`).
 */
export const ACP_TEST_AGENTS: Record<AcpTestAgent, AgentRow> = {
  claude: agentRow("claude"),
  codex: agentRow("codex"),
};
