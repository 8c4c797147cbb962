// Per-file wiring for the real-CLI e2e files: one call registers the cleanup after each
// test and the process-leak check after all, and hands back the per-test fixture maker.
import { afterAll, afterEach, expect } from "vitest";
import { type ClaudeFixture, claudeFixture, type FixtureOptions } from "./claude-e2e.js";
import { survivorsInHome } from "./process-table.js";

/** Makes one test's fixture; per-call options override the file's defaults. */
export type MakeFixture = (options?: FixtureOptions) => Promise<ClaudeFixture>;

/**
 * Call once at the top of a test file. After each test, everything the test's fixtures
 * deferred runs, last first; after all tests, nothing started with any of the file's
 * agent homes may still be alive (found by HOME, so re-parented processes count).
 */
export function useRealCliFixture(defaults: FixtureOptions = {}): MakeFixture {
  const cleanups: (() => Promise<void> | void)[] = [];
  const homes: string[] = [];

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  afterAll(async () => {
    const leaked: string[] = [];
    for (const home of homes) leaked.push(...(await survivorsInHome(home)));
    expect(leaked).toEqual([]);
  });

  return async (options = {}) => {
    const fx = await claudeFixture(cleanups, { ...defaults, ...options });
    homes.push(fx.home.home);
    return fx;
  };
}

/** What the session classes take from a fixture: its workspace, agent home and state dir. */
interface FixtureSessionOptions {
  readonly cwd: string;
  readonly env: Record<string, string>;
  readonly stateDir: string;
  readonly autotrust?: boolean;
}

/**
 * A session class (`ClaudeSession`, `CodexSession`) on the fixture's workspace, home and
 * state dir, killed when the test ends; `autotrust` for a workspace the home does not trust.
 */
export function sessionOnFixture<S extends { kill(): Promise<void> }>(
  fx: ClaudeFixture,
  SessionClass: new (options: FixtureSessionOptions) => S,
  options: { readonly autotrust?: boolean } = {},
): S {
  const session = new SessionClass({
    cwd: fx.workspace,
    env: fx.home.env,
    stateDir: fx.stateDir,
    ...options,
  });
  fx.defer(() => session.kill().catch(() => undefined));
  return session;
}
