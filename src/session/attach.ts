// `session.attach()` (issue 25 item 3): a person's terminal drives the session through its
// own methods (terminal.onData, sendKeys, resize, terminal:exit), so the control queue, the
// raw-input handover and the resize event see their keys as any caller's. No second PTY.
import type { ElwoodAttachHandle, ElwoodAttachOptions } from "../core/contract/attach.js";
import type { ElwoodAgentSession } from "../core/contract/session.js";
import { isTerminalStatus } from "../core/contract/status.js";
import { ElwoodError } from "../errors.js";
import { parseDetachKey } from "../terminal/takeover/detach-key.js";
import { type TakeoverOptions, TerminalTakeover } from "../terminal/takeover/terminal-takeover.js";

/** Options checked once at the call, before the terminal is touched: the takeover's own. */
type CheckedAttachOptions = Omit<TakeoverOptions, "screen">;

export function checkAttachOptions(options: ElwoodAttachOptions): CheckedAttachOptions {
  const given = (typeof options === "object" && options !== null ? options : {}) as Partial<
    Record<keyof ElwoodAttachOptions, unknown>
  >;
  if (!isStream(given.input, "on") || !isStream(given.output, "write")) {
    throw new ElwoodError(
      "invalid_options",
      "attach() needs { input, output }: a readable stream for keys (process.stdin) and a writable one for the screen (process.stdout).",
    );
  }
  if (given.readOnly !== undefined && typeof given.readOnly !== "boolean") {
    throw new ElwoodError("invalid_options", "attach()'s readOnly must be a boolean.");
  }
  return {
    input: given.input as ElwoodAttachOptions["input"],
    output: given.output as ElwoodAttachOptions["output"],
    detachKey: parseDetachKey(given.detachKey as string | undefined),
    readOnly: given.readOnly === true,
  };
}

/** Attaches a started session; it must not have ended. */
export function attachToSession(
  session: ElwoodAgentSession,
  options: CheckedAttachOptions,
): ElwoodAttachHandle {
  if (isTerminalStatus(session.status)) {
    throw new ElwoodError(
      "session_not_running",
      `Cannot attach: session ${session.elwoodSessionId} is ${session.status}.`,
      { details: { elwoodSessionId: session.elwoodSessionId, status: session.status } },
    );
  }
  const takeover = new TerminalTakeover({
    ...options,
    screen: {
      onOutput: (listener) => session.terminal.onData(listener),
      sendKeys: (keys) => session.sendKeys(keys),
      resize: (size) => session.resize(size),
    },
  });
  const stopExit = session.on("terminal:exit", (event) => {
    const how = event.signal === undefined ? `code ${event.exitCode}` : `signal ${event.signal}`;
    takeover.end({ reason: "ended", message: `The agent exited (${how}).` });
  });
  void takeover.ended.then(stopExit);
  const detach = async () => takeover.end({ reason: "detached", byKey: false });
  return {
    detachKeyLabel: options.detachKey.label,
    ended: takeover.ended,
    detach,
    [Symbol.asyncDispose]: async () => {
      await detach();
    },
  };
}

function isStream(value: unknown, method: "on" | "write"): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Record<string, unknown>)[method] === "function"
  );
}
