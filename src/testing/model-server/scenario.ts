// The scenario language of the scripted model server: turns made of steps, which
// turn answers a request, and where a turn resumes after a tool call comes back.
// API-neutral; anthropic.ts and openai-responses.ts render the steps.
import { ElwoodError } from "../../errors.js";

/** Answer with this text. */
export interface SayStep {
  readonly say: string;
}
/** Emit a thinking/reasoning block with this text. */
export interface ThinkStep {
  readonly think: string;
}
/**
 * The answer to Claude's auto-mode safety check for a tool call: "allow" lets it run,
 * `{ deny: reason }` flags it (Claude refuses the call and tells the model why), and
 * "unanswered" leaves the check out, as a gateway that drops it would.
 */
export type AutoModeVerdict = "allow" | "unanswered" | { readonly deny: string };

/** Call a tool; the CLI runs it and sends the result back, then the turn continues. */
export interface ToolStep {
  readonly tool: {
    readonly name: string;
    readonly input: Readonly<Record<string, unknown>>;
    /**
     * OpenAI Responses only: the tool namespace the call belongs to. Codex 0.171.0 offers
     * each MCP server's tools as a `namespace` tool ("mcp__<server>") and takes a call only
     * as `{ namespace: "mcp__<server>", name: "<tool>" }`; a flat "mcp__server__tool" is
     * "unsupported call".
     */
    readonly namespace?: string;
    /** Claude in auto mode only; default: the server's `autoModeCheck` ("allow"). */
    readonly autoModeCheck?: AutoModeVerdict;
  };
}
/** Fail with an HTTP status (or a stream error event if output already started). */
export interface FailStep {
  readonly fail: { readonly status: number; readonly message?: string };
}
/** Wait this many milliseconds before the next step. */
export interface PauseStep {
  readonly pause: number;
}
/** Stream the following steps slowly, waiting `chunkDelayMs` between chunks. */
export interface SlowStep {
  readonly slow: { readonly chunkDelayMs: number };
}

/**
 * The token counts one model request reports. The four counts are disjoint: the whole
 * prompt is `inputTokens + cacheReadTokens + cacheWriteTokens`, and `reasoningTokens` is
 * the part of `outputTokens` spent reasoning. Anthropic replies carry them as
 * `input_tokens`, `cache_read_input_tokens`, `cache_creation_input_tokens` and
 * `output_tokens`; OpenAI replies as `input_tokens` (the whole prompt, cached parts
 * included), `input_tokens_details.cached_tokens`/`cache_write_tokens`, `output_tokens`
 * and `output_tokens_details.reasoning_tokens`.
 */
export interface ScriptedUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadTokens?: number;
  readonly cacheWriteTokens?: number;
  readonly reasoningTokens?: number;
}
/**
 * Report these counts for the model request this step's reply answers (the steps up to
 * and including the next tool calls are one reply). Without one, a reply reports a rough
 * estimate from the request's size.
 */
export interface UsageStep {
  readonly usage: ScriptedUsage;
}

export type ScenarioStep =
  | SayStep
  | ThinkStep
  | ToolStep
  | FailStep
  | PauseStep
  | SlowStep
  | UsageStep;

export type TurnMatcher = string | RegExp | ((userText: string) => boolean);

export interface ScriptedTurn {
  /** Which user prompt this turn answers: substring, regular expression or predicate. */
  readonly match: TurnMatcher;
  readonly steps: readonly ScenarioStep[];
  /** Keep answering matching prompts instead of being used up by the first. */
  readonly repeat?: boolean;
  /**
   * Answer a side request (a tool-less one: a title, Codex's compaction summary) instead
   * of a user turn. Side requests that no such turn matches get a fixed short reply.
   */
  readonly sideRequest?: boolean;
}

/** What one HTTP reply must contain: the steps up to and including the next tool calls. */
export interface ReplyPlan {
  readonly turnIndex: number;
  readonly steps: readonly ScenarioStep[];
  /** Tool call ids the renderer must use, one per ToolStep in `steps`, in order. */
  readonly toolCallIds: readonly string[];
}

interface PendingContinuation {
  readonly turnIndex: number;
  readonly nextStep: number;
  /** Every call id issued in the same reply (parallel calls), this one included. */
  readonly replyCallIds: readonly string[];
}

/** Returns `verdict` if it is an AutoModeVerdict; otherwise `invalid_options` naming `option`. */
export function checkedVerdict(verdict: unknown, option: string): AutoModeVerdict {
  if (verdict === "allow" || verdict === "unanswered") return verdict;
  if (
    typeof verdict === "object" &&
    verdict !== null &&
    typeof (verdict as { deny?: unknown }).deny === "string" &&
    (verdict as { deny: string }).deny !== ""
  ) {
    return verdict as AutoModeVerdict;
  }
  throw new ElwoodError(
    "invalid_options",
    `\`${option}\` must be "allow", "unanswered" or { deny: "<reason>" }; got ${JSON.stringify(verdict)}.`,
    { details: { option } },
  );
}

const USAGE_COUNTS = [
  "inputTokens",
  "outputTokens",
  "cacheReadTokens",
  "cacheWriteTokens",
  "reasoningTokens",
] as const;

/** Returns `usage` if every count is a non-negative integer; otherwise `invalid_options`. */
export function checkedUsage(usage: unknown): ScriptedUsage {
  const fields =
    typeof usage === "object" && usage !== null ? (usage as Record<string, unknown>) : undefined;
  const problem = (what: string): ElwoodError =>
    new ElwoodError("invalid_options", `\`usage\` ${what}; got ${JSON.stringify(usage)}.`, {
      details: { option: "usage" },
    });
  if (fields === undefined) throw problem("must be an object of token counts");
  for (const key of USAGE_COUNTS) {
    const value = fields[key];
    const isRequired = key === "inputTokens" || key === "outputTokens";
    if (value === undefined && !isRequired) continue;
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
      throw problem(`needs \`${key}\` as a non-negative integer`);
    }
  }
  const checked = fields as unknown as ScriptedUsage;
  if ((checked.reasoningTokens ?? 0) > checked.outputTokens) {
    throw problem("counts `reasoningTokens` as part of `outputTokens`, so it cannot exceed it");
  }
  return checked;
}

/** The usage a reply's steps script, if any (the last usage step wins). */
export function scriptedUsageOf(steps: readonly ScenarioStep[]): ScriptedUsage | undefined {
  let usage: ScriptedUsage | undefined;
  for (const step of steps) if ("usage" in step) usage = step.usage;
  return usage;
}

export function describeMatcher(matcher: TurnMatcher): string {
  if (typeof matcher === "string") return JSON.stringify(matcher);
  if (matcher instanceof RegExp) return String(matcher);
  return "<predicate>";
}

function matches(matcher: TurnMatcher, userText: string): boolean {
  if (typeof matcher === "string") return userText.includes(matcher);
  if (matcher instanceof RegExp) {
    matcher.lastIndex = 0; // a /g regex keeps state between test() calls
    return matcher.test(userText);
  }
  return matcher(userText);
}

/** Holds the registered turns and the continuations keyed by tool call id. */
export class ScenarioBook {
  readonly #turns: ScriptedTurn[] = [];
  readonly #used = new Set<number>();
  readonly #continuations = new Map<string, PendingContinuation>();
  #nextCallNumber = 1;

  add(turn: ScriptedTurn): number {
    if (turn.steps.length === 0) throw new TypeError("a scripted turn needs at least one step");
    for (const step of turn.steps) {
      if ("tool" in step && step.tool.autoModeCheck !== undefined)
        checkedVerdict(step.tool.autoModeCheck, "tool.autoModeCheck");
      if ("usage" in step) checkedUsage(step.usage);
    }
    this.#turns.push(turn);
    return this.#turns.length - 1;
  }

  get size(): number {
    return this.#turns.length;
  }

  /** Plans the reply to a new prompt, or undefined when no unused turn matches. */
  planForPrompt(userText: string, idPrefix: string, isSideRequest = false): ReplyPlan | undefined {
    const index = this.#turns.findIndex((turn, i) => {
      if (!turn.repeat && this.#used.has(i)) return false;
      if ((turn.sideRequest === true) !== isSideRequest) return false;
      try {
        return matches(turn.match, userText);
      } catch {
        return false; // a throwing predicate is a non-match, never a server crash
      }
    });
    if (index < 0) return undefined;
    const turn = this.#turns[index]!;
    if (!turn.repeat) this.#used.add(index);
    return this.#plan(index, 0, idPrefix);
  }

  /** Plans the continuation after tool results with these call ids came back. */
  planForToolResults(callIds: readonly string[], idPrefix: string): ReplyPlan | undefined {
    for (const id of callIds) {
      const pending = this.#continuations.get(id);
      if (pending === undefined) continue;
      // Forget only this reply's calls: a repeat turn may be mid-flight in several
      // conversations at once, each waiting on its own call ids.
      for (const sibling of pending.replyCallIds) this.#continuations.delete(sibling);
      return this.#plan(pending.turnIndex, pending.nextStep, idPrefix);
    }
    return undefined;
  }

  /** True when this tool call id was issued by the scenario (and not yet answered). */
  isPendingCall(callId: string): boolean {
    return this.#continuations.has(callId);
  }

  #plan(turnIndex: number, from: number, idPrefix: string): ReplyPlan {
    const all = this.#turns[turnIndex]!.steps;
    const steps: ScenarioStep[] = [];
    const toolCallIds: string[] = [];
    let cursor = from;
    // Take steps up to the first tool call, plus any tool calls right after it
    // (they become parallel calls in one reply).
    while (cursor < all.length) {
      const step = all[cursor]!;
      if ("tool" in step) {
        while (cursor < all.length && "tool" in all[cursor]!) {
          steps.push(all[cursor]!);
          toolCallIds.push(`${idPrefix}${this.#nextCallNumber++}`);
          cursor += 1;
        }
        break;
      }
      steps.push(step);
      cursor += 1;
    }
    if (toolCallIds.length > 0) {
      for (const id of toolCallIds) {
        this.#continuations.set(id, { turnIndex, nextStep: cursor, replyCallIds: toolCallIds });
      }
    }
    return { turnIndex, steps, toolCallIds };
  }
}
