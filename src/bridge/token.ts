// The per-launch bridge credential: 256 random bits as hex, held only in memory and in
// the CLI's environment, compared in constant time (prd/internals.md "bridge/").

import { randomBytes, timingSafeEqual } from "node:crypto";

/** A fresh 64-hex-character token. */
export function createHookToken(): string {
  return randomBytes(32).toString("hex");
}

/** Constant-time check of a request's token header against the expected token. */
export function isTokenMatch(expected: Buffer, given: string | string[] | undefined): boolean {
  // A repeated header arrives as an array (or joined); either way it is not our token.
  if (typeof given !== "string") return false;
  const candidate = Buffer.from(given, "utf8");
  if (candidate.length !== expected.length) return false;
  return timingSafeEqual(candidate, expected);
}
