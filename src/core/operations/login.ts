// login() (prd/operations.md "login()", C-API-43): types the CLI's login command, walks
// its dialog and resolves once the CLI reports success and its composer is back; a failed
// or timed-out login closes the dialog again.
import { ElwoodError } from "../../errors.js";
import { bracketedPaste, KEYS } from "../../terminal/input.js";
import type { SessionContext } from "../context/session-context.js";
import { optionalMilliseconds } from "../contract/call-arguments.js";
import type { LoginFacts } from "../contract/operation-facts.js";
import { isTerminalStatus } from "../contract/status.js";
import { waitForSafeScreen } from "../screen/safe-screen.js";
import {
  DISMISS_SETTLE_MS,
  dismiss,
  ENTER_SETTLE_MS,
  renderedLines,
  sleep,
  stageOfParts,
  typeCommand,
} from "./context.js";
import {
  checkAuthUrl,
  checkLoginCode,
  type LoginScreen,
  loginFailed,
  readLoginScreen,
} from "./login-screen.js";

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

/** The checks that need no screen facts, so a lazy session refuses bad options before it starts. */
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

/** One login; `run()` goes inside one exclusive queue slot, so nothing else writes meanwhile. */
export class LoginRun {
  readonly #context: SessionContext;
  readonly #facts: LoginFacts;
  readonly #options: Normalized;
  #methodMoves = 0;
  #hasPickedMethod = false;
  #reportedUrl: string | undefined;
  #hasSentCode = false;
  #hasContinued = false;
  #sawSuccess = false;

  constructor(context: SessionContext, facts: LoginFacts, options: Normalized) {
    this.#context = context;
    this.#facts = facts;
    this.#options = options;
  }

  async run(): Promise<void> {
    const context = this.#context;
    const deadline = context.clock.now() + this.#options.timeoutMs;
    await waitForSafeScreen(context);
    if ((await this.#screen()).isOpen) {
      throw loginFailed("a login dialog is already open (not opened by this call)", "start");
    }
    await typeCommand(context, this.#facts.command, deadline);
    let hasOpened = false;
    try {
      for (;;) {
        if (context.lifetime.isClosed || isTerminalStatus(context.status.status))
          throw context.lifetime.notRunning();
        if (context.clock.now() >= deadline) throw this.#timedOut();
        const screen = await this.#screen();
        hasOpened ||= screen.isOpen;
        // A recognized dialog (a permission prompt, a trust gate) holds every write.
        const isHeld = context.screen.read()?.dialog !== undefined;
        if (hasOpened && !screen.isOpen) {
          if (this.#sawSuccess && context.screen.read()?.hasIdleComposer === true) return;
          if (!this.#sawSuccess)
            throw loginFailed("the login dialog closed without success", "dialog");
        } else if (screen.isFailure) {
          throw loginFailed("the CLI reported a failed sign-in", this.#stage());
        } else if (!isHeld) {
          await this.#step(screen);
        }
        await sleep(context, POLL_MS);
      }
    } catch (error) {
      // The code screen may sit on the method list: up to one Escape per stage, each sent
      // only once the last one showed (login has no cancel bound; a stray Escape has one).
      const close = {
        isOpen: (lines: readonly string[]) => this.#read(lines).isOpen,
        stageOf: (lines: readonly string[]) => loginStage(this.#read(lines)),
        key: KEYS.escape,
        attempts: 3,
        waitMs: DISMISS_SETTLE_MS,
      };
      if (hasOpened) await dismiss(context, close);
      throw error;
    }
  }

  async #step(screen: LoginScreen): Promise<void> {
    if (screen.isSuccess) {
      this.#sawSuccess = true;
      if (screen.hasContinuePrompt && !this.#hasContinued) {
        this.#hasContinued = true;
        this.#context.terminal.sendInput(KEYS.enter);
      }
      return;
    }
    if (screen.hasMethodList && !this.#hasPickedMethod) {
      this.#pickMethod(screen);
      await sleep(this.#context, KEY_STEP_MS);
      return;
    }
    if (screen.url !== undefined && this.#reportedUrl === undefined) {
      const url = checkAuthUrl(screen.url, this.#facts);
      this.#reportedUrl = url;
      try {
        this.#options.onAuthUrl?.(url);
      } catch (error) {
        throw loginFailed("onAuthUrl threw", "url", error);
      }
    }
    if (screen.hasCodePrompt && !this.#hasSentCode) await this.#sendCode();
  }

  #pickMethod(screen: LoginScreen): void {
    const { method } = this.#options;
    const target = screen.methodRows[method];
    const selected = screen.selectedRow;
    if (target === undefined || selected === undefined) return; // not fully painted yet
    if (selected === target) {
      this.#hasPickedMethod = true;
      this.#context.terminal.sendInput(KEYS.enter);
      return;
    }
    if (this.#methodMoves >= MAX_METHOD_MOVES) {
      throw loginFailed(`could not move the highlight onto the ${method} method`, "method");
    }
    this.#methodMoves += 1;
    this.#context.terminal.sendInput(selected < target ? KEYS.down : KEYS.up);
  }

  // provideCode is asked only once the paste prompt shows; the prompt is checked again
  // right before the code goes in, and the code is followed by exactly one Enter.
  async #sendCode(): Promise<void> {
    const context = this.#context;
    let code: string;
    try {
      code = checkLoginCode(await this.#options.provideCode());
    } catch (error) {
      if (ElwoodError.is(error, "login_failed")) throw error;
      throw loginFailed("provideCode threw", "code", error);
    }
    if (context.lifetime.isClosed) throw context.lifetime.notRunning();
    const screen = await this.#screen();
    if (!screen.hasCodePrompt || screen.isFailure || context.screen.read()?.dialog !== undefined) {
      throw loginFailed("the paste prompt was gone when the code arrived", "code");
    }
    this.#hasSentCode = true;
    context.terminal.sendInput(bracketedPaste(code));
    await sleep(context, ENTER_SETTLE_MS);
    context.terminal.sendInput(KEYS.enter);
  }

  async #screen(): Promise<LoginScreen> {
    return this.#read(await renderedLines(this.#context));
  }

  #read(lines: readonly string[]): LoginScreen {
    return readLoginScreen(lines, this.#context.terminal.size.cols, this.#facts);
  }

  #stage(): string {
    if (this.#hasSentCode) return "code";
    if (this.#reportedUrl !== undefined) return "url";
    return this.#hasPickedMethod ? "method" : "start";
  }

  #timedOut(): ElwoodError {
    const { timeoutMs } = this.#options;
    return new ElwoodError(
      "login_timeout",
      `login() did not see the CLI report success within ${timeoutMs} ms; pass a longer timeoutMs if the sign-in needs more time.`,
      { details: { timeoutMs, stage: this.#stage() } },
    );
  }
}

/** The dialog's stage as a dismissal compares it: which of its screens shows, if any. */
function loginStage(screen: LoginScreen): string | undefined {
  const { hasMethodList, hasCodePrompt, url, isSuccess, isFailure } = screen;
  return stageOfParts([hasMethodList, hasCodePrompt, url !== undefined, isSuccess, isFailure]);
}
