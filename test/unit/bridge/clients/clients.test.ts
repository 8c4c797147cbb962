// CLI-side wiring that is pure text: Claude http hook entries, command hook entries and
// commands, the timeout arithmetic, and the generated scripts' fixed numbers.

import { describe, expect, it } from "vitest";
import { bashHookClientScript } from "../../../../src/bridge/clients/bash-client.js";
import { commandHookCommand, commandHookEntry } from "../../../../src/bridge/clients/command.js";
import { nodeHookClientScript } from "../../../../src/bridge/clients/node-client.js";
import { clientDeadlineSeconds, cliHookTimeoutSeconds } from "../../../../src/bridge/limits.js";
import { withLoopbackNoProxy } from "../../../../src/bridge/proxy-env.js";
import {
  CLAUDE_COMMAND_ONLY_EVENTS,
  claudeHttpHookEntry,
} from "../../../../src/claude/launch/http-hooks.js";
import { ElwoodError } from "../../../../src/errors.js";
import { shellQuote } from "../../../../src/shell/login-shell.js";

describe("Claude http hook entry", () => {
  it("points at the port, carries the token only as an env reference, and outlasts Elwood's deadline", () => {
    const entry = claudeHttpHookEntry({
      port: 40123,
      eventName: "PreToolUse",
      hookTimeoutMs: 30_000,
    });
    expect(entry).toEqual({
      type: "http",
      url: "http://127.0.0.1:40123/hooks/PreToolUse",
      headers: { "x-elwood-token": "$ELWOOD_HOOK_TOKEN" },
      allowedEnvVars: ["ELWOOD_HOOK_TOKEN"],
      timeout: 35,
    });
  });

  it("rejects ports and event names that cannot form the route", () => {
    expect(() => claudeHttpHookEntry({ port: 0, eventName: "Stop", hookTimeoutMs: 1 })).toThrow(
      ElwoodError,
    );
    expect(() => claudeHttpHookEntry({ port: 1, eventName: "../x", hookTimeoutMs: 1 })).toThrow(
      /identifier/,
    );
  });

  it("routes only SessionStart and Setup through the command client", () => {
    expect([...CLAUDE_COMMAND_ONLY_EVENTS].sort()).toEqual(["SessionStart", "Setup"]);
  });
});

describe("timeouts", () => {
  it("CLI timeout = ceil(hookTimeoutMs / 1000) + 5 s; client gives up 2 s earlier", () => {
    expect(cliHookTimeoutSeconds(30_000)).toBe(35);
    expect(cliHookTimeoutSeconds(1)).toBe(6);
    expect(cliHookTimeoutSeconds(1500)).toBe(7);
    expect(clientDeadlineSeconds(1500)).toBe(5);
    expect(commandHookEntry({ command: "x", hookTimeoutMs: 2500 })).toEqual({
      type: "command",
      command: "x",
      timeout: 8,
    });
  });

  it("bakes the client deadline and the byte cap into both scripts", () => {
    const bash = bashHookClientScript({ hookTimeoutMs: 10_000 });
    expect(bash).toContain(`max=${8 * 1024 * 1024}`);
    expect(bash).toContain("read -r -t 13 status");
    const node = nodeHookClientScript({ hookTimeoutMs: 10_000, maxRequestBytes: 99 });
    expect(node).toContain("const MAX = 99;");
    expect(node).toContain("const DEADLINE_MS = 13000;");
  });
});

describe("commandHookCommand", () => {
  it("carries the whole client program inline, quoted, with the event name bare", () => {
    const bash = bashHookClientScript({ hookTimeoutMs: 1_000 });
    expect(commandHookCommand({ eventName: "SessionStart", hookTimeoutMs: 1_000 })).toBe(
      `bash -c ${shellQuote(bash)} elwood-hook SessionStart`,
    );
    const node = nodeHookClientScript({ hookTimeoutMs: 2_000 });
    expect(
      commandHookCommand({
        eventName: "Stop",
        client: "node",
        interpreter: "/opt/node 20/node",
        hookTimeoutMs: 2_000,
      }),
    ).toBe(`'/opt/node 20/node' -e ${shellQuote(node)} Stop`);
    expect(commandHookCommand({ eventName: "Stop", client: "node", hookTimeoutMs: 2_000 })).toBe(
      `${shellQuote(process.execPath)} -e ${shellQuote(node)} Stop`,
    );
  });

  it("names no file: nothing on disk decides what a command hook does", () => {
    for (const client of ["bash", "node"] as const) {
      const command = commandHookCommand({ eventName: "PreToolUse", client, hookTimeoutMs: 1 });
      expect(command).not.toMatch(/\.(sh|cjs|bash)\b/);
      expect(command).not.toContain("/.elwood/");
    }
  });

  it("refuses event names that would need quoting", () => {
    for (const eventName of ["", "a b", "Stop;rm", "$(x)", "1Stop"]) {
      expect(() => commandHookCommand({ eventName, hookTimeoutMs: 1 })).toThrow(ElwoodError);
    }
  });
});

describe("withLoopbackNoProxy", () => {
  it("adds loopback to both NO_PROXY spellings without dropping or duplicating entries", () => {
    const env = { NO_PROXY: "corp.example, 127.0.0.1", no_proxy: "lower.example", PATH: "/bin" };
    const merged = "corp.example,127.0.0.1,lower.example,localhost";
    expect(withLoopbackNoProxy(env)).toEqual({ NO_PROXY: merged, no_proxy: merged, PATH: "/bin" });
    expect(withLoopbackNoProxy({})).toEqual({
      NO_PROXY: "127.0.0.1,localhost",
      no_proxy: "127.0.0.1,localhost",
    });
  });
});
