// The page's files (built into dist/web by `npm run build`), served without the token:
// the page needs to load before it can read the token from the URL fragment, and holds
// no session data itself. Only plain file names directly in the web root are served.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ElwoodError } from "../index.js";

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
};

// The page may run only its own script and style and talk only to this server.
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; font-src 'self' data:; base-uri 'none'; frame-ancestors 'none'";

/** dist/web of this package, found from this module whether it runs from src or dist. */
export function defaultWebRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 5; depth += 1) {
    if (existsSync(join(dir, "package.json"))) return join(dir, "dist", "web");
    dir = dirname(dir);
  }
  return join(dirname(fileURLToPath(import.meta.url)), "..", "web");
}

/**
 * Maps a URL path to a file path relative to the web root (index.html or assets/<name>),
 * or undefined when it is not a page file.
 */
export function assetNameOf(pathname: string): string | undefined {
  if (pathname === "/" || pathname === "/index.html") return "index.html";
  const match = /^\/assets\/([A-Za-z0-9_-][A-Za-z0-9_.-]{0,100})$/.exec(pathname);
  if (match?.[1] === undefined || match[1].includes("..")) return undefined;
  return CONTENT_TYPES[extname(match[1])] === undefined ? undefined : `assets/${match[1]}`;
}

export async function serveAsset(
  response: ServerResponse,
  webRoot: string,
  name: string,
): Promise<void> {
  let body: Buffer;
  try {
    body = await readFile(join(webRoot, name));
  } catch (cause) {
    throw new ElwoodError(
      "route_not_found",
      name === "index.html"
        ? `The web page is not built (no ${join(webRoot, name)}); run \`npm run build\`.`
        : `No page asset named ${name}.`,
      { cause },
    );
  }
  response.writeHead(200, {
    "content-type": CONTENT_TYPES[extname(name)] ?? "application/octet-stream",
    "content-length": body.length,
    "cache-control": "no-cache",
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
  });
  response.end(body);
}
