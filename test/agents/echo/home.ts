// The echo agent's home in the offline kit: its conversations folder inside the home
// (ECHO_AGENT_HOME). It talks to no model server, so it needs no API dialect.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { AgentHomeDialect } from "../../../src/testing/agent-home/dialect.js";

export interface EchoHomeResult {
  /** `$HOME/.echo`, also exported as ECHO_AGENT_HOME. */
  readonly echoHome: string;
}

const echoHomeOf = (home: string) => join(home, ".echo");

export const echoHome: AgentHomeDialect<object, EchoHomeResult> = {
  agent: "echo",
  // Launched by its absolute path (the adapter's binary): nothing to find on PATH.
  cliNames: [],
  packages: [],
  droppedVariable: /^ECHO_AGENT_/,
  variables: ({ home }) => ({ ECHO_AGENT_HOME: echoHomeOf(home) }),
  seed: async ({ home }) => {
    await mkdir(echoHomeOf(home), { recursive: true });
  },
  result: ({ home }) => ({ echoHome: echoHomeOf(home) }),
};
