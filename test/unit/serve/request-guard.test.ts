// The request checks of `elwood serve` over plain header objects (issue 21 "Done when"
// 3, prd/serve.md "Local by default"): a foreign or missing Host is host_not_allowed
// (DNS rebinding), a foreign Origin is origin_not_allowed, and API calls need the token.
import type { IncomingHttpHeaders } from "node:http";
import { hostname } from "node:os";
import { describe, expect, test } from "vitest";
import { authorityOf, RequestGuard, servedAuthorities } from "../../../src/serve/request-guard.js";

const TOKEN = "t".repeat(32);
const AUTH = `Bearer ${TOKEN}`;
const loopback = new RequestGuard({
  token: TOKEN,
  address: { host: "127.0.0.1", boundAddress: "127.0.0.1", port: 4173 },
});

function refusal(guard: RequestGuard, headers: IncomingHttpHeaders, api = true) {
  try {
    if (api) guard.admitApi(headers);
    else guard.admitPage(headers);
  } catch (error) {
    return (error as { name: string }).name;
  }
  return "admitted";
}

describe("Host: the served address only (DNS rebinding)", () => {
  test.each([
    ["127.0.0.1:4173", "admitted"],
    ["localhost:4173", "admitted"],
    ["LOCALHOST:4173", "admitted"],
    ["evil.example:4173", "host_not_allowed"],
    ["127.0.0.1.nip.io:4173", "host_not_allowed"],
    ["127.0.0.1:4174", "host_not_allowed"],
    ["127.0.0.1", "host_not_allowed"],
    ["0.0.0.0:4173", "host_not_allowed"],
    ["127.0.0.2:4173", "host_not_allowed"],
    ["[::1]:4173", "host_not_allowed"],
    ["user@127.0.0.1:4173", "host_not_allowed"],
    ["127.0.0.1:4173/x", "host_not_allowed"],
    ["", "host_not_allowed"],
  ])("Host %j → %s", (host, outcome) => {
    expect(refusal(loopback, { host, authorization: AUTH })).toBe(outcome);
    expect(refusal(loopback, { host }, false)).toBe(outcome);
  });

  test("a missing Host is refused, page files included", () => {
    expect(refusal(loopback, { authorization: AUTH })).toBe("host_not_allowed");
    expect(refusal(loopback, {}, false)).toBe("host_not_allowed");
  });

  test("the refusal is a typed error naming the Host it saw and the address served", () => {
    expect(() => loopback.admitPage({ host: "rebound.example:4173" })).toThrow(
      expect.objectContaining({
        name: "host_not_allowed",
        message: expect.stringContaining("127.0.0.1:4173"),
        details: { host: "rebound.example:4173" },
      }),
    );
  });

  test("IPv6 loopback binds accept [::1] in any spelling, and localhost", () => {
    const guard = new RequestGuard({
      token: TOKEN,
      address: { host: "::1", boundAddress: "::1", port: 9000 },
    });
    for (const host of ["[::1]:9000", "[0:0:0:0:0:0:0:1]:9000", "localhost:9000"]) {
      expect(refusal(guard, { host, authorization: AUTH }), host).toBe("admitted");
    }
    expect(refusal(guard, { host: "127.0.0.1:9000", authorization: AUTH })).toBe(
      "host_not_allowed",
    );
  });

  test("port 80 may be left out of the Host, as browsers do", () => {
    const guard = new RequestGuard({
      token: TOKEN,
      address: { host: "127.0.0.1", boundAddress: "127.0.0.1", port: 80 },
    });
    expect(refusal(guard, { host: "127.0.0.1", authorization: AUTH })).toBe("admitted");
    expect(refusal(guard, { host: "localhost:80", authorization: AUTH })).toBe("admitted");
  });

  test("a wildcard bind (allowRemote) accepts this machine's names, never 0.0.0.0 or others", () => {
    const authorities = servedAuthorities({ host: "0.0.0.0", boundAddress: "0.0.0.0", port: 8080 });
    expect(authorities).toContain("127.0.0.1:8080");
    expect(authorities).toContain("localhost:8080");
    expect(authorities).toContain(authorityOf(`${hostname()}:8080`));
    expect(authorities).not.toContain("0.0.0.0:8080");
    expect([...authorities].some((authority) => authority.startsWith("evil"))).toBe(false);
    const given = servedAuthorities({ host: "10.1.2.3", boundAddress: "10.1.2.3", port: 8080 });
    expect([...given].sort()).toEqual(["10.1.2.3:8080", "localhost:8080"]);
  });
});

describe("Origin: absent (programs) or the page's own (browsers)", () => {
  test.each([
    [undefined, "admitted"],
    ["http://127.0.0.1:4173", "admitted"],
    ["http://evil.example", "origin_not_allowed"],
    ["http://127.0.0.1:4174", "origin_not_allowed"],
    ["https://127.0.0.1:4173", "origin_not_allowed"],
    ["http://localhost:4173", "origin_not_allowed"],
    ["null", "origin_not_allowed"],
    ["", "origin_not_allowed"],
  ])("Origin %j on a request to 127.0.0.1:4173 → %s", (origin, outcome) => {
    const headers = {
      host: "127.0.0.1:4173",
      authorization: AUTH,
      ...(origin === undefined ? {} : { origin }),
    };
    expect(refusal(loopback, headers)).toBe(outcome);
    expect(refusal(loopback, headers, false)).toBe(outcome);
  });

  test("the page's origin is the Host it used: localhost pages call localhost", () => {
    const headers = {
      host: "localhost:4173",
      origin: "http://localhost:4173",
      authorization: AUTH,
    };
    expect(refusal(loopback, headers)).toBe("admitted");
  });
});

describe("the token: API calls only, after Host and Origin", () => {
  test("API calls need it; page files do not", () => {
    const host = "127.0.0.1:4173";
    expect(refusal(loopback, { host })).toBe("unauthorized");
    expect(refusal(loopback, { host, authorization: "Bearer wrong-token-0000000000" })).toBe(
      "unauthorized",
    );
    expect(refusal(loopback, { host }, false)).toBe("admitted");
    const subprotocol = {
      host,
      "sec-websocket-protocol": `elwood.terminal, elwood.bearer.${TOKEN}`,
    };
    expect(refusal(loopback, subprotocol)).toBe("admitted");
  });

  test("a right token does not make a foreign Host or Origin acceptable", () => {
    expect(refusal(loopback, { host: "evil.example:4173", authorization: AUTH })).toBe(
      "host_not_allowed",
    );
    const origin = { host: "127.0.0.1:4173", origin: "http://evil.example", authorization: AUTH };
    expect(refusal(loopback, origin)).toBe("origin_not_allowed");
  });
});
