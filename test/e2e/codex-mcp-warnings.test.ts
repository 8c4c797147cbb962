// Codex MCP start-up warnings through the real pinned CLI (C-CODEX-09): an agent home
// whose config.toml names one stdio MCP server that exits at once and one HTTP server on a
// closed loopback port. Codex folds the failures into its "⚠ N warnings · f2 to view"
// pager; Elwood reads it (again if a failure comes after a read) and emits one typed, content-free mcp_startup_incomplete
// warning, and the composer is left usable for the first turn.
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { CodexSession } from "../../src/agents.js";
import type { ElwoodWarningEvent } from "../../src/index.js";
import { sessionOnFixture, useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ cli: "codex" });

describe("Codex MCP start-up warnings", () => {
  test("C-CODEX-09: failed MCP servers become one mcp_startup_incomplete warning and a turn then works", async () => {
    const fx = await newFixture();
    appendFileSync(
      join(fx.home.codexHome, "config.toml"),
      '\n[mcp_servers.broken]\ncommand = "false"\n\n[mcp_servers.remote]\nurl = "http://127.0.0.1:9/mcp"\n',
    );
    fx.server.turn({ match: "hello after mcp", steps: [{ say: "Answer after MCP" }] });
    const session = sessionOnFixture(fx, CodexSession, { autotrust: true });
    const warnings: ElwoodWarningEvent[] = [];
    session.on("warning", (warning) => warnings.push(warning));
    const arrived = new Promise<void>((resolve) => {
      const off = session.on("warning", (warning) => {
        if (warning.code === "mcp_startup_incomplete") {
          off();
          resolve();
        }
      });
    });
    await session.waitForStatus((status) => status === "ready", 60_000);
    await arrived;

    expect(await session.send("hello after mcp")).toContain("Answer after MCP");
    const mcp = warnings.filter((warning) => warning.code === "mcp_startup_incomplete");
    expect(mcp).toHaveLength(1);
    expect(mcp[0]).toMatchObject({
      agent: "codex",
      source: "terminal",
      failedServers: expect.arrayContaining(["broken", "remote"]),
      recoveryCommands: expect.arrayContaining(["codex mcp get broken", "codex mcp get remote"]),
    });
    expect(warnings.some((warning) => warning.code === "mcp_server_not_logged_in")).toBe(false);
    await session.close();
  });
});
