// The published artifact, not the sources: `npm pack` the built package, install the
// tarball into a throwaway consumer, and load it from ESM and CJS, with types checked by
// TypeScript the way a consumer's compiler sees them. Needs `npm run build` first (npm
// test builds the JavaScript before vitest and the declarations beside it; this file waits
// for them).
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { declarationsBuilt } from "../../support/cli-bin.js";

const root = resolve(import.meta.dirname, "../../..");
const runtimeDependencies = Object.keys(
  (
    JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    }
  ).dependencies,
);

let consumer: string;

/**
 * The declarations build alone takes 20–35 s here; beside the suite, at the lowest priority,
 * it gets CPU only when the suite leaves it (400 s beside four e2e files at a time), and all
 * of it once the suite is done: a hang guard, like its project's bound (vitest.config.ts).
 */
const DECLARATIONS_WAIT_MS = 20 * 60_000;

beforeAll(async () => {
  if (!existsSync(join(root, "dist", "index.js")))
    throw new Error("dist/ is missing: run npm run build first");
  await declarationsBuilt(DECLARATIONS_WAIT_MS);
  consumer = mkdtempSync(join(tmpdir(), "elwood-consumer-"));
  const tarball = execFileSync("npm", ["pack", "--silent", "--pack-destination", consumer], {
    cwd: root,
    encoding: "utf8",
  })
    .trim()
    .split("\n")
    .at(-1);
  const installed = join(consumer, "node_modules", "@with-logic", "elwood");
  mkdirSync(installed, { recursive: true });
  execFileSync("tar", [
    "-xzf",
    join(consumer, tarball ?? ""),
    "-C",
    installed,
    "--strip-components=1",
  ]);
  // The consumer gets the same runtime dependencies without a network install.
  for (const name of [...runtimeDependencies, "@types/node"]) {
    const target = join(consumer, "node_modules", name);
    mkdirSync(resolve(target, ".."), { recursive: true });
    symlinkSync(join(root, "node_modules", name), target);
  }
  writeFileSync(
    join(consumer, "package.json"),
    JSON.stringify({ name: "consumer", private: true }),
  );
  // What `npm install` does for the package's `bin`: a link in node_modules/.bin.
  const bin = (
    JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as {
      bin: Record<string, string>;
    }
  ).bin;
  mkdirSync(join(consumer, "node_modules", ".bin"));
  for (const [name, target] of Object.entries(bin)) {
    symlinkSync(
      join("..", "@with-logic", "elwood", target),
      join(consumer, "node_modules", ".bin", name),
    );
  }
}, DECLARATIONS_WAIT_MS + 120_000);

afterAll(() => {
  if (consumer !== undefined) rmSync(consumer, { recursive: true, force: true });
});

function runNode(file: string, source: string): string {
  writeFileSync(join(consumer, file), source);
  return execFileSync(process.execPath, [file], { cwd: consumer, encoding: "utf8" }).trim();
}

describe("the packed package", () => {
  it("ships only dist, README and package.json", () => {
    const listing = execFileSync("npm", ["pack", "--dry-run", "--json"], {
      cwd: root,
      encoding: "utf8",
    });
    const files =
      (JSON.parse(listing) as Array<{ files: Array<{ path: string }> }>)[0]?.files.map(
        (f) => f.path,
      ) ?? [];
    expect(files.length).toBeGreaterThan(0);
    expect(
      files.every(
        (path) => path.startsWith("dist/") || ["README.md", "package.json"].includes(path),
      ),
    ).toBe(true);
  });

  it("loads from an ESM consumer, with the test kit as its own entry", () => {
    const out = runNode(
      "esm.mjs",
      `import { startClaude, ElwoodError } from "@with-logic/elwood";
import { startScriptedModelServer } from "@with-logic/elwood/testing";
console.log(typeof startClaude, new ElwoodError("wait_timeout", "x").name, typeof startScriptedModelServer);`,
    );
    expect(out).toBe("function wait_timeout function");
  });

  it("loads from a CJS consumer", () => {
    const out = runNode(
      "cjs.cjs",
      `const { startCodex, ElwoodError } = require("@with-logic/elwood");
const { createAgentHome } = require("@with-logic/elwood/testing");
console.log(typeof startCodex, new ElwoodError("state_corrupt", "x") instanceof Error, typeof createAgentHome);`,
    );
    expect(out).toBe("function true function");
  });

  it("C-CLI-01: gives a working `npx elwood --version` and `--help` from compiled dist", () => {
    const npx = (args: string[]) =>
      execFileSync("npx", ["--no-install", "elwood", ...args], {
        cwd: consumer,
        encoding: "utf8",
        // No config, no state, no agent: these must not need any.
        env: { ...process.env, HOME: consumer, XDG_CONFIG_HOME: join(consumer, "no-config") },
      });
    const version = (
      JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }
    ).version;
    expect(npx(["--version"])).toBe(`${version}\n`);
    const help = npx(["--help"]);
    expect(help).toContain("elwood [options] <prompt...>");
    expect(help).toContain("sessions");
    expect(npx(["sessions", "--help"])).toContain("elwood sessions");
    expect(existsSync(join(consumer, "no-config"))).toBe(false);
  });

  it("the main entry does not pull in the test kit", () => {
    const main = readFileSync(
      join(consumer, "node_modules/@with-logic/elwood/dist/index.js"),
      "utf8",
    );
    expect(main).not.toContain("scripted-model");
  });

  it("exposes types to TypeScript consumers in both module systems; one drive(s: ElwoodAgentSession) takes both classes and both factories' sessions, whose terminal is read-only", () => {
    writeFileSync(
      join(consumer, "types.mts"),
      `import { startClaude, type ElwoodErrorName, type ClaudeSessionApi } from "@with-logic/elwood";
import { startScriptedModelServer } from "@with-logic/elwood/testing";
const name: ElwoodErrorName = "state_corrupt";
const start: (o: { cwd: string }) => Promise<ClaudeSessionApi> = startClaude;
// @ts-expect-error not an error name
const wrong: ElwoodErrorName = "nope";
export { name, start, wrong, startScriptedModelServer };`,
    );
    // Issue 20 Done-when 4: code generic over any agent session is written once, and the
    // public terminal is a read-only view (no way around the session's queue).
    writeFileSync(
      join(consumer, "drive.mts"),
      `import { ClaudeSession, CodexSession, startClaude, startCodex, type ElwoodAgentSession } from "@with-logic/elwood";
async function drive(s: ElwoodAgentSession): Promise<string> {
  const { cols, rows } = s.terminal.size;
  const text: string = s.terminal.snapshot().text;
  const off: () => void = s.terminal.onData((data: string) => void data);
  off();
  // @ts-expect-error the view cannot type into the PTY
  s.terminal.sendInput("x");
  // @ts-expect-error the view cannot write output into the screen
  s.terminal.writeOutput("x");
  // @ts-expect-error the view cannot dispose the terminal
  s.terminal.dispose();
  // @ts-expect-error the view cannot resize behind the session's back
  s.terminal.resize({ cols: 80, rows: 24 });
  // @ts-expect-error the view does not expose xterm
  s.terminal.xterm;
  return \`\${cols}x\${rows} \${text}\`;
}
export async function all(): Promise<void> {
  await drive(new ClaudeSession({ cwd: "/tmp" }));
  await drive(new CodexSession({ cwd: "/tmp" }));
  await drive(await startClaude({ cwd: "/tmp" }));
  await drive(await startCodex({ cwd: "/tmp" }));
}`,
    );
    writeFileSync(
      join(consumer, "types.cts"),
      `import elwood = require("@with-logic/elwood");
const status: elwood.ElwoodSessionStatus = "ready";
export = { status, start: elwood.startCodex };`,
    );
    writeFileSync(
      join(consumer, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          module: "node16",
          moduleResolution: "node16",
          strict: true,
          noEmit: true,
          types: ["node"],
          skipLibCheck: false,
        },
        files: ["types.mts", "types.cts", "drive.mts"],
      }),
    );
    const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
    const result = execFileSync(process.execPath, [tsc, "-p", "."], {
      cwd: consumer,
      encoding: "utf8",
    });
    expect(result.trim()).toBe("");
  });
});
