// One headless run (spec §5.3): start or resume, an optional persona turn whose reply is
// discarded, the prompt's turn reported as it arrives, and cleanup exactly once. A
// timeout, an interrupt, a blocking prompt or the agent exiting early ends the run with
// its own status; a cleanup failure never replaces it and turns a success into 1.
import { ElwoodError } from "../../index.js";
import { POSTURE_FLAGS } from "../agents/registry.js";
import { describeError, EXIT, exitCodeFor } from "../exit-codes.js";
import type { StderrReporter } from "../io/stderr.js";
import type { CleanupOutcome, RunError, RunEvent, RunOutcome, RunSink } from "../output/sink.js";
import { watchBlockingPrompts } from "./block-policy.js";
import { createSession, type LaunchPlan, type RunnableSession } from "./create-session.js";
import type { HeadMirror } from "./head-mirror.js";
import { lockSession } from "./session-lock.js";
import type { InterruptSource } from "./signals.js";

export interface RunPlan extends LaunchPlan {
  readonly prompt: string;
  readonly persona: string | undefined;
  readonly timeoutMs: number | undefined;
  /** Keep state for resume (default) or tear it down (`--ephemeral`). */
  readonly keep: boolean;
  /** Absolute image paths attached, in order, to the prompt's turn. */
  readonly images: readonly string[];
}

export interface RunContext {
  readonly sink: RunSink;
  readonly stderr: StderrReporter;
  readonly interrupts: InterruptSource;
  /** Set when stdout's consumer went away; the run ends cleanly with status 0. */
  readonly onConsumerClosed: (listener: () => void) => void;
  /** Forward warnings to stderr (not in JSONL mode, which records them). */
  readonly warningsOnStderr: boolean;
  /** `--head`: the agent's screen mirrored to stderr for the run. */
  readonly head?: HeadMirror;
}

interface Failure {
  readonly error: RunError;
  readonly exitCode: number;
}

const INTERRUPT_TIMEOUT_MS = 5_000;
const TERMINAL = new Set(["exited", "stopped", "killed", "torn_down"]);

export async function executeRun(plan: RunPlan, context: RunContext): Promise<RunOutcome> {
  const { sink, stderr } = context;
  const startedAt = performance.now();
  const elapsed = () => performance.now() - startedAt;
  let failure: Failure | undefined;
  let signalFailure: () => void = () => undefined;
  const failed = new Promise<void>((resolve) => {
    signalFailure = resolve;
  });
  const fail = (next: Failure) => {
    if (failure !== undefined) return;
    failure = next;
    signalFailure();
  };

  let chain = Promise.resolve();
  const emit = (event: RunEvent) => {
    const at = elapsed();
    stderr.debug(`${Math.round(at)} ms ${JSON.stringify(event)}`);
    chain = chain.then(() => sink.event(event, at)).catch(() => undefined);
  };

  const session = createSession(plan);
  context.head?.attach(session, (message) =>
    fail({ error: { code: "head_backlog_exceeded", message }, exitCode: EXIT.failure }),
  );
  let cleaningUp = false;
  const texts: string[] = [];
  session.on("status", ({ status }) => {
    stderr.setState(status);
    emit({ type: "status", status });
  });
  const stopBlockWatch = watchBlockingPrompts(session, {
    onBlocked: () => fail(blockedPrompt(session)),
    onStartupBlock: () => stderr.info("a start-up prompt is showing; waiting for its answer"),
  });
  session.on("warning", (warning) => {
    emit({ type: "warning", code: warning.code, message: warning.message });
    if (context.warningsOnStderr) stderr.info(`warning ${warning.code}: ${warning.message}`);
  });
  session.on("terminal:exit", (exit) => {
    if (!cleaningUp) fail(agentExited(plan, exit.exitCode, exit.signal));
  });
  context.onConsumerClosed(() =>
    fail({ error: { code: "consumer_closed", message: "stdout was closed" }, exitCode: EXIT.ok }),
  );

  let interrupts = 0;
  const stopInterrupts = context.interrupts.onInterrupt(() => {
    interrupts++;
    if (interrupts === 1) {
      stderr.info("interrupted; stopping the agent (press Ctrl-C again to kill it)");
      fail({
        error: { code: "interrupted", message: "Interrupted by SIGINT." },
        exitCode: EXIT.interrupted,
      });
    } else {
      void session.kill().catch(() => undefined);
    }
  });
  const timer =
    plan.timeoutMs === undefined
      ? undefined
      : setTimeout(
          () =>
            fail({
              error: {
                code: "timeout",
                message: `The run did not finish within ${plan.timeoutMs} ms (--timeout); the agent was stopped.`,
              },
              exitCode: EXIT.timeout,
            }),
          plan.timeoutMs,
        );

  let release: (() => Promise<void>) | undefined;
  let sessionId: string | null = null;
  stderr.startProgress(plan.agent);
  const work = (async () => {
    if (plan.resumeId !== undefined) release = await lockSession(plan.stateDir, plan.resumeId);
    stderr.info(`starting ${plan.agent} in ${plan.cwd}`);
    await session.start();
    sessionId = session.session?.elwoodSessionId ?? null;
    if (plan.resumeId === undefined && sessionId !== null) {
      release = await lockSession(plan.stateDir, sessionId);
    }
    // A timeout or interrupt during launch: type nothing into the agent.
    if (failure !== undefined) return;
    stderr.info(`${plan.agent} ready after ${Math.round(elapsed())} ms`);
    if (plan.persona !== undefined && plan.resumeId === undefined) {
      for await (const _ of session.stream(plan.persona)) {
        // The persona turn sets the agent up; its reply is not the answer.
      }
      if (failure !== undefined) return;
    }
    const images = plan.images.map((image) => ({ path: image }));
    const turn =
      images.length === 0 ? session.stream(plan.prompt) : session.stream(plan.prompt, { images });
    for await (const event of turn) {
      if (failure !== undefined) break;
      if (event.type === "text") texts.push(event.text);
      if (event.type === "tool_call") {
        stderr.setTool(event.name);
        stderr.info(`tool ${event.name}`);
      }
      if (event.type === "tool_result") stderr.setTool(undefined);
      emit(toRunEvent(event));
    }
    if (failure === undefined && TERMINAL.has(session.status)) {
      fail(agentExited(plan, undefined, undefined));
    }
  })();
  work.catch((error: unknown) =>
    fail({ error: describeError(error), exitCode: exitCodeFor(error) }),
  );
  await Promise.race([
    work.then(
      () => undefined,
      () => undefined,
    ),
    failed,
  ]);
  if (timer !== undefined) clearTimeout(timer);
  stopBlockWatch();

  cleaningUp = true;
  // Read before cleanup: the session's total is that of the run's turns.
  const usage = session.usage;
  const cleanup = await cleanUp(session, plan, failure, stderr);
  await release?.();
  stopInterrupts();
  await chain;
  stderr.stopProgress();
  let exitCode = failure?.exitCode ?? EXIT.ok;
  let error = failure?.error;
  if (error?.code === "consumer_closed") error = undefined;
  if (cleanup.status === "failed" && exitCode === EXIT.ok && failure === undefined) {
    exitCode = EXIT.failure;
    error = {
      code: cleanup.error?.code ?? "teardown_failed",
      message: `Cleanup failed: ${cleanup.error?.message}`,
    };
  }
  return {
    exitCode,
    agent: plan.agent,
    response: texts.join("\n\n"),
    sessionId,
    durationMs: elapsed(),
    cleanup,
    ...(usage === undefined ? {} : { usage }),
    ...(error === undefined ? {} : { error }),
  };
}

async function cleanUp(
  session: RunnableSession,
  plan: RunPlan,
  failure: Failure | undefined,
  stderr: StderrReporter,
): Promise<CleanupOutcome> {
  if (session.session === undefined && session.status === "starting" && failure === undefined) {
    return { status: "none" };
  }
  try {
    if (failure?.error.code === "interrupted") {
      await session.interrupt({ timeoutMs: INTERRUPT_TIMEOUT_MS }).catch(() => undefined);
    }
    stderr.info(plan.keep ? "stopping the agent (state kept)" : "tearing the session down");
    if (!plan.keep) await session.teardown();
    else if (failure === undefined || failure.error.code === "interrupted")
      await stopOrKill(session);
    else await session.kill();
    if (session.session === undefined) return { status: "none" };
    return { status: plan.keep ? "kept" : "torn_down" };
  } catch (error) {
    return { status: "failed", error: describeError(error) };
  }
}

async function stopOrKill(session: RunnableSession): Promise<void> {
  try {
    await session.stop();
  } catch {
    await session.kill();
  }
}

function toRunEvent(event: import("../../index.js").ElwoodStreamEvent): RunEvent {
  switch (event.type) {
    case "text":
      return { type: "text", text: event.text };
    case "thinking":
      return { type: "thinking", text: event.text };
    case "tool_call":
    case "tool_result": {
      const id = sanitizedToolCallId(event.toolCallId);
      return {
        type: "tool",
        phase: event.type === "tool_call" ? "call" : "result",
        name: event.name,
        ...(id === undefined ? {} : { toolCallId: id }),
      };
    }
  }
}

// Ids are the agent's own (toolu_…, call_…); anything else is dropped, never echoed.
function sanitizedToolCallId(id: string | undefined): string | undefined {
  return id !== undefined && /^[A-Za-z0-9_.:-]{1,128}$/.test(id) ? id : undefined;
}

function blockedPrompt(session: RunnableSession): Failure {
  const decision = [...session.statusDecisions()].reverse().find((item) => item.to === "blocked");
  const label = decision?.evidence ?? "an unrecognized prompt";
  const id = session.session?.elwoodSessionId;
  const error = new ElwoodError(
    "blocked_prompt",
    `The agent stopped at a prompt Elwood does not answer for you (${label}). Answer it with \`elwood interactive${id === undefined ? "" : ` ${id}`}\`, or choose a posture that avoids it (${["--high-trust", ...POSTURE_FLAGS.map((flag) => `--${flag}`)].join(", ")}).`,
  );
  return { error: describeError(error), exitCode: EXIT.failure };
}

function agentExited(
  plan: RunPlan,
  exitCode: number | undefined,
  signal: number | undefined,
): Failure {
  const how =
    signal !== undefined && signal !== 0
      ? `was ended by signal ${signal}`
      : exitCode === undefined
        ? "exited"
        : `exited with code ${exitCode}`;
  const error = new ElwoodError(
    "agent_exited",
    `${plan.agent} ${how} before the turn finished; run it yourself (\`elwood interactive\`) to see why.`,
  );
  return { error: describeError(error), exitCode: EXIT.failure };
}
