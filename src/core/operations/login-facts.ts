// What a CLI's interactive login looks like, as data (the adapter's screen/ folder fills
// it in with the version it was verified on), and the checks Elwood applies to what the
// screen and the caller hand it: the auth URL's host allowlist and the code's shape.
import { ElwoodError } from "../../errors.js";

export interface LoginFacts {
  /** Typed into the composer to open the login dialog. */
  readonly command: string;
  /** The dialog's title row; stages are read only BELOW the last such row on screen. */
  readonly dialogHeader: RegExp;
  /** The method list's prompt, and each method's option label. */
  readonly methodPrompt: RegExp;
  readonly methods: Readonly<Record<string, RegExp>>;
  /** The highlighted option row. */
  readonly selectedOption: RegExp;
  /** A line that starts the sign-in URL (it may wrap onto following full-width lines). */
  readonly url: RegExp;
  /** Hosts an auth URL may point at; anything else is refused, never passed on. */
  readonly allowedHosts: readonly string[];
  /** The paste prompt for the code the browser shows. */
  readonly codePrompt: RegExp;
  readonly success: RegExp;
  /** After success, the key prompt that dismisses the dialog (answered with one Enter). */
  readonly continuePrompt: RegExp;
  readonly failure: RegExp;
  /** The hook that reports a failed turn, and its field values that mean "login lapsed". */
  readonly lapseHook: {
    readonly name: string;
    readonly field: string;
    readonly values: readonly string[];
  };
  readonly verifiedOn: string;
}

export const LOGIN_CODE_MAX_CHARS = 4096;

/** The URL's text if it is https, on an allowed host and carries no credentials. */
export function checkAuthUrl(text: string, facts: LoginFacts): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw loginFailed("the CLI showed a sign-in URL Elwood could not parse", "url");
  }
  const isAllowedHost = facts.allowedHosts.includes(url.hostname);
  if (url.protocol !== "https:" || !isAllowedHost || url.username !== "" || url.password !== "") {
    throw loginFailed(
      `the sign-in URL is not https on an approved host (allowed: ${facts.allowedHosts.join(", ")})`,
      "url",
    );
  }
  return url.href;
}

/** The caller's code, trimmed; empty, oversized or control characters → login_failed. */
export function checkLoginCode(code: unknown): string {
  if (typeof code !== "string") {
    throw loginFailed(`provideCode must return a string; got ${typeof code}`, "code");
  }
  const trimmed = code.trim();
  if (trimmed.length === 0) throw loginFailed("provideCode returned an empty code", "code");
  if (trimmed.length > LOGIN_CODE_MAX_CHARS) {
    throw loginFailed(
      `the code is longer than ${LOGIN_CODE_MAX_CHARS} characters (${trimmed.length})`,
      "code",
    );
  }
  if (/[\u0000-\u001f\u007f-\u009f]/.test(trimmed)) {
    throw loginFailed("the code contains control characters", "code");
  }
  return trimmed;
}

export function loginFailed(reason: string, stage: string, cause?: unknown): ElwoodError {
  return new ElwoodError("login_failed", `login() failed: ${reason}.`, {
    details: { stage },
    ...(cause === undefined ? {} : { cause }),
  });
}
