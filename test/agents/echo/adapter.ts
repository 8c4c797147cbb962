// The echo agent's descriptor: everything the shared runtime needs to drive cli.mjs —
// launch argv (hook commands through Elwood's command client), a screen table, the
// transcript mapper, a hook catalogue and which hooks mean what. Nothing in src/core
// knows this agent exists; this folder is the whole of it.
import { fileURLToPath } from "node:url";
import { z } from "zod";
import {
  type HookCatalogue,
  type HookEventBase,
  UNKNOWN_HOOK_EVENT_NAME,
} from "../../../src/bridge/catalogue.js";
import { commandHookCommand } from "../../../src/bridge/clients/command.js";
import type { AgentAdapter } from "../../../src/core/contract/adapter.js";
import { readScreenWithFacts } from "../../../src/core/screen/screen-reading.js";
import type { ScreenFacts } from "../../../src/core/screen/types.js";
import type { TranscriptActivityItem } from "../../../src/transcript/activity.js";
import type { ECHO_ERROR_NAMES } from "./errors.js";

export const ECHO_CLI_PATH = fileURLToPath(new URL("./cli.mjs", import.meta.url));
const HOOK_EVENTS = ["SessionStart", "UserPromptSubmit", "Stop"] as const;

export interface EchoHookEvent extends HookEventBase {
  readonly transcript_path: string;
  readonly prompt?: string;
  readonly last_assistant_message?: string;
}

export type EchoHookHandlers = {
  readonly [N in (typeof HOOK_EVENTS)[number]]?: (event: EchoHookEvent) => void;
};

export interface EchoLaunchOptions {
  readonly hooksFileName: string;
}

export const EchoPostureSchema = z.strictObject({
  shout: z.boolean().exactOptional(),
  signature: z.string().exactOptional(),
});
export type EchoPosture = z.infer<typeof EchoPostureSchema>;

const EchoHookInputSchema = z.looseObject({
  hook_event_name: z.string(),
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt: z.string().exactOptional(),
  last_assistant_message: z.string().exactOptional(),
});

const echoHooks: HookCatalogue<EchoHookHandlers, EchoHookEvent> = {
  eventNames: HOOK_EVENTS,
  parse(raw) {
    const parsed = EchoHookInputSchema.safeParse(raw);
    if (parsed.success) return { ok: true, event: Object.freeze(parsed.data) };
    return { ok: false, eventName: UNKNOWN_HOOK_EVENT_NAME, message: parsed.error.message };
  },
  resolveHandler(handlers, event) {
    const name = event.hook_event_name as keyof EchoHookHandlers;
    const handler = handlers?.[name];
    return handler === undefined ? undefined : { handler, isToolKeyed: false };
  },
  // Echo hooks observe only: any result is "no decision".
  toWire: () => ({ ok: true, wire: undefined }),
};

const RULE = /^─{10,}$/;
const ECHO_SCREEN_FACTS: ScreenFacts = {
  rows: [
    { id: "echo-working", kind: "working", header: /·\s*echoing…/, verifiedOn: "1.0.0" },
    { id: "echo-composer", kind: "composer", header: /^❯(\s|$)/, above: RULE, verifiedOn: "1.0.0" },
  ],
  optionMarkers: "❯",
};

function mapEchoRecord(record: unknown): readonly TranscriptActivityItem[] {
  const { type, text } = (record ?? {}) as { type?: unknown; text?: unknown };
  if (typeof text !== "string") return [];
  if (type === "user") return [{ kind: "user_message", text, raw: record }];
  if (type === "assistant") return [{ kind: "assistant_message", text, raw: record }];
  return [];
}

export const echoAdapter: AgentAdapter<
  EchoLaunchOptions,
  EchoHookHandlers,
  EchoHookEvent,
  EchoPosture
> = {
  agent: "echo",
  displayName: "Echo",
  binary: ECHO_CLI_PATH,
  minimumVersion: "1.0.0",
  posture: EchoPostureSchema,
  errorNames: {
    notFound: "echo_not_found",
    startFailed: "echo_start_failed",
    versionUnsupported: "echo_version_unsupported",
    notAuthenticated: "echo_not_authenticated",
  } satisfies Record<string, (typeof ECHO_ERROR_NAMES)[number]>,
  hooks: echoHooks,
  signals: {
    initialReadyHooks: [],
    composerAfterSessionStartIsReady: true,
    composerIsReadyOnResume: true,
    // The echo CLI's own hook vocabulary (it happens to name them as Claude Code does).
    sessionStartHook: "SessionStart",
    promptAcceptedHook: "UserPromptSubmit",
    turnEndHook: "Stop",
    turnEndTextOf: (event) =>
      event.hook_event_name === "Stop" ? (event.last_assistant_message ?? "") : undefined,
    acceptedPromptOf: (event) =>
      event.hook_event_name === "UserPromptSubmit" ? (event.prompt ?? "") : undefined,
    isBlockingTurnEndReply: () => false,
    pasteChip: /\[Pasted echo\b[^\]]*\]/gi,
    idleTurnEndGraceMs: 5_000,
  },
  async planLaunch(request) {
    const commands = Object.fromEntries(
      HOOK_EVENTS.map((eventName) => [
        eventName,
        commandHookCommand({
          eventName,
          client: request.bridge.commandClientKind,
          hookTimeoutMs: request.bridge.hookTimeoutMs,
        }),
      ]),
    );
    const hooksPath = await request.writeRuntimeFile(
      request.options.hooksFileName,
      JSON.stringify(commands),
    );
    const { record } = request;
    const argv = [ECHO_CLI_PATH, "--hooks", hooksPath];
    if (record.resume.posture.shout === true) argv.push("--shout");
    const { signature } = record.resume.posture;
    if (signature !== undefined) argv.push("--sign", signature);
    if (request.isResume && record.resume.agentSessionId !== undefined)
      argv.push("--resume", record.resume.agentSessionId);
    return { argv, env: {}, commandHookEvents: "all" };
  },
  readScreen: (frame) => readScreenWithFacts(frame, ECHO_SCREEN_FACTS),
  createTranscriptMapper: () => mapEchoRecord,
  agentSessionIdOf: (event) => (event.session_id.length > 0 ? event.session_id : undefined),
};
