// Who may talk to the server (prd/serve.md "Local by default"). One place checks every
// HTTP request and WebSocket upgrade, page files included: the Host header must name
// the address served (a DNS-rebinding page sends its own name), a browser's Origin must
// be the page's own, and API calls must carry the bearer token.
import type { IncomingHttpHeaders } from "node:http";
import { isIPv6 } from "node:net";
import { hostname, networkInterfaces } from "node:os";
import { ElwoodError } from "../index.js";
import { BearerAuth } from "./auth.js";

export interface ServedAddress {
  /** The host the server was asked to bind (an IP or `localhost`). */
  readonly host: string;
  /** The address it really bound (`server.address().address`). */
  readonly boundAddress: string;
  readonly port: number;
}

/** `0.0.0.0` and `::`: every interface, so no single name identifies the server. */
export function isUnspecifiedAddress(host: string): boolean {
  return host === "0.0.0.0" || (isIPv6(host) && /^[0:]+$/.test(host));
}

// A Host header is a name or IP literal and an optional port; anything else (userinfo,
// paths, zone ids) is refused before URL parsing can reinterpret it.
const AUTHORITY_SHAPE = /^(?:[A-Za-z0-9._~-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** The canonical `host[:port]` (lowercase, IPv6 compressed, :80 dropped), or undefined. */
export function authorityOf(value: string | undefined): string | undefined {
  if (value === undefined || !AUTHORITY_SHAPE.test(value)) return undefined;
  try {
    return new URL(`http://${value}`).host;
  } catch {
    return undefined;
  }
}

/**
 * The Host values that address this server: the bound IP and `localhost` with the bound
 * port, plus the host given. A wildcard bind (allowed only with `allowRemote`) adds this
 * machine's interface addresses and hostname, since clients reach it by any of them.
 */
export function servedAuthorities(address: ServedAddress): ReadonlySet<string> {
  const names = new Set(["localhost", address.host, address.boundAddress]);
  if (isUnspecifiedAddress(address.host)) {
    names.add(hostname().toLowerCase());
    for (const entries of Object.values(networkInterfaces())) {
      for (const entry of entries ?? []) names.add(entry.address);
    }
  }
  const authorities = new Set<string>();
  for (const name of names) {
    if (isUnspecifiedAddress(name)) continue; // 0.0.0.0 in a Host header is never us
    const authority = authorityOf(`${isIPv6(name) ? `[${name}]` : name}:${address.port}`);
    if (authority !== undefined) authorities.add(authority);
  }
  return authorities;
}

function shown(value: string): string {
  return JSON.stringify(value.slice(0, 100));
}

export class RequestGuard {
  readonly #authorities: ReadonlySet<string>;
  readonly #auth: BearerAuth;

  constructor(options: { readonly token: string; readonly address: ServedAddress }) {
    this.#authorities = servedAuthorities(options.address);
    this.#auth = new BearerAuth(options.token);
  }

  /** Host and Origin: every request, including the page's own files. */
  admitPage(headers: IncomingHttpHeaders): void {
    const authority = this.#checkHost(headers.host);
    this.#checkOrigin(headers.origin, authority);
  }

  /** Host, Origin and the token: every API request and WebSocket upgrade. */
  admitApi(headers: IncomingHttpHeaders): void {
    this.admitPage(headers);
    this.#auth.check(headers);
  }

  #checkHost(host: string | undefined): string {
    const authority = authorityOf(host);
    if (authority !== undefined && this.#authorities.has(authority)) return authority;
    const served = [...this.#authorities].slice(0, 4).join(", ");
    throw new ElwoodError(
      "host_not_allowed",
      `The request's Host ${host === undefined ? "is missing" : shown(host)}; this server answers only requests addressed to ${served}. Open the exact URL \`elwood serve\` printed (an SSH tunnel must keep the same port).`,
      { details: { host: host?.slice(0, 100) ?? null } },
    );
  }

  // Browsers always send Origin on WebSocket upgrades and non-GET requests; programs
  // need not send one. A present Origin must be the page's own, scheme and authority.
  #checkOrigin(origin: string | undefined, authority: string): void {
    if (origin === undefined || origin === `http://${authority}`) return;
    throw new ElwoodError(
      "origin_not_allowed",
      `Requests from the web origin ${shown(origin)} are refused; only the page this server serves (http://${authority}) may call it.`,
      { details: { origin: origin.slice(0, 100) } },
    );
  }
}
