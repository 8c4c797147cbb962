// Wrong types and out-of-range values for every public option (issue 16 "Options"),
// with the typed error each must produce. Shared by the entry-point fuzz tests.
import { MAX_HOOK_TIMEOUT_MS } from "../../../src/bridge/limits.js";

export interface BadValue {
  readonly option: string;
  readonly value: unknown;
  /** The ElwoodError name expected; default invalid_options. */
  readonly error?: string;
}

const bad = (option: string, values: readonly unknown[], error?: string): BadValue[] =>
  values.map((value) => ({ option, value, ...(error === undefined ? {} : { error }) }));

const notAPositiveMs = [0, -1, 1.5, "100", Number.NaN, Number.POSITIVE_INFINITY, null, true];
const notAString = [5, "", "a\0b", null, {}, ["x"]];
const notABoolean = ["yes", 1, 0, null, {}];

/** Options of every start/resume entry point and session class. */
export const COMMON_BAD_VALUES: readonly BadValue[] = [
  ...bad("cwd", [5, "", "a\0b", null, {}, "/nonexistent/elwood-fuzz-dir"]),
  ...bad("stateDir", notAString),
  ...bad("initialSize", [
    "80x24",
    { cols: 0, rows: 24 },
    { cols: 80, rows: -1 },
    { cols: 1.5, rows: 24 },
    { cols: 100_000, rows: 24 },
    { cols: "80", rows: 24 },
    null,
  ]),
  ...bad("autoupdate", notABoolean),
  ...bad("autotrust", notABoolean),
  ...bad("strictVersionCheck", notABoolean),
  ...bad("hookTimeoutMs", [...notAPositiveMs, MAX_HOOK_TIMEOUT_MS + 1]),
  // The longest Node timer is 2^31 - 1 ms.
  ...bad("composerWaitMs", [...notAPositiveMs, 2_147_483_648]),
  ...bad("executable", notAString),
  ...bad("env", ["PATH=/bin", ["PATH=/bin"], null, { PATH: 5 }, { "": "x" }, { "A=B": "x" }]),
  ...bad("hooks", ["PreToolUse", 5, null, [() => undefined], { PreToolUse: 5 }]),
  ...bad("hookEvents", ["some", "ALL", "", 5, null, true, ["PreToolUse"]]),
];

/** Start-only common options (resume* takes no persona). */
export const START_ONLY_BAD_VALUES: readonly BadValue[] = [...bad("persona", notAString)];

const toolLists = ["Bash", [5], [""], ["a\0b"], null, {}];

export const CLAUDE_BAD_VALUES: readonly BadValue[] = [
  ...bad("reasoningEffort", ["huge", 5, null, ""], "claude_invalid_reasoning_effort"),
  ...bad("permissionMode", ["yolo", 5, null, ""]),
  ...bad("highTrust", notABoolean),
  ...bad("allowedTools", toolLists),
  ...bad("disallowedTools", toolLists),
  ...bad("tools", toolLists),
];

export const CLAUDE_START_BAD_VALUES: readonly BadValue[] = [
  ...bad("name", notAString),
  ...bad("model", notAString),
  ...bad("settingsOverrides", ["x", [], null, 5]),
];

export const CODEX_BAD_VALUES: readonly BadValue[] = [
  ...bad("reasoningEffort", ["huge", 5, null, ""], "codex_invalid_reasoning_effort"),
  ...bad("sandbox", ["none", 5, null, ""]),
  ...bad("approvalPolicy", ["sometimes", "untrusted", 5, null]),
  ...bad("highTrust", notABoolean),
];

export const CODEX_START_BAD_VALUES: readonly BadValue[] = [
  ...bad("model", notAString),
  ...bad("profile", notAString),
  ...bad("configOverrides", ["a=b", ["no-equals-sign"], [5], [""], null]),
];

export const SESSION_ID_BAD_VALUES: readonly BadValue[] = bad("elwoodSessionId", [
  5,
  "",
  "../escape",
  "a/b",
  "a\0b",
  null,
  {},
]);

/** Per-turn options of send()/stream() (TurnOptions). */
export const TURN_BAD_VALUES: readonly BadValue[] = [
  ...bad("timeoutMs", [...notAPositiveMs, 2 ** 31]),
  ...bad("catchUpMs", [-1, 1.5, "100", Number.NaN, null, 2 ** 31]),
  ...bad(
    "images",
    ["photo.png", {}, [{}], [{ path: 5 }], [{ data: "x", format: "tiff" }]],
    "invalid_image",
  ),
];

export const BAD_PROMPTS: readonly unknown[] = [5, "", "   ", null, undefined, {}, ["hi"]];
