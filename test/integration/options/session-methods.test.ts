// Per-call options fuzz on the session classes (issue 16 "Options"; C-ERR-01): prompts,
// send/stream options, waits, resize, interrupt, compact and loop calls with wrong types
// or out-of-range values reject with their typed error before the lazy session starts:
// nothing spawned (child_process and node-pty spied), nothing written.
import { PassThrough } from "node:stream";
import { afterAll, describe, test, vi } from "vitest";
import { ClaudeSession, CodexSession } from "../../../src/agents.js";
import { BAD_PROMPTS, TURN_BAD_VALUES } from "./bad-values.js";
import { fuzzProject, shown } from "./refusal.js";

vi.mock("node:child_process", async (importOriginal) => {
  const { spyOnChildProcess } = await import("./spawn-spy.js");
  return spyOnChildProcess(await importOriginal());
});
vi.mock("node-pty", async (importOriginal) => {
  const { spyOnNodePty } = await import("./spawn-spy.js");
  return spyOnNodePty(await importOriginal());
});

const fuzz = fuzzProject();
const { base, expectRefused } = fuzz;
afterAll(() => fuzz.remove());

type AnySession = ClaudeSession | CodexSession;
const agents = {
  claude: () => new ClaudeSession(base) as AnySession,
  codex: () => new CodexSession(base) as AnySession,
};

interface MethodCase {
  readonly what: string;
  readonly call: (session: AnySession) => unknown;
  readonly error?: string;
}

const ms = [0, -1, 1.5, "100", Number.NaN, null, 2 ** 31];
const sizes = ["80x24", { cols: 0, rows: 24 }, { cols: 80, rows: 1.5 }, { cols: 80 }, null];
const loopRequests = [
  null,
  "every 5m",
  { mode: "hourly", message: "x" },
  { mode: "fixed", message: "x" },
  { mode: "fixed", intervalMs: 1, message: "x" },
  { mode: "idle", message: "" },
  { mode: "idle", message: 5 },
  { mode: "idle", message: "x", intervalMs: 60_000 },
];

const CASES: MethodCase[] = [
  ...BAD_PROMPTS.flatMap((prompt): MethodCase[] => [
    { what: `send(${shown(prompt)})`, call: (s) => s.send(prompt as never) },
    { what: `stream(${shown(prompt)})`, call: (s) => s.stream(prompt as never) },
    { what: `sendMessage(${shown(prompt)})`, call: (s) => s.sendMessage(prompt as never) },
    { what: `sendPrompt(${shown(prompt)})`, call: (s) => s.sendPrompt(prompt as never) },
    { what: `sendGuidance(${shown(prompt)})`, call: (s) => s.sendGuidance(prompt as never) },
  ]),
  // Issue 49: text the CLI would run as a command has no reply; refused, not typed.
  ...["/help", "  /compact now", "\x1b[200~/model"].flatMap((prompt): MethodCase[] => [
    { what: `send(${shown(prompt)})`, call: (s) => s.send(prompt) },
    { what: `stream(${shown(prompt)})`, call: (s) => s.stream(prompt) },
  ]),
  ...["fast", 5, null, ["x"]].flatMap((options): MethodCase[] => [
    { what: `send("hi", ${shown(options)})`, call: (s) => s.send("hi", options as never) },
    { what: `stream("hi", ${shown(options)})`, call: (s) => s.stream("hi", options as never) },
    {
      what: `sendMessage("hi", ${shown(options)})`,
      call: (s) => s.sendMessage("hi", options as never),
    },
  ]),
  ...TURN_BAD_VALUES.flatMap(({ option, value, error }): MethodCase[] => {
    const options = { [option]: value } as never;
    const label = `{ ${option}: ${shown(value)} }`;
    return [
      {
        what: `send("hi", ${label})`,
        call: (s) => s.send("hi", options),
        ...(error ? { error } : {}),
      },
      {
        what: `stream("hi", ${label})`,
        call: (s) => s.stream("hi", options),
        ...(error ? { error } : {}),
      },
    ];
  }),
  ...ms.flatMap((timeoutMs): MethodCase[] => [
    {
      what: `interrupt({ timeoutMs: ${shown(timeoutMs)} })`,
      call: (s) => s.interrupt({ timeoutMs } as never),
    },
    {
      what: `compact({ timeoutMs: ${shown(timeoutMs)} })`,
      call: (s) => s.compact({ timeoutMs } as never),
    },
  ]),
  ...[-1, 1.5, "100", Number.NaN, null, 2 ** 31].flatMap((timeoutMs): MethodCase[] => [
    {
      what: `waitForStatus(fn, ${shown(timeoutMs)})`,
      call: (s) => s.waitForStatus(() => true, timeoutMs as never),
    },
    {
      what: `waitForActivity(fn, ${shown(timeoutMs)})`,
      call: (s) => s.waitForActivity(() => true, timeoutMs as never),
    },
  ]),
  { what: `waitForStatus("ready")`, call: (s) => s.waitForStatus("ready" as never) },
  { what: "waitForActivity(undefined)", call: (s) => s.waitForActivity(undefined as never) },
  ...[5, null, {}, ["x"]].map(
    (input): MethodCase => ({
      what: `sendKeys(${shown(input)})`,
      call: (s) => s.sendKeys(input as never),
    }),
  ),
  ...sizes.map(
    (size): MethodCase => ({
      what: `resize(${shown(size)})`,
      call: (s) => s.resize(size as never),
    }),
  ),
  ...loopRequests.map(
    (request): MethodCase => ({
      what: `createLoop(${shown(request)})`,
      call: (s) => s.createLoop(request as never),
      error: "invalid_loop",
    }),
  ),
  ...[5, null, {}].map(
    (id): MethodCase => ({
      what: `cancelLoop(${shown(id)})`,
      call: (s) => s.cancelLoop(id as never),
      error: "loop_not_found",
    }),
  ),
  { what: "interrupt(5)", call: (s) => s.interrupt(5 as never) },
  ...[
    null,
    {},
    { input: process.stdin },
    { input: new PassThrough(), output: new PassThrough(), detachKey: "ctrl-[" },
    { input: new PassThrough(), output: new PassThrough(), detachKey: 5 },
    { input: new PassThrough(), output: new PassThrough(), readOnly: "yes" },
  ].map(
    (options): MethodCase => ({
      what: `attach(${shown(options)})`,
      call: (s) => s.attach(options as never),
    }),
  ),
  ...ms.map(
    (timeoutMs): MethodCase => ({
      what: `listModels({ timeoutMs: ${shown(timeoutMs)} })`,
      call: (s) => s.listModels({ timeoutMs } as never),
    }),
  ),
  ...[5, "", "  ", null].map(
    (id): MethodCase => ({ what: `setModel(${shown(id)})`, call: (s) => s.setModel(id as never) }),
  ),
  { what: 'setModel("m", { timeoutMs: -1 })', call: (s) => s.setModel("m", { timeoutMs: -1 }) },
  { what: 'listModels("fast")', call: (s) => s.listModels("fast" as never) },
  { what: 'compact("now")', call: (s) => s.compact("now" as never) },
];

const LOGIN_OPTIONS: readonly unknown[] = [
  undefined,
  null,
  "browser",
  {},
  { provideCode: "123456" },
  { provideCode: () => "1", onAuthUrl: "https://x" },
  { provideCode: () => "1", timeoutMs: 0 },
  { provideCode: () => "1", timeoutMs: 2 ** 31 },
  { provideCode: () => "1", method: 5 },
];

describe("public options fuzz: session methods before a lazy start", () => {
  test.each((["claude", "codex"] as const).flatMap((agent) => CASES.map((c) => ({ agent, ...c }))))(
    "C-ERR-01: $agent session $what is refused before anything starts",
    async ({ agent, call, error }) => {
      const session = agents[agent]();
      await expectRefused(() => call(session), error ?? "invalid_options");
      await session.close();
    },
  );

  test.each(LOGIN_OPTIONS.map((options) => ({ options, shown: shown(options) })))(
    "C-ERR-01: claude session login($shown) is refused before anything starts",
    async ({ options }) => {
      const session = new ClaudeSession(base);
      await expectRefused(() => session.login(options as never), "invalid_options");
      await session.close();
    },
  );
});
