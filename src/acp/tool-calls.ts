// A tool call as an editor shows it: ACP's tool kind, a title, and the files it touches,
// read from the tool's name and input as the transcript recorded them. Names of both
// agents' built-in tools; anything else (MCP tools, new tools) is "other".
import path from "node:path";
import type { ToolCallLocation, ToolKind } from "@agentclientprotocol/sdk";

const KINDS: Readonly<Record<string, ToolKind>> = {
  // Claude Code
  Bash: "execute",
  BashOutput: "execute",
  KillShell: "execute",
  Read: "read",
  NotebookRead: "read",
  Edit: "edit",
  MultiEdit: "edit",
  Write: "edit",
  NotebookEdit: "edit",
  Glob: "search",
  Grep: "search",
  LS: "search",
  WebFetch: "fetch",
  WebSearch: "fetch",
  Task: "think",
  TodoWrite: "think",
  ExitPlanMode: "switch_mode",
  // Codex
  exec_command: "execute",
  shell: "execute",
  shell_command: "execute",
  local_shell: "execute",
  local_shell_call: "execute",
  write_stdin: "execute",
  apply_patch: "edit",
  view_image: "read",
  web_search: "fetch",
  update_plan: "think",
};

export function toolKindOf(name: string): ToolKind {
  return KINDS[name] ?? "other";
}

/** The tool's input as an object when it is JSON, else the raw string. */
export function parsedInput(input: string | undefined): unknown {
  if (input === undefined) return undefined;
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
}

const asRecord = (value: unknown): Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The command line of a shell call's input (`command` or `cmd`, a string or argv). */
export function commandOf(input: unknown): string | undefined {
  const fields = asRecord(input);
  for (const key of ["command", "cmd"]) {
    const value = fields[key];
    if (typeof value === "string") return value;
    if (Array.isArray(value) && value.every((part) => typeof part === "string")) {
      return value.join(" ");
    }
  }
  return undefined;
}

/** Files named by an apply_patch body ("*** Update File: src/a.ts"). */
function patchFiles(patch: string): string[] {
  const files: string[] = [];
  for (const match of patch.matchAll(/^\*\*\* (?:Add|Update|Delete) File: (.+)$/gm)) {
    if (match[1] !== undefined) files.push(match[1].trim());
  }
  return files;
}

/** The files a call's input names, as written. */
export function filesOf(input: unknown): string[] {
  if (typeof input === "string") return patchFiles(input);
  const fields = asRecord(input);
  const named = ["file_path", "notebook_path", "path"].flatMap((key) =>
    typeof fields[key] === "string" ? [fields[key] as string] : [],
  );
  const patch = typeof fields.input === "string" ? patchFiles(fields.input) : [];
  return [...named, ...patch];
}

/** Where the call acts, as absolute paths (relative ones resolve against the session cwd). */
export function toolLocations(input: unknown, cwd: string): ToolCallLocation[] {
  return filesOf(input).map((file) => ({ path: path.resolve(cwd, file) }));
}

/** A short human title: the command for a shell call, else the tool and its first file. */
export function toolTitle(name: string, input: unknown): string {
  const command = commandOf(input);
  if (command !== undefined) return command.length > 200 ? `${command.slice(0, 199)}…` : command;
  const [file] = filesOf(input);
  return file === undefined ? name : `${name} ${file}`;
}
