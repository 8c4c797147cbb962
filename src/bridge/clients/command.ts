// The exact shell command a CLI's command hook runs to reach the bridge. The client's
// whole program travels inside the command (`bash -c '<client>' elwood-hook <Event>`):
// no script file exists that the agent could rewrite to silence a hook (issue 21,
// prd/bridge.md). Both CLIs run the command through a shell (sh or bash), so the program
// and the interpreter are single-quoted and the event name is a plain identifier (spec
// hook-protocols A2, B4).

import { ElwoodError } from "../../errors.js";
import { shellQuote } from "../../shell/login-shell.js";
import { type HookTimeoutsByEvent, timeoutForEvent } from "../handler-timeout.js";
import { cliHookTimeoutSeconds, HOOK_EVENT_NAME_PATTERN } from "../limits.js";
import { bashHookClientScript } from "./bash-client.js";
import { nodeHookClientScript } from "./node-client.js";

/** Which client program a command hook runs. */
export type HookClientKind = "bash" | "node";

/** `$0` of the bash client: what `ps` shows for a running hook. */
export const BASH_CLIENT_NAME = "elwood-hook";

export interface CommandHookCommandOptions {
  readonly eventName: string;
  /** The dispatcher's hookTimeoutMs; the client's own deadline derives from it. */
  readonly hookTimeoutMs: number;
  /** Default "bash". */
  readonly client?: HookClientKind;
  /** The interpreter to run; default `bash` (from PATH) or this process's node. */
  readonly interpreter?: string;
}

/** `bash -c '<client>' elwood-hook <Event>` (or `'<node>' -e '<client>' <Event>`). */
export function commandHookCommand(options: CommandHookCommandOptions): string {
  if (!HOOK_EVENT_NAME_PATTERN.test(options.eventName)) {
    throw new ElwoodError(
      "invalid_options",
      `Hook event name must be a plain identifier; got ${JSON.stringify(options.eventName)}.`,
    );
  }
  const client = options.client ?? "bash";
  const interpreter = options.interpreter ?? (client === "bash" ? "bash" : process.execPath);
  // A bare `bash` stays unquoted so it reads like the command a person would type.
  const program = interpreter === "bash" ? "bash" : shellQuote(interpreter);
  const { hookTimeoutMs } = options;
  if (client === "bash") {
    const script = shellQuote(bashHookClientScript({ hookTimeoutMs }));
    return `${program} -c ${script} ${BASH_CLIENT_NAME} ${options.eventName}`;
  }
  return `${program} -e ${shellQuote(nodeHookClientScript({ hookTimeoutMs }))} ${options.eventName}`;
}

/** What a launch knows of its bridge that a command hook needs (core's BridgeWiring). */
export interface CommandHookWiring {
  readonly commandClientKind: HookClientKind;
  readonly hookTimeoutMs: number;
  readonly hookTimeoutsByEvent?: HookTimeoutsByEvent;
}

/**
 * One event's command through the bridge client, with the event's own deadline (an
 * approvals handler waits for a human) that the client and the CLI's kill switch share.
 */
export function eventCommandHook(
  eventName: string,
  wiring: CommandHookWiring,
): { readonly command: string; readonly hookTimeoutMs: number } {
  const hookTimeoutMs = timeoutForEvent(
    eventName,
    wiring.hookTimeoutMs,
    wiring.hookTimeoutsByEvent,
  );
  const command = commandHookCommand({
    eventName,
    client: wiring.commandClientKind,
    hookTimeoutMs,
  });
  return { command, hookTimeoutMs };
}

/** A command hook entry as both CLIs' hook settings spell it. */
export interface CommandHookEntry {
  readonly type: "command";
  readonly command: string;
  /** Seconds; the CLI's own kill switch, set past Elwood's deadline. */
  readonly timeout: number;
  /** The CLI runs it in the background and does not wait (observe-only, registration.ts). */
  readonly async?: true;
}

export function commandHookEntry(options: {
  readonly command: string;
  readonly hookTimeoutMs: number;
  readonly async?: boolean;
}): CommandHookEntry {
  const entry: CommandHookEntry = {
    type: "command",
    command: options.command,
    timeout: cliHookTimeoutSeconds(options.hookTimeoutMs),
  };
  return options.async === true ? { ...entry, async: true } : entry;
}
