// What login() reads and is handed: one frame of the login dialog (LoginFacts), where only
// rows below the LAST title count (an old dialog in the scrollback never does), the
// sign-in URL against the host allowlist, and the caller's code.
import { ElwoodError } from "../../errors.js";
import type { LoginFacts } from "../contract/operation-facts.js";

const LOGIN_CODE_MAX_CHARS = 4096;

export interface LoginScreen {
  /** The dialog's title row is on screen. */
  readonly isOpen: boolean;
  readonly hasMethodList: boolean;
  /** Row offsets (within the dialog) of the highlighted option and each method option. */
  readonly selectedRow: number | undefined;
  readonly methodRows: Readonly<Record<string, number>>;
  /** The sign-in URL as shown (wrapped lines joined), if any. */
  readonly url: string | undefined;
  readonly hasCodePrompt: boolean;
  readonly isSuccess: boolean;
  readonly hasContinuePrompt: boolean;
  readonly isFailure: boolean;
}

export function readLoginScreen(
  lines: readonly string[],
  cols: number,
  facts: LoginFacts,
): LoginScreen {
  const top = lines.findLastIndex((line) => facts.dialogHeader.test(line));
  const rows = top === -1 ? [] : lines.slice(top + 1);
  const methodRows: Record<string, number> = {};
  let selectedRow: number | undefined;
  rows.forEach((row, index) => {
    if (facts.selectedOption.test(row)) selectedRow = index;
    for (const [method, label] of Object.entries(facts.methods)) {
      if (label.test(row) && methodRows[method] === undefined) methodRows[method] = index;
    }
  });
  const hasMethodList = rows.some((row) => facts.methodPrompt.test(row));
  return {
    isOpen: top !== -1,
    hasMethodList,
    selectedRow: hasMethodList ? selectedRow : undefined,
    methodRows: hasMethodList ? methodRows : {},
    url: urlIn(rows, cols, facts),
    hasCodePrompt: rows.some((row) => facts.codePrompt.test(row)),
    isSuccess: rows.some((row) => facts.success.test(row)),
    hasContinuePrompt: rows.some((row) => facts.continuePrompt.test(row)),
    isFailure: rows.some((row) => facts.failure.test(row)),
  };
}

// A URL longer than the terminal is wrapped by the terminal: a full-width row continues
// on the next one.
function urlIn(rows: readonly string[], cols: number, facts: LoginFacts): string | undefined {
  const start = rows.findIndex((row) => facts.url.test(row));
  if (start === -1) return undefined;
  let text = (rows[start] ?? "").trim();
  let row = rows[start] ?? "";
  for (let index = start + 1; row.length >= cols && index < rows.length; index += 1) {
    row = rows[index] ?? "";
    text += row.trim();
  }
  return text.split(/\s/)[0];
}

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
