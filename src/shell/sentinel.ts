// LaunchSentinel (issue 21 item 4, prd/decisions.md "No survivor after a parent
// SIGKILL"): a tiny process that outlives the parent and ends the launch when the
// parent dies. A SIGKILLed parent runs no cleanup, its PTY hangup reaches only the
// processes that still have the terminal, and a tool started with `setsid` or `nohup`
// has not. The sentinel holds the read end of a pipe whose only write end the parent
// holds; EOF means the parent is gone, however it ended.
//
// It is the parent's child in a session and process group of its own, never the
// agent's descendant, so ending the launch's group or tag does not end it. A process of
// the same user can still kill it; if that happens while the session is live, a new
// one takes its place.

import { type ChildProcess, spawn } from "node:child_process";
import { Socket } from "node:net";
import { ElwoodError } from "../errors.js";
import { SENTINEL_SCRIPT, SENTINEL_TAG_ENV } from "./sentinel-script.js";

/** A fixed PATH: nothing in the caller's (or agent's) environment picks the tools it runs. */
const SENTINEL_PATH = "/usr/bin:/bin:/usr/sbin:/sbin";
const SHELL = "/bin/sh";
/** A sentinel that dies sooner than this after its start is not replaced (it cannot run here). */
const MIN_LIFETIME_FOR_RESPAWN_MS = 1_000;

export interface LaunchSentinelOptions {
  /** The launch's ELWOOD_LAUNCH_TAG value (32 hex digits). */
  readonly launchTag: string;
}

export class LaunchSentinel {
  readonly #launchTag: string;
  #child: ChildProcess | undefined;
  #startedAt = 0;
  #group: number | undefined;
  #isReleased = false;

  private constructor(launchTag: string) {
    this.#launchTag = launchTag;
  }

  /** Starts the sentinel; it does nothing until the parent dies or releases it. */
  static start(options: LaunchSentinelOptions): LaunchSentinel {
    if (!/^[0-9a-f]{32}$/.test(options.launchTag)) {
      throw new ElwoodError("invalid_options", "A launch tag must be 32 lowercase hex digits.", {
        details: { option: "launchTag" },
      });
    }
    const sentinel = new LaunchSentinel(options.launchTag);
    sentinel.#spawn();
    return sentinel;
  }

  /** The current sentinel process's pid (undefined once released, or if none could start). */
  get pid(): number | undefined {
    return this.#isReleased ? undefined : this.#child?.pid;
  }

  /** Names the launch's process group (the PTY leader's pid), SIGKILLed with the tag. */
  watchGroup(pgid: number): void {
    if (!Number.isInteger(pgid) || pgid <= 1) {
      throw new ElwoodError("invalid_options", `A process group id must be above 1; got ${pgid}.`, {
        details: { pid: pgid },
      });
    }
    this.#group = pgid;
    this.#send(`group ${pgid}\n`);
  }

  /**
   * The launch was reaped normally: the sentinel exits without signalling anything, so
   * a process group id the OS reuses later is never touched. Idempotent.
   */
  release(): void {
    if (this.#isReleased) return;
    this.#isReleased = true;
    const child = this.#child;
    this.#child = undefined;
    if (child === undefined) return;
    child.removeAllListeners("exit");
    child.stdin?.end("release\n");
  }

  #spawn(): void {
    let child: ChildProcess;
    try {
      child = spawn(SHELL, ["-c", SENTINEL_SCRIPT], {
        cwd: "/",
        detached: true,
        stdio: ["pipe", "ignore", "ignore"],
        env: { PATH: SENTINEL_PATH, LC_ALL: "C", [SENTINEL_TAG_ENV]: this.#launchTag },
      });
    } catch {
      return; // No sentinel: the normal reap paths still apply.
    }
    this.#child = child;
    this.#startedAt = Date.now();
    // Neither the child nor its pipe may keep the parent's event loop alive.
    child.unref();
    if (child.stdin instanceof Socket) child.stdin.unref();
    child.stdin?.on("error", () => {
      // The sentinel is gone (EPIPE); its exit handler decides what happens next.
    });
    child.on("error", () => {
      // spawn failed asynchronously (ENOENT, EAGAIN): no sentinel for this launch.
      if (this.#child === child) this.#child = undefined;
    });
    child.once("exit", () => this.#onUnexpectedExit(child));
    if (this.#group !== undefined) this.#send(`group ${this.#group}\n`);
  }

  // Killed while the session is live (by a process of the same user): start another,
  // unless it died at once, which means it cannot run here at all.
  #onUnexpectedExit(child: ChildProcess): void {
    if (this.#isReleased || this.#child !== child) return;
    this.#child = undefined;
    if (Date.now() - this.#startedAt < MIN_LIFETIME_FOR_RESPAWN_MS) return;
    this.#spawn();
  }

  #send(line: string): void {
    const stdin = this.#child?.stdin;
    if (stdin === undefined || stdin === null || stdin.destroyed) return;
    stdin.write(line);
  }
}
