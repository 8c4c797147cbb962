// The exact shell command a CLI's command hook runs to reach the bridge. Both CLIs run
// it through a shell (sh or bash), so every path is single-quoted and the event name
// is checked against a plain identifier pattern (spec hook-protocols A2, B4).

import { ElwoodError } from "../../errors.js";
import { shellQuote } from "../../shell/login-shell.js";
import { cliHookTimeoutSeconds, HOOK_EVENT_NAME_PATTERN } from "../limits.js";

/** Which client script a command hook runs. */
export type HookClientKind = "bash" | "node";

export interface CommandHookCommandOptions {
  /** Absolute path of the written client script (bash or .cjs). */
  readonly scriptPath: string;
  readonly eventName: string;
  /** Default "bash". */
  readonly client?: HookClientKind;
  /** The interpreter to run; default `bash` (from PATH) or this process's node. */
  readonly interpreter?: string;
}

/** `bash '<path>' <Event>` (or `'<node>' '<path>' <Event>` for the fallback). */
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
  return `${program} ${shellQuote(options.scriptPath)} ${options.eventName}`;
}

/** A command hook entry as both CLIs' hook settings spell it. */
export interface CommandHookEntry {
  readonly type: "command";
  readonly command: string;
  /** Seconds; the CLI's own kill switch, set past Elwood's deadline. */
  readonly timeout: number;
}

export function commandHookEntry(options: {
  readonly command: string;
  readonly hookTimeoutMs: number;
}): CommandHookEntry {
  return {
    type: "command",
    command: options.command,
    timeout: cliHookTimeoutSeconds(options.hookTimeoutMs),
  };
}
