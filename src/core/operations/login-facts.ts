// What a CLI's interactive login looks like, as data (the adapter's screen/ folder fills
// it in with the version it was verified on), and the checks Elwood applies to what the
// screen and the caller hand it: the auth URL's host allowlist and the code's shape.
import { ElwoodError } from "../../errors.js";
import type { LoginFacts } from "../contract/operation-facts.js";

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
