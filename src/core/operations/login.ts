// login() (api.md "login", C-API-43): one exclusive queue slot that types the CLI's login
// command and walks its dialog — picks the method, hands the https auth URL (allowlisted
// host) to onAuthUrl, asks provideCode at the paste prompt and writes the code with
// exactly ONE Enter — and resolves once the CLI reports success and its composer is back.
// An explicit CLI failure → login_failed; no success in time → login_timeout; the
// session ending → session_not_running. A failed or timed-out login closes the dialog.
import { ElwoodError } from "../../errors.js";
import { bracketedPaste, KEYS } from "../../terminal/input.js";
import { optionalMilliseconds } from "../contract/call-arguments.js";
import type { LoginFacts } from "../contract/operation-facts.js";
import { isTerminalStatus } from "../contract/status.js";
import { waitForSafeScreen } from "../screen/safe-screen.js";
import {
  dismiss,
  ENTER_SETTLE_MS,
  type OperationContext,
  renderedLines,
  sleep,
  typeCommand,
} from "./context.js";
import { checkAuthUrl, checkLoginCode, loginFailed } from "./login-facts.js";
import { type LoginScreen, readLoginScreen } from "./login-screen.js";

const DEFAULT_LOGIN_TIMEOUT_MS = 300_000;
const POLL_MS = 150;
const KEY_STEP_MS = 250;
const MAX_METHOD_MOVES = 8;

export interface LoginOptions {
  readonly method?: string;
  readonly onAuthUrl?: (url: string) => void;
  readonly provideCode: () => string | Promise<string>;
  readonly timeoutMs?: number;
}

type Normalized = LoginOptions & { readonly method: string; readonly timeoutMs: number };

/**
 * The checks that need no screen facts, so a lazy session refuses bad options before it
 * starts: an options object, `provideCode` and `onAuthUrl` functions, a whole-millisecond
 * `timeoutMs` up to 2^31-1, a string `method`.
 */
export function checkLoginOptionsShape(options: unknown): LoginOptions {
  const invalid = (message: string) => new ElwoodError("invalid_options", `login() ${message}`);
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw invalid("takes an options object with at least `provideCode`.");
  }
  const given = options as Partial<LoginOptions>;
  if (given.method !== undefined && typeof given.method !== "string") {
    throw invalid(`method must be a string; got ${typeof given.method}.`);
  }
  if (typeof given.provideCode !== "function") {
    throw invalid("needs `provideCode`, a function returning the code the browser shows.");
  }
  if (given.onAuthUrl !== undefined && typeof given.onAuthUrl !== "function") {
    throw invalid("`onAuthUrl` must be a function when given.");
  }
  optionalMilliseconds(given.timeoutMs, "timeoutMs");
  return given as LoginOptions;
}

/** The method against the facts (the shape was checked at the call); invalid_options. */
export function normalizeLoginOptions(given: LoginOptions, facts: LoginFacts): Normalized {
  const method = given.method ?? Object.keys(facts.methods)[0] ?? "";
  if (!(method in facts.methods)) {
    throw new ElwoodError(
      "invalid_options",
      `login() method must be one of ${Object.keys(facts.methods).join(", ")}; got ${String(method)}.`,
    );
  }
  return { ...given, method, timeoutMs: given.timeoutMs ?? DEFAULT_LOGIN_TIMEOUT_MS };
}

interface Progress {
  methodMoves: number;
  hasPickedMethod: boolean;
  reportedUrl: string | undefined;
  hasSentCode: boolean;
  hasContinued: boolean;
  sawSuccess: boolean;
}

/** Runs inside one exclusive queue slot; nothing else writes meanwhile. */
export async function runLogin(
  context: OperationContext,
  facts: LoginFacts,
  options: Normalized,
): Promise<void> {
  const deadline = context.clock.now() + options.timeoutMs;
  await waitForSafeScreen(context);
  if (screenNow(context, await renderedLines(context), facts).isOpen) {
    throw loginFailed("a login dialog is already open (not opened by this call)", "start");
  }
  await typeCommand(context, facts.command);
  const progress: Progress = {
    methodMoves: 0,
    hasPickedMethod: false,
    reportedUrl: undefined,
    hasSentCode: false,
    hasContinued: false,
    sawSuccess: false,
  };
  let hasOpened = false;
  try {
    for (;;) {
      if (context.lifetime.isClosed || isTerminalStatus(context.status.status))
        throw context.lifetime.notRunning();
      if (context.clock.now() >= deadline) throw timedOut(options.timeoutMs, progress);
      const screen = screenNow(context, await renderedLines(context), facts);
      hasOpened ||= screen.isOpen;
      // A recognized dialog (a permission prompt, a trust gate) holds every write.
      const isHeld = context.screen.read()?.dialog !== undefined;
      if (hasOpened && !screen.isOpen) {
        if (progress.sawSuccess && context.screen.read()?.hasIdleComposer === true) return;
        if (!progress.sawSuccess)
          throw loginFailed("the login dialog closed without success", "dialog");
      } else if (screen.isFailure) {
        throw loginFailed("the CLI reported a failed sign-in", stageOf(progress));
      } else if (!isHeld) {
        await step(context, facts, options, screen, progress);
      }
      await sleep(context, POLL_MS);
    }
  } catch (error) {
    if (hasOpened) await closeDialog(context, facts);
    throw error;
  }
}

async function step(
  context: OperationContext,
  facts: LoginFacts,
  options: Normalized,
  screen: LoginScreen,
  progress: Progress,
): Promise<void> {
  if (screen.isSuccess) {
    progress.sawSuccess = true;
    if (screen.hasContinuePrompt && !progress.hasContinued) {
      progress.hasContinued = true;
      context.terminal.sendInput(KEYS.enter);
    }
    return;
  }
  if (screen.hasMethodList && !progress.hasPickedMethod) {
    pickMethod(context, options.method, screen, progress);
    await sleep(context, KEY_STEP_MS);
    return;
  }
  if (screen.url !== undefined && progress.reportedUrl === undefined) {
    const url = checkAuthUrl(screen.url, facts);
    progress.reportedUrl = url;
    try {
      options.onAuthUrl?.(url);
    } catch (error) {
      throw loginFailed("onAuthUrl threw", "url", error);
    }
  }
  if (screen.hasCodePrompt && !progress.hasSentCode)
    await sendCode(context, facts, options, progress);
}

function pickMethod(
  context: OperationContext,
  method: string,
  screen: LoginScreen,
  progress: Progress,
): void {
  const target = screen.methodRows[method];
  const selected = screen.selectedRow;
  if (target === undefined || selected === undefined) return; // not fully painted yet
  if (selected === target) {
    progress.hasPickedMethod = true;
    context.terminal.sendInput(KEYS.enter);
    return;
  }
  if (progress.methodMoves >= MAX_METHOD_MOVES) {
    throw loginFailed(`could not move the highlight onto the ${method} method`, "method");
  }
  progress.methodMoves += 1;
  context.terminal.sendInput(selected < target ? KEYS.down : KEYS.up);
}

// provideCode is asked only once the paste prompt shows; the prompt is checked again
// right before the code goes in, and the code is followed by exactly one Enter.
async function sendCode(
  context: OperationContext,
  facts: LoginFacts,
  options: Normalized,
  progress: Progress,
): Promise<void> {
  let code: string;
  try {
    code = checkLoginCode(await options.provideCode());
  } catch (error) {
    if (ElwoodError.is(error, "login_failed")) throw error;
    throw loginFailed("provideCode threw", "code", error);
  }
  if (context.lifetime.isClosed) throw context.lifetime.notRunning();
  const screen = screenNow(context, await renderedLines(context), facts);
  if (!screen.hasCodePrompt || screen.isFailure || context.screen.read()?.dialog !== undefined) {
    throw loginFailed("the paste prompt was gone when the code arrived", "code");
  }
  progress.hasSentCode = true;
  context.terminal.sendInput(bracketedPaste(code));
  await sleep(context, ENTER_SETTLE_MS);
  context.terminal.sendInput(KEYS.enter);
}

function screenNow(context: OperationContext, lines: readonly string[], facts: LoginFacts) {
  return readLoginScreen(lines, context.terminal.size.cols, facts);
}

function stageOf(progress: Progress): string {
  if (progress.hasSentCode) return "code";
  if (progress.reportedUrl !== undefined) return "url";
  return progress.hasPickedMethod ? "method" : "start";
}

function timedOut(timeoutMs: number, progress: Progress): ElwoodError {
  return new ElwoodError(
    "login_timeout",
    `login() did not see the CLI report success within ${timeoutMs} ms; pass a longer timeoutMs if the sign-in needs more time.`,
    { details: { timeoutMs, stage: stageOf(progress) } },
  );
}

// The code screen may sit on the method list: up to one Escape per stage (~1 s).
function closeDialog(context: OperationContext, facts: LoginFacts): Promise<void> {
  const isOpen = (lines: readonly string[]) => screenNow(context, lines, facts).isOpen;
  return dismiss(context, { isOpen, key: KEYS.escape, attempts: 3, waitMs: KEY_STEP_MS + 100 });
}
