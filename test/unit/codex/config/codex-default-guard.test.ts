// C-CODEX-14: after a Codex picker switch, config.toml is put back only when it differs
// solely in the root model keys, by compare-and-swap; otherwise it is left as it is.
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import {
  codexConfigPath,
  codexDefaultModelGuard,
  codexPersistedModel,
  restoreConfig,
} from "../../../../src/codex/config/default-model-guard.js";

const BEFORE = 'model = "gpt-a"\nmodel_provider = "p"\n\n[tui]\nshow_tooltips = false\n';
const folders: string[] = [];

async function configFile(text: string | undefined): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "elwood-guard-"));
  folders.push(dir);
  const path = join(dir, "config.toml");
  if (text !== undefined) await writeFile(path, text, { mode: 0o600 });
  return path;
}

afterEach(async () => {
  for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe("C-CODEX-14 config.toml compare-and-swap restore", () => {
  test("a change only in root model/model_reasoning_effort is restored byte for byte", async () => {
    const path = await configFile(BEFORE);
    await writeFile(
      path,
      BEFORE.replace('"gpt-a"', '"gpt-b"').replace("\n\n", '\nmodel_reasoning_effort = "high"\n\n'),
    );
    expect(await restoreConfig(path, BEFORE)).toBe("restored");
    expect(await readFile(path, "utf8")).toBe(BEFORE);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  test("any other change keeps the file and reports it persisted", async () => {
    const path = await configFile(BEFORE);
    const edited = `${BEFORE.replace('"gpt-a"', '"gpt-b"')}[other]\nkey = 1\n`;
    await writeFile(path, edited);
    expect(await restoreConfig(path, BEFORE)).toBe("persisted");
    expect(await readFile(path, "utf8")).toBe(edited);
  });

  test("a nested model key is not a root key; no original file means persisted", async () => {
    const path = await configFile(BEFORE);
    await writeFile(
      path,
      BEFORE.replace("show_tooltips = false", 'show_tooltips = false\nmodel = "x"'),
    );
    expect(await restoreConfig(path, BEFORE)).toBe("persisted");
    const created = await configFile('model = "gpt-b"\n');
    expect(await restoreConfig(created, undefined)).toBe("persisted");
    expect(await restoreConfig(path, await readFile(path, "utf8"))).toBe("unchanged");
  });

  test("the guard restores after the change and calls onPersisted only on a conflict", async () => {
    const path = await configFile(BEFORE);
    const env = { CODEX_HOME: join(path, "..") };
    expect(codexConfigPath(env)).toBe(path);
    let persisted = 0;
    const guard = codexDefaultModelGuard(env);
    const value = await guard.around(
      async () => {
        await writeFile(path, BEFORE.replace('"gpt-a"', '"gpt-b"'));
        return 7;
      },
      () => persisted++,
    );
    expect(value).toBe(7);
    expect(persisted).toBe(0);
    expect(await readFile(path, "utf8")).toBe(BEFORE);
    expect(await codexPersistedModel(env)).toBe("gpt-a");
    await expect(
      guard.around(
        async () => {
          await writeFile(path, `${BEFORE}[x]\ny = 2\n`);
          throw new Error("picker failed");
        },
        () => persisted++,
      ),
    ).rejects.toThrow("picker failed");
    expect(persisted).toBe(1);
  });
});
