// The private per-user root and the per-session private dir (issue 21): outside the
// workspace and the shared temp dir, in the user's state directory, derived from the
// real state dir and the session id.
import { realpathSync, symlinkSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { defaultPrivateRoot, privateFingerprint } from "../../../src/state/private-root.js";
import { claudeRecord, makeWorkspace, openStore } from "./support.js";

describe("defaultPrivateRoot", () => {
  it("is $XDG_STATE_HOME/elwood/private when absolute, else ~/.local/state/elwood/private", () => {
    const linux = { platform: "linux" as const, homedir: "/home/u" };
    expect(defaultPrivateRoot({ ...linux, env: { XDG_STATE_HOME: "/xdg/state" } })).toBe(
      "/xdg/state/elwood/private",
    );
    expect(defaultPrivateRoot({ ...linux, env: { XDG_STATE_HOME: "relative/state" } })).toBe(
      "/home/u/.local/state/elwood/private",
    );
    expect(defaultPrivateRoot({ ...linux, env: {} })).toBe("/home/u/.local/state/elwood/private");
  });

  it("is ~/Library/Application Support/elwood/private on macOS, whatever XDG says", () => {
    expect(
      defaultPrivateRoot({
        platform: "darwin",
        homedir: "/Users/u",
        env: { XDG_STATE_HOME: "/xdg" },
      }),
    ).toBe("/Users/u/Library/Application Support/elwood/private");
  });

  it("never names the temp dir or a workspace: it ignores TMPDIR and the cwd", () => {
    const root = defaultPrivateRoot({
      platform: "linux",
      homedir: "/home/u",
      env: { TMPDIR: "/tmp", PWD: "/work" },
    });
    expect(root.startsWith("/home/u/")).toBe(true);
  });
});

describe("private session dir", () => {
  it("is <root>/<32 hex of sha256(real stateDir NUL id)>, the same through a symlinked path", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    await store.writeRecord(claudeRecord(workspace.cwd, "s"));
    const real = realpathSync(store.stateDir);
    expect(await store.privateDir("s")).toBe(
      path.join(workspace.privateRoot, privateFingerprint(real, "s")),
    );
    expect(privateFingerprint(real, "s")).toMatch(/^[0-9a-f]{32}$/);
    expect(privateFingerprint(real, "t")).not.toBe(privateFingerprint(real, "s"));
    const alias = `${workspace.cwd}-alias`;
    symlinkSync(workspace.cwd, alias);
    const throughAlias = await openStore({ ...workspace, cwd: alias });
    expect(throughAlias.stateDir).not.toBe(store.stateDir);
    expect(await throughAlias.privateDir("s")).toBe(await store.privateDir("s"));
  });

  it("is outside the workspace: the default state dir holds only the record, loops and .gitignore", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    await store.writeRecord(claudeRecord(workspace.cwd, "s"));
    await store.writeRuntimeFile("s", "claude-tool-env.sh", "unset X\n");
    const privateDir = await store.privateDir("s");
    expect(path.relative(workspace.cwd, privateDir).startsWith("..")).toBe(true);
  });
});
