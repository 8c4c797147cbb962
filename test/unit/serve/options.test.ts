// startServe's options (prd/serve.md "Local by default", "Limits"): a host outside
// loopback is invalid_options unless allowRemote is set, and the caps have their
// documented defaults and bounds — all before anything listens.
import { describe, expect, test } from "vitest";
import { isLoopbackHost, normalizeServeOptions } from "../../../src/serve/options.js";

const webRoot = "/nonexistent-web-root";

describe("host: loopback unless allowRemote", () => {
  test.each(["127.0.0.1", "127.0.0.53", "127.255.255.254", "::1", "0:0:0:0:0:0:0:1", "localhost"])(
    "%s is loopback and accepted without allowRemote",
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
      expect(normalizeServeOptions({ host, webRoot }).host).toBe(host);
    },
  );

  test.each(["0.0.0.0", "::", "10.0.0.5", "192.168.1.20", "128.0.0.1", "fe80::1"])(
    "%s is refused as invalid_options naming allowRemote and --allow-remote",
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
      expect(() => normalizeServeOptions({ host, webRoot })).toThrow(
        expect.objectContaining({
          name: "invalid_options",
          message: expect.stringMatching(/allowRemote.*--allow-remote/),
          details: { option: "allowRemote" },
        }),
      );
      expect(normalizeServeOptions({ host, allowRemote: true, webRoot }).host).toBe(host);
    },
  );

  test("allowRemote must be a boolean; host must be an address", () => {
    const loose = { host: "0.0.0.0", allowRemote: "yes", webRoot } as unknown as Parameters<
      typeof normalizeServeOptions
    >[0];
    expect(() => normalizeServeOptions(loose)).toThrow(
      expect.objectContaining({ details: { option: "allowRemote" } }),
    );
    expect(() => normalizeServeOptions({ host: "example.com", webRoot })).toThrow(
      expect.objectContaining({ details: { option: "host" } }),
    );
  });
});

describe("caps", () => {
  test("defaults: 32 sessions, 128 connections, 60 s per request", () => {
    const settings = normalizeServeOptions({ webRoot });
    expect(settings.maxSessions).toBe(32);
    expect(settings.maxConnections).toBe(128);
    expect(settings.requestTimeoutMs).toBe(60_000);
  });

  test.each([
    ["maxSessions", 0],
    ["maxSessions", 1.5],
    ["maxConnections", 0],
    ["requestTimeoutMs", 10],
    ["requestTimeoutMs", Number.POSITIVE_INFINITY],
  ])("%s = %s is invalid_options naming it", (option, value) => {
    expect(() => normalizeServeOptions({ webRoot, [option]: value })).toThrow(
      expect.objectContaining({ name: "invalid_options", details: { option } }),
    );
  });
});
