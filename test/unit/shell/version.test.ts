// Version text of both CLIs and ordering (lifecycle §1.2 "Minimum versions").

import { describe, expect, it } from "vitest";
import { compareVersions, parseVersion } from "../../../src/shell/probe.js";

describe("parseVersion", () => {
  it("reads Claude's and Codex's --version output", () => {
    expect(parseVersion("2.1.332 (Claude Code)")).toBe("2.1.332");
    expect(parseVersion("codex-cli 0.171.0")).toBe("0.171.0");
    expect(parseVersion("codex-cli 0.172.0-alpha.3\n")).toBe("0.172.0-alpha.3");
  });

  it("prefers the last line with a version over shell start-up chatter", () => {
    expect(parseVersion("Welcome to Ubuntu 22.04.3 LTS\n2.1.144 (Claude Code)\n")).toBe("2.1.144");
  });

  it("returns undefined when there is no x.y.z", () => {
    expect(parseVersion("command not found")).toBeUndefined();
    expect(parseVersion("version 2.1")).toBeUndefined();
  });
});

describe("compareVersions", () => {
  it("orders numerically, not lexically", () => {
    expect(compareVersions("2.1.144", "2.1.332")).toBe(-1);
    expect(compareVersions("0.124.0", "0.99.9")).toBe(1);
    expect(compareVersions("10.0.0", "9.9.9")).toBe(1);
    expect(compareVersions("2.1.332", "2.1.332")).toBe(0);
  });

  it("puts a prerelease before its release", () => {
    expect(compareVersions("0.172.0-alpha.3", "0.172.0")).toBe(-1);
    expect(compareVersions("0.172.0-alpha.10", "0.172.0-alpha.3")).toBe(1);
    expect(compareVersions("1.0.0-beta", "1.0.0-alpha")).toBe(1);
  });

  it("rejects text that is not a version", () => {
    expect(() => compareVersions("abc", "1.0.0")).toThrow(/x\.y\.z/);
  });
});
