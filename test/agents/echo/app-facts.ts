// What the apps know of the echo agent (src/core/launch/app-facts.ts): a signature the
// elwood CLI sets with --echo-signature, a `shout` switch serve takes, and its own command
// line for `elwood interactive`. It has no efforts, approvals or usage errors.
import type { AgentAppFacts } from "../../../src/core/launch/app-facts.js";

export const echoAppFacts = {
  id: "echo",
  displayName: "Echo",
  installHint: "the echo agent ships with Elwood's tests",
  highTrustSummary: "Echo: nothing",
  reasoningEfforts: [],
  postureSettings: [
    {
      option: "signature",
      flag: "echo-signature",
      env: "ELWOOD_ECHO_SIGNATURE",
      configKey: "signature",
      valueLabel: "tag",
      help: "Echo: a tag appended to every reply.",
    },
  ],
  servedFields: [{ name: "shout", kind: "boolean" }],
  usageErrorNames: [],
  interactiveArgv: (launch) => [
    launch.binary,
    ...(launch.resumeId === undefined ? [] : ["--resume", launch.resumeId]),
    ...(launch.posture.signature === undefined ? [] : ["--sign", launch.posture.signature]),
  ],
} as const satisfies AgentAppFacts;
