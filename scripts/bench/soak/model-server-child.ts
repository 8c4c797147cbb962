// The soak's scripted model servers, run in a child process so that their request logs
// (every request body of every turn, kept for tests to inspect) never count in the
// bench's own heap figures. Argument: how many servers. Prints one JSON line with their
// URLs; when stdin ends, prints one JSON line of request counts and exits.

import { startScriptedModelServer } from "../../../src/testing/index.js";
import { SOAK_TURNS } from "./scenario.js";

const count = Number(process.argv[2] ?? "1");
const servers = await Promise.all(
  Array.from({ length: count }, () => startScriptedModelServer({ turns: SOAK_TURNS })),
);
process.stdout.write(
  `${JSON.stringify(servers.map(({ anthropicBaseUrl, openaiBaseUrl }) => ({ anthropicBaseUrl, openaiBaseUrl })))}\n`,
);

process.stdin.resume();
process.stdin.on("end", () => {
  const requests = servers.flatMap((server) => server.requests);
  const summary = {
    requests: requests.length,
    unmatched: requests.filter(
      (request) => request.matchedTurn === undefined && !request.isAuxiliary,
    ).length,
    httpErrors: requests.filter((request) => request.status >= 400).length,
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  void Promise.all(servers.map((server) => server.close())).then(() => process.exit(0));
});
