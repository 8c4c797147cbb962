// Where Gemini reads an image without asking (src/gemini/launch/project-temp.ts): the temp
// folder whose `.project_root` marker names the session's folder, none before Gemini made it.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { geminiProjectTempDir } from "../../../src/gemini/launch/project-temp.js";

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function home(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "elwood-gemini-temp-test-"));
  folders.push(folder);
  return folder;
}

async function slug(homeDir: string, name: string, owner: string): Promise<string> {
  const dir = join(homeDir, ".gemini", "tmp", name);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, ".project_root"), `${owner}\n`);
  return dir;
}

describe("Gemini's project temp folder", () => {
  test("the slug whose marker names the folder, not a neighbour's", async () => {
    const userHome = await home();
    await slug(userHome, "ws-other", "/work/other");
    const mine = await slug(userHome, "ws", "/work/ws");
    expect(await geminiProjectTempDir({ HOME: userHome }, "/work/ws")).toBe(mine);
    expect(await geminiProjectTempDir({ GEMINI_CLI_HOME: userHome }, "/work/ws/")).toBe(mine);
  });

  test("undefined before Gemini claimed one", async () => {
    const userHome = await home();
    expect(await geminiProjectTempDir({ HOME: userHome }, "/work/ws")).toBeUndefined();
    await slug(userHome, "ws-other", "/work/other");
    expect(await geminiProjectTempDir({ HOME: userHome }, "/work/ws")).toBeUndefined();
  });
});
