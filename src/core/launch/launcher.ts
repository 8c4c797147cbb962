// The startup sequence shared by every adapter (lifecycle §1.1–§1.4): platform, CLI
// version through the login shell, session record, hook bridge, generated config, PTY
// in the login shell, then an early-failure window. Everything after the bridge exists
// runs inside one cleanup boundary: a failure tears it all down and keeps its error.
import type { HookEventBase } from "../../bridge/catalogue.js";
import { bashHasDevTcp } from "../../bridge/clients/probe.js";
import { createHookDispatcher } from "../../bridge/dispatcher.js";
import { handlerTimeoutsOf } from "../../bridge/handler-timeout.js";
import { withLoopbackNoProxy } from "../../bridge/proxy-env.js";
import { declaredHookEvents, hookRegistration } from "../../bridge/registration.js";
import { HookBridgeServer } from "../../bridge/server.js";
import { type AutoupdateOutcome, autoupdateCli } from "../../shell/autoupdate.js";
import { loginShellCommand, resolveLoginShell } from "../../shell/login-shell.js";
import { assertSupportedPlatform } from "../../shell/platform.js";
import { probeCliHelp } from "../../shell/probe.js";
import { reapProcessGroup } from "../../shell/reap.js";
import { LaunchSentinel } from "../../shell/sentinel.js";
import { killTaggedProcesses, LAUNCH_TAG_ENV, newLaunchTag } from "../../shell/tagged-processes.js";
import type { LoopDefinition } from "../../state/loop-sidecar.js";
import type { SessionRecord } from "../../state/record.js";
import type { StateStore } from "../../state/state-store.js";
import { observeWrites, type PtyProcess, spawnPty } from "../../terminal/pty-process.js";
import { lowerSessionPriority } from "../../terminal/session-priority.js";
import { ElwoodTerminal } from "../../terminal/terminal.js";
import { SessionClock } from "../context/clock.js";
import type { AgentAdapter } from "../contract/adapter.js";
import type { ElwoodTerminalSize } from "../contract/status.js";
import { SessionRuntime } from "../runtime/runtime.js";
import { bootstrapSize } from "../runtime/runtime-support.js";
import { TranscriptHub } from "../runtime/transcript-hub.js";
import { waitForEarlyFailure } from "./early-failure.js";
import { hooksElwoodActsOn } from "./hook-needs.js";
import type { SessionConfig } from "./session-options.js";
import { checkCliVersion, updateFailedWarning } from "./version-gate.js";

export interface LaunchSessionOptions<Options, Handlers, Event extends HookEventBase, Posture> {
  readonly adapter: AgentAdapter<Options, Handlers, Event, Posture>;
  readonly config: SessionConfig<Options, Handlers, Posture>;
  readonly store: StateStore;
  readonly record: SessionRecord<Posture>;
  readonly isResume: boolean;
  /** Loop definitions restored from a validated sidecar (resume only). */
  readonly loops?: readonly LoopDefinition[];
  readonly observe?: RuntimeObserver<Event> | undefined;
}

/** Sees the runtime as soon as it exists, before its first event (early listeners). */
export interface RuntimeObserver<Event extends HookEventBase> {
  (runtime: SessionRuntime<Event>): void;
  /** Whether a listener for hook `eventName` is there at start (registers listener-only hooks). */
  readonly listensTo?: (eventName: string) => boolean;
}

export async function launchSession<Options, Handlers, Event extends HookEventBase, Posture>(
  launch: LaunchSessionOptions<Options, Handlers, Event, Posture>,
): Promise<SessionRuntime<Event>> {
  assertSupportedPlatform();
  const { store, record, config } = launch;
  const { env, executable } = config;
  await launch.adapter.refuseLaunch?.(env, record.cwd);
  const shell = resolveLoginShell();
  // How every probe (update, --version, --help) runs the CLI: through the login shell.
  const cli = {
    binary: launch.adapter.binary,
    errorNames: launch.adapter.errorNames,
    ...(executable === undefined ? {} : { executable }),
    cwd: record.cwd,
    env: launch.adapter.probeEnv === undefined ? env : { ...env, ...launch.adapter.probeEnv },
    shell,
  };
  // `<cli> update` runs before the version gate; a CLI with no update command runs nothing.
  const update = config.autoupdate ? await updateCli(cli, launch.adapter.updateCommand) : undefined;
  const preflight = await checkCliVersion(cli, launch.adapter, config.strictVersionCheck);
  // Every frame is read with the facts of the version this session runs.
  const adapter = withCliVersion(launch.adapter, preflight.version);

  await store.prepareSession(record.elwoodSessionId);
  await store.writeRecord(record);

  // A handler that waits for a human (approvals) carries its own deadline for its event.
  const hookTimeoutsByEvent = handlerTimeoutsOf(config.hooks);
  // Decisions are declared at start: only these events make the CLI wait (issue 44).
  const registration = hookRegistration({
    mode: config.hookEvents,
    declared: declaredHookEvents(config.hooks),
    needed: hooksElwoodActsOn(adapter),
    listenerOnly: adapter.listenerOnlyHooks ?? [],
    isListened: (eventName) => launch.observe?.listensTo?.(eventName) === true,
  });
  const unregistered = (adapter.listenerOnlyHooks ?? []).filter(
    (eventName) => !registration.isRegistered(eventName),
  );
  let observeOnly: ReadonlySet<string> = new Set();
  const dispatcher = createHookDispatcher<Handlers, Event>({
    catalogue: adapter.hooks,
    getHandlers: () => config.hooks,
    hookTimeoutMs: config.hookTimeoutMs,
    hookTimeoutsByEvent,
    isObserveOnly: (eventName) => observeOnly.has(eventName),
    unregistered: () => unregistered,
  });
  const bridge = await HookBridgeServer.start({ sink: dispatcher });
  const cleanup: Array<() => Promise<void> | void> = [() => bridge.close()];
  // Set once it exists: a failed start kills it before the rest is released.
  let started: SessionRuntime<Event> | undefined;
  try {
    // The bash client over /dev/tcp where bash has it, else the Node client; either way
    // the hook commands carry the program inline (prd/bridge.md).
    const commandClientKind = (await bashHasDevTcp()) ? "bash" : "node";
    const plan = await adapter.planLaunch({
      options: config.launch,
      record,
      isResume: launch.isResume,
      env,
      cliVersion: preflight.version,
      bridge: {
        port: bridge.port,
        commandClientKind,
        hookTimeoutMs: config.hookTimeoutMs,
        hookTimeoutsByEvent,
        isBlocking: registration.isBlocking,
        isRegistered: registration.isRegistered,
      },
      cliHelp: () => probeCliHelp(cli),
      writeRuntimeFile: (name, text) => store.writeRuntimeFile(record.elwoodSessionId, name, text),
    });
    observeOnly = new Set(plan.observeOnlyHookEvents ?? []);
    const argv = executable === undefined ? plan.argv : [executable, ...plan.argv.slice(1)];
    const command = loginShellCommand({ shell, argv });
    const bootSize = bootstrapSize(adapter.bootstrapMinCols, config.initialSize);
    // Tool commands run in process groups of their own; the tag finds them (and any the
    // CLI left behind when it died) when the session ends. The sentinel does the same if
    // this process dies first, SIGKILL included; the normal reap releases it.
    const launchTag = newLaunchTag();
    const sentinel = LaunchSentinel.start({ launchTag });
    cleanup.push(() => sentinel.release());
    const reapSession = (pid: number): boolean => {
      killTaggedProcesses(launchTag);
      const existed = reapProcessGroup(pid);
      sentinel.release();
      return existed;
    };
    const pty = spawnPty({
      ...command,
      ...bootSize,
      cwd: record.cwd,
      // Loopback bypasses any proxy: Claude's http hooks (and their token) must never
      // go through a user's HTTP(S)_PROXY.
      env: withLoopbackNoProxy({
        ...withoutNames(env, plan.withoutEnv),
        ...plan.env,
        ...bridge.environment(),
        ELWOOD_SESSION_ID: record.elwoodSessionId,
        [LAUNCH_TAG_ENV]: launchTag,
      }),
    });
    sentinel.watchGroup(pty.pid);
    // Under many sessions the CLIs would otherwise starve this process of CPU, and with
    // it every hook they wait on (terminal/session-priority.ts).
    lowerSessionPriority(pty.pid);
    // From here on each hook is admitted only from the process meant to send it, and
    // only for a conversation this session announced (prd/bridge.md "Peer check").
    const commandEvents = plan.commandHookEvents;
    bridge.admitOnlyPeersOf({
      cliPid: pty.pid,
      clientKind: commandClientKind,
      hookTimeoutMs: config.hookTimeoutMs,
      hookTimeoutsByEvent,
      isCommandEvent: (name) => commandEvents === "all" || commandEvents.includes(name),
    });
    cleanup.push(() => {
      try {
        pty.kill("SIGKILL");
      } catch {
        // Already gone; the reap below is what counts.
      }
      reapSession(pty.pid);
    });
    const written = observeWrites(pty);
    const terminal = new SessionTerminal({ pty: written.pty, size: bootSize });
    cleanup.push(() => terminal.dispose());
    const clock = new SessionClock(config.time);
    const transcript = new TranscriptHub({
      clock,
      skipExistingContent: launch.isResume,
      createMapper: () => adapter.createTranscriptMapper(),
    });
    cleanup.push(() => transcript.stop());
    const runtime = new SessionRuntime<Event>({
      adapter: adapter as AgentAdapter<unknown, unknown, Event>,
      elwoodSessionId: record.elwoodSessionId,
      cwd: record.cwd,
      clock,
      autotrust: config.autotrust,
      isResume: launch.isResume,
      composerWaitMs: config.composerWaitMs,
      terminal,
      process: pty,
      transcript,
      bridge,
      reap: reapSession,
      requestedSize: config.initialSize,
      env,
      loops: {
        restored: launch.loops ?? [],
        writeLoops: (loops) => store.writeLoops(record.elwoodSessionId, loops),
      },
      state: {
        persistAgentSessionId: (agentSessionId) =>
          store
            .writeRecord({ ...record, resume: { ...record.resume, agentSessionId } })
            .then(() => undefined),
        removeLoops: () => store.removeLoops(record.elwoodSessionId),
        removeSession: async () =>
          (await store.removeSession(adapter.agent, record.elwoodSessionId)).skipped,
      },
    });
    started = runtime;
    // Both exist now: the bridge, the transcript and the PTY's writes report to the runtime.
    // Nothing reached them before: the CLI was spawned in this same tick.
    dispatcher.connect(runtime.hookSink());
    transcript.connect(runtime);
    // Every write to the PTY is the session's `terminal:input` event, raw keys included.
    written.onWrite((data) => runtime.context.events.emitTerminalInput(data));
    bridge.expectConversation({
      id: () => runtime.recorder.agentSessionId,
      announcedBy: adapter.signals.sessionStartHook,
      ...(adapter.hooks.rawSessionIdOf === undefined
        ? {}
        : { sessionIdOf: adapter.hooks.rawSessionIdOf }),
    });
    launch.observe?.(runtime);
    if (plan.transcriptPath !== undefined) transcript.follow(plan.transcriptPath);
    await waitForEarlyFailure(adapter, runtime.context);
    // Preflight warnings are delivered after start resolves, outside the boundary (C-API-14).
    setImmediate(() => {
      const { events } = runtime.context;
      for (const warning of preflight.warnings) events.emitWarning(warning);
      if (update?.kind === "failed") {
        events.emitWarning(updateFailedWarning(adapter, update, preflight.version));
      }
    });
    return runtime;
  } catch (error) {
    await started?.shutdown.request("kill").catch(() => undefined);
    for (const step of cleanup.reverse()) {
      try {
        await step();
      } catch {
        // The original startup error wins over any cleanup error (§1.4).
      }
    }
    throw error;
  }
}

function updateCli(
  cli: Omit<Parameters<typeof autoupdateCli>[0], "updateArgs">,
  updateCommand: readonly string[] | undefined,
): Promise<AutoupdateOutcome> {
  if (updateCommand === undefined) {
    return Promise.resolve({
      kind: "failed",
      exitCode: null,
      errno: "no_update_command",
      stderr: "",
    });
  }
  return autoupdateCli({ ...cli, updateArgs: updateCommand });
}

// Raw bytes from sendKeys go to the PTY untouched; strings take the terminal input path.
class SessionTerminal extends ElwoodTerminal {
  readonly #pty: PtyProcess;

  constructor(options: { readonly pty: PtyProcess; readonly size: ElwoodTerminalSize }) {
    super(options);
    this.#pty = options.pty;
  }

  override sendInput(data: string | Uint8Array): void {
    if (typeof data === "string") super.sendInput(data);
    else this.#pty.write(data);
  }
}

function withCliVersion<A extends Pick<AgentAdapter<unknown, unknown>, "readScreen">>(
  adapter: A,
  cliVersion: string | undefined,
): A {
  if (cliVersion === undefined) return adapter;
  return { ...adapter, readScreen: (frame) => adapter.readScreen({ ...frame, cliVersion }) };
}

/** `env` without the variables a launch plan removes. */
function withoutNames(
  env: Readonly<Record<string, string | undefined>>,
  names: readonly string[] | undefined,
): Record<string, string | undefined> {
  if (names === undefined || names.length === 0) return { ...env };
  const removed = new Set(names);
  return Object.fromEntries(Object.entries(env).filter(([name]) => !removed.has(name)));
}
