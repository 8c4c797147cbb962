// Config precedence (C-CLI-13/14/22): flag > env > config > built-in, strict env
// booleans, negating flags, --no-defaults, and high trust against explicit posture.
import { describe, expect, test } from "vitest";
import type { OptionName } from "../../../../src/cli/args/options.js";
import type { OptionValue } from "../../../../src/cli/args/parse.js";
import { elwoodEnv, type Layers } from "../../../../src/cli/config/layers.js";
import { EMPTY_CONFIG, parseConfig } from "../../../../src/cli/config/load.js";
import { configPath, defaultStateDir } from "../../../../src/cli/config/paths.js";
import {
  resolveAgentSettings,
  resolveRunSettings,
} from "../../../../src/cli/config/run-settings.js";
import type { ElwoodConfig } from "../../../../src/cli/config/schema.js";

function layers(
  flags: Record<string, OptionValue> = {},
  env: Record<string, string> = {},
  config: ElwoodConfig = EMPTY_CONFIG,
): Layers {
  return { flags: new Map(Object.entries(flags)) as Map<OptionName, OptionValue>, env, config };
}

const HOME_ENV = { HOME: "/home/u" };
const run = (l: Layers) => resolveRunSettings(l, "/work", HOME_ENV);

describe("precedence", () => {
  test("C-CLI-14: flag beats env beats config beats built-in, with the source named", () => {
    const config: ElwoodConfig = {
      schemaVersion: 1,
      output: "jsonl",
      timeout: "5m",
      verbose: true,
    };
    expect(run(layers({}, {}, config)).output).toEqual({ value: "jsonl", source: "config output" });
    expect(run(layers({}, { ELWOOD_OUTPUT: "json" }, config)).output).toEqual({
      value: "json",
      source: "env ELWOOD_OUTPUT",
    });
    expect(run(layers({ output: "text" }, { ELWOOD_OUTPUT: "json" }, config)).output).toEqual({
      value: "text",
      source: "flag --output",
    });
    expect(run(layers()).output).toEqual({ value: "text", source: "built-in" });
    expect(run(layers({}, {}, config)).timeoutMs).toEqual({
      value: 300_000,
      source: "config timeout",
    });
    expect(run(layers({ timeout: "10s" }, { ELWOOD_TIMEOUT: "1m" }, config)).timeoutMs.value).toBe(
      10_000,
    );
    expect(run(layers()).timeoutMs).toEqual({ value: undefined, source: "unset" });
    expect(run(layers()).agent).toEqual({ value: undefined, source: "unset" });
  });

  test("C-CLI-14: --no-verbose reverses an inherited true; env booleans are exactly true/false", () => {
    const settings = run(layers({ verbose: false }, { ELWOOD_VERBOSE: "true" }));
    expect(settings.verbose).toEqual({ value: false, source: "flag --no-verbose" });
    expect(run(layers({}, { ELWOOD_STREAM: "true" })).stream.value).toBe(true);
    expect(() => run(layers({}, { ELWOOD_STREAM: "1" }))).toThrow(
      'env ELWOOD_STREAM must be true or false; got "1".',
    );
    expect(() => run(layers({}, { ELWOOD_AGENT: "nope" }))).toThrow(
      /env ELWOOD_AGENT must be one of claude, codex, gemini/,
    );
  });

  test("C-CLI-16: the state dir defaults to absolute XDG state, else ~/.local/state/elwood", () => {
    expect(defaultStateDir({ HOME: "/home/u" })).toBe("/home/u/.local/state/elwood");
    expect(defaultStateDir({ HOME: "/home/u", XDG_STATE_HOME: "/xdg/state" })).toBe(
      "/xdg/state/elwood",
    );
    expect(defaultStateDir({ HOME: "/home/u", XDG_STATE_HOME: "relative" })).toBe(
      "/home/u/.local/state/elwood",
    );
    expect(run(layers({ "state-dir": "st" })).stateDir).toEqual({
      value: "/work/st",
      source: "flag --state-dir",
    });
  });

  test("C-CLI-13: config path is ELWOOD_CONFIG, else absolute XDG_CONFIG_HOME, else ~/.config", () => {
    expect(configPath({ HOME: "/h", ELWOOD_CONFIG: "c.json" }, "/w")).toBe("/w/c.json");
    expect(configPath({ HOME: "/h", XDG_CONFIG_HOME: "/x" }, "/w")).toBe("/x/elwood/config.json");
    expect(configPath({ HOME: "/h", XDG_CONFIG_HOME: "x" }, "/w")).toBe(
      "/h/.config/elwood/config.json",
    );
  });

  test("C-CLI-14: --no-defaults keeps flags only (elwoodEnv drops foreign variables either way)", () => {
    expect(elwoodEnv({ ELWOOD_AGENT: "codex", PATH: "/bin" })).toEqual({ ELWOOD_AGENT: "codex" });
  });
});

describe("agent settings", () => {
  test("C-CLI-06: defaults are Claude dontAsk and Codex workspace-write + never; model per agent", () => {
    const config: ElwoodConfig = {
      schemaVersion: 1,
      claude: { model: "opus" },
      codex: { model: "gpt-5" },
    };
    const l = layers({}, {}, config);
    const high = run(l).highTrust;
    const claude = resolveAgentSettings(l, "claude", high);
    expect(claude.claudePermissionMode).toEqual({ value: "dontAsk", source: "built-in" });
    expect(claude.model).toEqual({ value: "opus", source: "config claude.model" });
    const codex = resolveAgentSettings(l, "codex", high);
    expect(codex.codexSandbox).toEqual({ value: "workspace-write", source: "built-in" });
    expect(codex.codexApprovalPolicy).toEqual({ value: "never", source: "built-in" });
    expect(codex.model.value).toBe("gpt-5");
    expect(() =>
      resolveAgentSettings(layers({ "reasoning-effort": "minimal" }), "claude", high),
    ).toThrow(/must be one of low, medium, high, xhigh, max/);
  });

  test("C-CLI-22: high trust expands per agent and overrides config posture", () => {
    const config: ElwoodConfig = {
      schemaVersion: 1,
      highTrust: true,
      claude: { permissionMode: "plan" },
    };
    const l = layers({}, {}, config);
    const claude = resolveAgentSettings(l, "claude", run(l).highTrust);
    expect(claude.claudePermissionMode).toEqual({
      value: "bypassPermissions",
      source: "config highTrust",
    });
    const codexLayers = layers({ "high-trust": true });
    const codex = resolveAgentSettings(codexLayers, "codex", run(codexLayers).highTrust);
    expect(codex.codexSandbox).toEqual({
      value: "danger-full-access",
      source: "flag --high-trust",
    });
    expect(codex.codexApprovalPolicy.value).toBe("never");
  });

  test("C-CLI-22: high trust plus explicit posture is a usage error naming both sources", () => {
    const l = layers({ "claude-permission-mode": "plan" }, { ELWOOD_HIGH_TRUST: "true" });
    expect(() => resolveAgentSettings(l, "claude", run(l).highTrust)).toThrow(
      /env ELWOOD_HIGH_TRUST \(high trust\) conflicts with flag --claude-permission-mode/,
    );
    const off = layers(
      { "high-trust": false, "claude-permission-mode": "plan" },
      { ELWOOD_HIGH_TRUST: "true" },
    );
    expect(resolveAgentSettings(off, "claude", run(off).highTrust).claudePermissionMode.value).toBe(
      "plan",
    );
  });

  test("C-CLI-06: an adapter-only flag on the other adapter is a usage error", () => {
    const l = layers({ "codex-sandbox": "read-only" });
    expect(() => resolveAgentSettings(l, "claude", run(l).highTrust)).toThrow(
      "--codex-sandbox is a codex option, but the agent is claude; drop it or pass --agent codex.",
    );
  });
});

describe("the config file", () => {
  test("C-CLI-13: strict v1 schema: unknown keys, other versions and forbidden keys are refused", () => {
    expect(parseConfig('{"schemaVersion":1,"agent":"codex"}', "/c.json")).toEqual({
      schemaVersion: 1,
      agent: "codex",
    });
    expect(() => parseConfig('{"schemaVersion":2}', "/c.json")).toThrow(
      /schemaVersion 2; this elwood reads version 1/,
    );
    expect(() => parseConfig('{"schemaVersion":1,"cwd":"/x"}', "/c.json")).toThrow(
      /unknown key cwd/,
    );
    expect(() => parseConfig('{"schemaVersion":1,"claude":{"sandbox":"x"}}', "/c.json")).toThrow(
      /unknown key claude.sandbox/,
    );
    expect(() => parseConfig('{"schemaVersion":1,"timeout":"soon"}', "/c.json")).toThrow(/timeout/);
    expect(() => parseConfig("{", "/c.json")).toThrow(/not valid JSON/);
  });
});
