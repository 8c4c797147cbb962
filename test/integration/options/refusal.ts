// The options fuzz's check: a call fails with its typed ElwoodError while nothing was
// spawned (see spawn-spy.ts) and nothing was written in a fresh project folder.
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { ElwoodError } from "../../../src/errors.js";
import { spawnAttempts } from "./spawn-spy.js";

export interface FuzzProject {
  /** Valid base options: the project as cwd, a state dir that must never appear. */
  readonly base: {
    readonly cwd: string;
    readonly stateDir: string;
    readonly env: Record<string, string>;
  };
  expectRefused(call: () => unknown, expected: string): Promise<void>;
  remove(): void;
}

export function fuzzProject(): FuzzProject {
  const project = mkdtempSync(path.join(os.tmpdir(), "elwood-fuzz-"));
  const stateDir = path.join(project, "state");
  return {
    base: { cwd: project, stateDir, env: { PATH: "/nonexistent-elwood-fuzz" } },
    async expectRefused(call, expected) {
      spawnAttempts.length = 0;
      const error = await failureOf(call);
      expect(error).toBeInstanceOf(ElwoodError);
      expect((error as ElwoodError).name).toBe(expected);
      expect(spawnAttempts).toEqual([]);
      expect(existsSync(stateDir)).toBe(false);
      expect(readdirSync(project)).toEqual([]);
    },
    remove: () => rmSync(project, { recursive: true, force: true }),
  };
}

/** What `call` threw or rejected with (undefined if neither); async iterables are drained. */
async function failureOf(call: () => unknown): Promise<unknown> {
  try {
    const result = call();
    if (result !== null && typeof result === "object" && Symbol.asyncIterator in result) {
      for await (const _ of result as AsyncIterable<unknown>) {
        // drain
      }
    } else {
      await result;
    }
    return undefined;
  } catch (error) {
    return error;
  }
}

/** A value as a short test-title fragment. */
export const shown = (value: unknown): string =>
  typeof value === "function" ? "a function" : (JSON.stringify(value) ?? String(value));
