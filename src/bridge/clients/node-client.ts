// The fallback command-hook client for machines whose bash lacks /dev/tcp: the same
// protocol as the bash client, in plain CommonJS for `node -e '<text>' <EventName>`. It
// trims trailing newlines and caps the body exactly as the bash client does, so both
// clients send, and refuse, the same bytes. Always exits 0; failures print nothing.

import { clientDeadlineSeconds, MAX_HOOK_REQUEST_BYTES } from "../limits.js";
import type { HookClientScriptOptions } from "./bash-client.js";

/** The Node client's source text; it runs inline as `node -e '<text>' <Event>`. */
export function nodeHookClientScript(options: HookClientScriptOptions): string {
  const maxBytes = options.maxRequestBytes ?? MAX_HOOK_REQUEST_BYTES;
  const deadlineMs = clientDeadlineSeconds(options.hookTimeoutMs) * 1000;
  return `"use strict";
// Elwood hook client (generated per launch; do not edit). Fallback for bash without /dev/tcp.
const http = require("node:http");
const MAX = ${maxBytes};
const DEADLINE_MS = ${deadlineMs};
// With -e there is no script path: argv is [node, <EventName>].
const event = process.argv[1] || "";
const port = process.env.ELWOOD_HOOK_PORT || "";
const token = process.env.ELWOOD_HOOK_TOKEN || "";
const finish = (text) => {
  if (text) process.stdout.write(text, () => process.exit(0));
  else process.exit(0);
};
process.on("uncaughtException", () => process.exit(0));
if (!/^[A-Za-z0-9_]+$/.test(event) || !/^[0-9]+$/.test(port) || !/^[0-9a-f]+$/.test(token)) finish();
setTimeout(() => finish(), DEADLINE_MS);
// Like the bash client's \`head -c\`, keep at most one byte past the cap.
const LIMIT = MAX + 1;
const chunks = [];
let size = 0;
let isRead = false;
const onInput = () => {
  if (isRead) return;
  isRead = true;
  const all = Buffer.concat(chunks, size);
  let end = size;
  while (end > 0 && all[end - 1] === 10) end -= 1;
  if (end > MAX) return finish();
  send(all.subarray(0, end));
};
process.stdin.on("data", (chunk) => {
  if (isRead) return;
  const part = chunk.subarray(0, LIMIT - size);
  chunks.push(part);
  size += part.length;
  if (size >= LIMIT) {
    process.stdin.destroy();
    onInput();
  }
});
process.stdin.on("error", () => finish());
process.stdin.on("end", onInput);
function send(body) {
  const request = http.request({
    host: "127.0.0.1", port: Number(port), method: "POST", path: "/hooks/" + event, agent: false,
    headers: { "content-type": "application/json", "content-length": body.length, "x-elwood-token": token, "x-elwood-pid": String(process.pid) },
  }, (response) => {
    if (response.statusCode !== 200) return finish();
    const parts = [];
    response.on("data", (part) => parts.push(part));
    response.on("end", () => finish(response.complete ? Buffer.concat(parts).toString("utf8") : ""));
    response.on("error", () => finish());
  });
  request.on("error", () => finish());
  request.end(body);
}
`;
}
