// The one error class of the library. Every failure a caller can see is an ElwoodError
// whose `name` is a stable member of ElwoodErrorName. Elwood's own names are listed here;
// each agent declares its own beside its adapter (src/<agent>/errors.ts), and the package
// root joins them into ELWOOD_ERROR_NAMES (src/error-names.ts, prd/internals.md).

/** Elwood's own error names: every agent's session can fail with these. */
export const ELWOOD_OWN_ERROR_NAMES = [
  // platform and launch
  "unsupported_platform",
  "invalid_options",
  "pty_start_failed",
  "hook_bridge_failed",
  // state and resume
  "state_not_found",
  "state_corrupt",
  "adapter_mismatch",
  "resume_unavailable",
  // live session
  "input_queue_full",
  "session_not_running",
  "prompt_not_accepted",
  "composer_occupied",
  "termination_failed",
  "teardown_failed",
  "wait_timeout",
  "interrupt_failed",
  "compact_failed",
  "model_automation_failed",
  "login_failed",
  "login_timeout",
  "invalid_image",
  "image_attach_failed",
  "blocked_prompt",
  "dialog_not_shown",
  "dialog_not_answered",
  // loops
  "invalid_loop",
  "loop_limit_reached",
  "loop_not_found",
  "loop_persistence_failed",
  "loop_submission_failed",
  // approvals
  "invalid_approval",
  "approval_not_found",
  "approval_settled",
  // command-line tool only
  "no_agent_found",
  "agent_exited",
  // local server (elwood serve) only
  "unauthorized",
  "route_not_found",
  "request_too_large",
  "session_not_found",
  "session_already_open",
  "host_not_allowed",
  "origin_not_allowed",
  "session_limit_reached",
  "connection_limit_reached",
  "request_timeout",
  // ACP agent (elwood acp) only
  "prompt_in_progress",
] as const;

export type ElwoodOwnErrorName = (typeof ELWOOD_OWN_ERROR_NAMES)[number];

/** Facts about an operating-system failure behind an error, when known. */
export interface ElwoodSystemErrorFacts {
  readonly errno?: string | number;
  readonly syscall?: string;
  readonly path?: string;
}

export type ElwoodErrorDetails = Readonly<Record<string, unknown>> & ElwoodSystemErrorFacts;

export interface ElwoodErrorOptions {
  readonly details?: ElwoodErrorDetails;
  readonly cause?: unknown;
}

/**
 * The one error class. `Name` is what its `name` may be: Elwood's own names unless given,
 * so a typo is a compile error; an adapter throws its declared names with
 * `new ElwoodError<TheirErrorName>(…)`. The package root exports the class typed with
 * every name (ElwoodErrorClass<ElwoodErrorName>).
 */
export class ElwoodError<Name extends string = ElwoodOwnErrorName> extends Error {
  override readonly name: Name;
  readonly details: ElwoodErrorDetails;

  constructor(name: NoInfer<Name>, message: string, options: ElwoodErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = name;
    this.details = Object.freeze({ ...systemFactsOf(options.cause), ...options.details });
  }

  /** True when `value` is an ElwoodError, optionally of one of the given names. */
  static is<Name extends string = ElwoodOwnErrorName>(
    value: unknown,
    ...names: NoInfer<Name>[]
  ): value is ElwoodError<Name> {
    return (
      value instanceof ElwoodError && (names.length === 0 || names.includes(value.name as Name))
    );
  }
}

/** The class as the package root exports it: `name` is one of `Name`. */
export interface ElwoodErrorClass<Name extends string> {
  new (name: Name, message: string, options?: ElwoodErrorOptions): ElwoodError<Name>;
  readonly prototype: ElwoodError<Name>;
  is(value: unknown, ...names: Name[]): value is ElwoodError<Name>;
}

/** Pulls errno/syscall/path out of a Node system error so startup errors keep them. */
export function systemFactsOf(cause: unknown): ElwoodSystemErrorFacts {
  if (typeof cause !== "object" || cause === null) return {};
  const source = cause as { code?: unknown; errno?: unknown; syscall?: unknown; path?: unknown };
  const facts: { errno?: string | number; syscall?: string; path?: string } = {};
  if (typeof source.code === "string") facts.errno = source.code;
  else if (typeof source.errno === "number" || typeof source.errno === "string")
    facts.errno = source.errno;
  if (typeof source.syscall === "string") facts.syscall = source.syscall;
  if (typeof source.path === "string") facts.path = source.path;
  return facts;
}

/** A short, content-free description of an unknown thrown value. */
export function describeCause(cause: unknown): string {
  if (cause instanceof Error) return cause.message;
  return String(cause);
}
