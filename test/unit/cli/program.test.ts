// The command line in-process with fake streams: dispatch, help and version, usage
// errors before anything starts, config editing and `config effective` (C-CLI-02/14/15/19/23).
import { chmod, lstat, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { CliIo } from "../../../src/cli/io/cli-io.js";
import { main } from "../../../src/cli/program.js";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "elwood-cli-unit-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function sink(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  return { stream, text: () => chunks.join("") };
}

async function elwood(
  argv: string[],
  options: { stdin?: string; tty?: boolean; env?: Record<string, string> } = {},
): Promise<Ran> {
  const out = sink();
  const err = sink();
  const stdin = Object.assign(Readable.from(options.stdin === undefined ? [] : [options.stdin]), {
    isTTY: options.tty === true,
  });
  const io: CliIo = {
    stdin,
    stdout: out.stream,
    stderr: err.stream,
    env: {
      HOME: dir,
      XDG_CONFIG_HOME: join(dir, "config"),
      XDG_STATE_HOME: join(dir, "state"),
      ...options.env,
    },
    cwd: dir,
  };
  const code = await main(argv, io);
  return { code, stdout: out.text(), stderr: err.text() };
}

describe("dispatch, help and version", () => {
  test("C-CLI-02: no arguments prints help and reads no stdin", async () => {
    const unread = Object.assign(new PassThrough(), { isTTY: false });
    const out = sink();
    const code = await main([], {
      stdin: unread,
      stdout: out.stream,
      stderr: sink().stream,
      env: { HOME: dir },
      cwd: dir,
    });
    expect(code).toBe(0);
    expect(out.text()).toContain("Usage:");
    expect(unread.readableFlowing).toBeNull();
  });

  test("--version and every command's --help print without reading config", async () => {
    await mkdir(join(dir, "config", "elwood"), { recursive: true });
    await writeFile(join(dir, "config", "elwood", "config.json"), "not json", { mode: 0o600 });
    expect((await elwood(["--version"])).stdout).toMatch(/^\d+\.\d+\.\d+/);
    for (const command of ["run", "resume", "sessions", "models", "interactive", "config"]) {
      const ran = await elwood([command, "--help"]);
      expect(ran.code).toBe(0);
      expect(ran.stdout).toContain(`elwood ${command}`);
      expect(ran.stdout).toContain("Examples:");
    }
    expect((await elwood(["help", "sessions"])).stdout).toContain("elwood sessions");
    expect((await elwood(["config", "help"])).stdout).toContain("config effective");
  });

  test("C-CLI-02: a command word after options still picks its command (issue 27)", async () => {
    const listed = await elwood(["--output", "json", "sessions"]);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject({ type: "sessions", sessions: [] });
    const filtered = await elwood(["--agent", "codex", "--output=json", "sessions"]);
    expect(JSON.parse(filtered.stdout)).toMatchObject({ type: "sessions", sessions: [] });
    const effective = await elwood(["--no-defaults", "--agent", "codex", "config", "effective"], {
      env: { ELWOOD_OUTPUT: "json" },
    });
    expect(effective.code).toBe(0);
    // --no-defaults reached `config effective`: ELWOOD_OUTPUT=json is ignored.
    expect(JSON.parse(effective.stdout)).toMatchObject({
      type: "effective-config",
      agent: { value: "codex", source: "flag --agent" },
      output: { value: "text", source: "built-in" },
    });
    const help = await elwood(["--help", "sessions"]);
    expect(help.stdout).toContain("elwood sessions [--agent claude|codex|gemini|copilot]");
  });

  test("C-CLI-02: options before a command that has no use for them are refused by name", async () => {
    const ran = await elwood(["--agent", "claude", "--ephemeral", "sessions"]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain("`elwood sessions` does not take --ephemeral");
    const config = await elwood(["--agent", "claude", "config", "path"]);
    expect(config.code).toBe(2);
    expect(config.stderr).toContain("`elwood config path` does not take --agent");
    expect((await elwood(["--frobnicate", "sessions"])).stderr).toContain(
      "Unknown option --frobnicate",
    );
  });

  test("C-CLI-02: a command's name is a prompt only after `run` or `--`, or after the first word", async () => {
    const missing = join(dir, "missing");
    // Each reaches `run` (its JSON error document and workspace check), not `sessions`.
    for (const argv of [
      ["run", "--agent", "claude", "--output", "json", "-C", missing, "sessions"],
      ["--agent", "claude", "--output", "json", "-C", missing, "--", "sessions"],
      ["--agent", "claude", "--output", "json", "-C", missing, "explain", "sessions"],
      ["--model", "sessions", "--agent", "claude", "--output", "json", "-C", missing, "hi"],
    ]) {
      const ran = await elwood(argv);
      expect(ran.code, argv.join(" ")).toBe(2);
      expect(JSON.parse(ran.stdout), argv.join(" ")).toMatchObject({
        type: "error",
        agent: "claude",
        error: { message: expect.stringContaining(`The workspace ${missing}`) },
      });
    }
  });

  test("the top-level help states where options and the command word may stand", async () => {
    const help = (await elwood(["--help"])).stdout;
    expect(help).toContain("elwood [options] <command> [options] [args]");
    expect(help).toContain("`elwood run sessions` or `elwood -- sessions`");
  });
});

describe("usage errors before anything starts", () => {
  test("C-CLI-04: no prompt, or only whitespace, is a usage error; terminal stdin is not a prompt", async () => {
    expect((await elwood(["run", "--agent", "claude"])).code).toBe(2);
    const blank = await elwood(["--agent", "claude", "   "], { stdin: " \n\t" });
    expect(blank.code).toBe(2);
    expect(blank.stderr).toContain("No prompt given");
    const tty = await elwood(["--agent", "claude"], { stdin: "from a terminal", tty: true });
    expect(tty.code).toBe(2);
  });

  test("C-CLI-04: the 8 MiB cap counts words and piped stdin together", async () => {
    const ran = await elwood(["--agent", "claude", "x".repeat(1024)], {
      stdin: "y".repeat(8 * 1024 * 1024),
    });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain("larger than 8 MiB");
  });

  test("C-CLI-04: an --image that is not a readable file is refused before anything starts", async () => {
    const ran = await elwood(["--agent", "claude", "--image", "a.png", "look"]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(`--image a.png: ${join(dir, "a.png")} is not a readable file.`);
  });

  test("C-CLI-11: a structured mode reports usage errors in its protocol, agent from --agent", async () => {
    const ran = await elwood(["--agent", "codex", "--output", "json", "--stream", "hi"]);
    expect(ran.code).toBe(2);
    expect(JSON.parse(ran.stdout)).toMatchObject({
      type: "error",
      agent: "codex",
      sessionId: null,
      error: { code: "invalid_options" },
    });
    const noAgent = await elwood(["--output", "jsonl", "-C", join(dir, "missing"), "hi"]);
    expect(JSON.parse(noAgent.stdout)).toMatchObject({ type: "error", agent: null, seq: 0 });
  });

  test("C-CLI-23 C-CLI-03: resume needs an id, refuses --resume and --cwd, and never falls back", async () => {
    expect((await elwood(["resume"])).stderr).toContain("needs a session id");
    expect((await elwood(["resume", "--resume", "x", "hi"])).stderr).toContain("drop --resume");
    expect((await elwood(["resume", "abc", "-C", "/tmp", "hi"])).code).toBe(2);
    const missing = await elwood(["resume", "no-such-session", "--output", "json", "hi"]);
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stdout)).toMatchObject({ error: { code: "state_not_found" } });
  });

  test("C-CLI-25: interactive without a terminal is a usage error", async () => {
    const ran = await elwood(["interactive", "--agent", "claude"]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain("needs a terminal");
  });

  test("serve: a non-loopback --host exits 2 naming --allow-remote, before anything listens", async () => {
    for (const host of ["0.0.0.0", "::", "192.168.1.20"]) {
      const ran = await elwood(["serve", "--host", host, "--port", "0"]);
      expect(ran.code, host).toBe(2);
      expect(ran.stdout).toBe("");
      expect(ran.stderr).toContain("--allow-remote");
      expect(ran.stderr).toContain(`--host ${host} is not a loopback address`);
    }
    const help = await elwood(["serve", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("--allow-remote");
  });

  test("C-CLI-24: sessions with no state lists nothing, on stderr only", async () => {
    const ran = await elwood(["sessions"]);
    expect(ran).toMatchObject({ code: 0, stdout: "" });
    expect(ran.stderr).toContain("No sessions in");
    expect((await elwood(["sessions", "--output", "jsonl"])).code).toBe(2);
    expect(JSON.parse((await elwood(["sessions", "--output", "json"])).stdout)).toMatchObject({
      schemaVersion: 1,
      type: "sessions",
      sessions: [],
    });
  });
});

describe("config", () => {
  test("C-CLI-14 C-CLI-15: set/get/unset edit a private file atomically and silently", async () => {
    expect(await elwood(["config", "set", "agent", "codex"])).toMatchObject({
      code: 0,
      stdout: "",
    });
    expect(await elwood(["config", "set", "claude.model", "opus"])).toMatchObject({ code: 0 });
    expect(await elwood(["config", "set", "stream", "true"])).toMatchObject({ code: 0 });
    const file = join(dir, "config", "elwood", "config.json");
    expect((await lstat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({
      schemaVersion: 1,
      agent: "codex",
      claude: { model: "opus" },
      stream: true,
    });
    expect((await elwood(["config", "get", "claude.model"])).stdout).toBe("opus\n");
    await elwood(["config", "unset", "claude.model"]);
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({
      schemaVersion: 1,
      agent: "codex",
      stream: true,
    });
    expect((await elwood(["config", "path"])).stdout).toBe(`${file}\n`);
    const unknown = await elwood(["config", "set", "agnet", "codex"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("did you mean agent?");
    expect((await elwood(["config", "set", "agent", "nope"])).code).toBe(2);
    expect((await elwood(["config", "set", "verbose", "yes"])).code).toBe(2);
  });

  test("C-CLI-15: a config readable by others, or behind a symlink, is refused", async () => {
    const configDir = join(dir, "config", "elwood");
    await mkdir(configDir, { recursive: true });
    const file = join(configDir, "config.json");
    await writeFile(file, '{"schemaVersion":1}');
    await chmod(file, 0o644);
    expect((await elwood(["config", "show"])).stderr).toContain("chmod 600");
    await rm(file);
    await writeFile(join(dir, "real.json"), '{"schemaVersion":1}', { mode: 0o600 });
    await symlink(join(dir, "real.json"), file);
    const linked = await elwood(["config", "show"]);
    expect(linked.code).toBe(2);
    expect(linked.stderr).toContain("is a symlink");
  });

  test("C-CLI-19: config effective prints each value with its source and launches nothing", async () => {
    await elwood(["config", "set", "timeout", "5m"]);
    await elwood(["config", "set", "claude.model", "opus"]);
    const ran = await elwood(["config", "effective", "--agent", "claude", "--verbose"], {
      env: { ELWOOD_OUTPUT: "json", PATH: "/nonexistent" },
    });
    expect(ran.code).toBe(0);
    const document = JSON.parse(ran.stdout);
    expect(document).toMatchObject({
      schemaVersion: 1,
      type: "effective-config",
      agent: { value: "claude", source: "flag --agent" },
      model: { value: "opus", source: "config claude.model" },
      timeout: { value: 300_000, source: "config timeout" },
      output: { value: "json", source: "env ELWOOD_OUTPUT" },
      verbose: { value: true, source: "flag --verbose" },
      highTrust: { value: false, source: "built-in" },
      stateDir: { value: join(dir, "state", "elwood"), source: "built-in" },
      workspace: { value: dir, source: "current directory" },
      posture: { permissionMode: { value: "dontAsk", source: "built-in" } },
    });
    const bare = JSON.parse(
      (
        await elwood(["config", "effective", "--agent", "codex", "--no-defaults"], {
          env: { ELWOOD_OUTPUT: "json" },
        })
      ).stdout,
    );
    expect(bare.output).toEqual({ value: "text", source: "built-in" });
    expect(bare.timeout).toEqual({ value: null, source: "unset" });
    expect(bare.configFile).toBeNull();
  });
});
