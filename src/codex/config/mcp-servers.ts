// Whether Codex's user config.toml names any MCP server. Every Codex 0.171.0 start shows
// the warnings badge (the bubblewrap notice alone does), so the start-up warnings pager is
// only worth opening when an MCP server could have failed (prd/operations.md). Servers
// named only in a project's .codex/config.toml or a `-c` override are not seen.
import { readFile } from "node:fs/promises";
import { parse } from "smol-toml";
import { codexConfigPath } from "./default-model-guard.js";

export async function codexHasMcpServers(
  env: Readonly<Record<string, string | undefined>>,
): Promise<boolean> {
  try {
    const table = parse(await readFile(codexConfigPath(env), "utf8")) as Record<string, unknown>;
    const servers = table.mcp_servers;
    return typeof servers === "object" && servers !== null && Object.keys(servers).length > 0;
  } catch {
    return false; // no file or unparsable TOML: Codex starts no MCP server from it either
  }
}
