// The `elwood serve` page in a real Chromium (issue 14 "Done when" 1): a session of every
// registered agent started from the page against the real CLIs and the scripted model
// server (issue 42: the page's choice comes from the registry); prompts typed in the
// composer, answers seen in the terminal widget and the log, the log filtered and a row's
// JSON opened, the window resized and the TUI reflowed (on the first agent's tab), and a
// screenshot checked for content (kept in test-results/ for debugging).
// The page takes its token out of the URL on load and still works after a reload
// (issue 21 "Done when" 3).
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Locator, type Page } from "playwright-core";
import { expect, test } from "vitest";
import { ELWOOD_AGENTS } from "../../src/agents.js";
import { findChromium, isCi, PIXEL_STATS_SCRIPT } from "../support/browser.js";
import { token } from "../support/claude-e2e.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";
import type { ServeClient } from "../support/serve-client.js";
import { serveOver } from "../support/serve-e2e.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SCREENSHOT = join(ROOT, "test-results", "serve-browser.png");
const CHROMIUM = findChromium();
const shouldRun = CHROMIUM !== undefined || isCi;
if (!shouldRun) {
  console.warn(
    "\n*** serve-browser.test.ts NOT RUN: no Chromium found (set ELWOOD_CHROMIUM or run scripts/ci/ensure-chromium.sh). In CI this is a failure. ***\n",
  );
}

const newFixture = useRealCliFixture({ trusted: true });

async function waitForText(locator: Locator, text: string, timeout = 30_000): Promise<void> {
  await locator.first().waitFor({ state: "attached", timeout });
  try {
    await locator
      .first()
      .page()
      .waitForFunction(
        ([element, wanted]) =>
          (element as { textContent: string | null }).textContent?.includes(wanted as string) ??
          false,
        [await locator.first().elementHandle(), text] as const,
        { timeout },
      );
  } catch (error) {
    // Say what was there instead (stop 33's CI timed out on Codex's answer with no clue
    // whether the prompt had even been typed).
    const seen = await locator
      .first()
      .textContent()
      .catch(() => null);
    throw new Error(`${String(error)}\n--- text instead of ${JSON.stringify(text)}:\n${seen}`);
  }
}

/** The longest run of "─" on the terminal widget's visible rows (the TUI's box borders). */
async function longestRule(panel: Locator): Promise<number> {
  const text = (await panel.locator(".xterm-rows").textContent()) ?? "";
  return Math.max(0, ...(text.match(/─+/g) ?? []).map((run) => run.length));
}

async function sessionCols(client: ServeClient, id: string): Promise<number> {
  const info = await client.call("GET", `/api/sessions/${id}`);
  return (info.body.size as { cols: number }).cols;
}

async function startFromPage(page: Page, agent: string, cwd: string, trust: boolean) {
  const before = await page.locator("[data-testid=session-panel]").count();
  await page.selectOption("[data-testid=start-agent]", agent);
  await page.fill("[data-testid=start-cwd]", cwd);
  await page.setChecked("[data-testid=start-autotrust]", trust);
  await page.click("[data-testid=start-button]");
  await page
    .locator("[data-testid=session-panel]")
    .nth(before)
    .waitFor({ state: "visible", timeout: 60_000 });
  const visible = page.locator("[data-testid=session-panel]:visible");
  const id = (await visible.getAttribute("data-session-id")) ?? "";
  expect(id).not.toBe("");
  return { panel: page.locator(`[data-session-id="${id}"]`), id };
}

/** Types the lines as a person would: Shift+Enter between lines, Enter sends. */
async function promptAndSeeAnswer(panel: Locator, lines: readonly string[], answer: string) {
  const input = panel.locator("[data-testid=prompt-input]");
  await input.click();
  for (const [index, line] of lines.entries()) {
    if (index > 0) await input.press("Shift+Enter");
    await input.pressSequentially(line);
  }
  expect(await input.inputValue()).toBe(lines.join("\n"));
  await input.press("Enter");
  // Includes the agent's cold start when the prompt is sent right after starting (Codex).
  await waitForText(panel.locator(".xterm-rows"), answer, 90_000);
  const row = panel.locator('[data-testid=log-row][data-kind="assistant_message"]');
  await waitForText(row, answer, 30_000);
}

test.runIf(shouldRun)(
  "C-APP-01 C-APP-03 C-APP-04 C-APP-05 C-APP-06 C-APP-07 C-APP-10: every agent driven from the page in Chromium",
  async () => {
    expect(
      CHROMIUM,
      "CI must have Chromium: scripts/ci/ensure-chromium.sh installs it",
    ).toBeDefined();
    const fx = await newFixture();
    // The page as web/ is now, built into a private folder: rebuilding dist/web in place
    // (tsup cleans it first) raced packed-package.test.ts packing dist/ at the same time.
    const webRoot = await mkdtemp(join(tmpdir(), "elwood-web-"));
    fx.defer(() => rm(webRoot, { recursive: true, force: true }));
    execFileSync(
      "npx",
      ["tsup", "--config", "tsup.web.config.ts", "--silent", "--out-dir", webRoot],
      { cwd: ROOT },
    );
    const { server, client } = await serveOver(fx, { webRoot });
    const claudeAnswer = token("Claude in the browser");
    const codexAnswer = token("Codex in the browser");
    fx.server.turn({ match: /question for claude/, steps: [{ say: claudeAnswer }] });
    fx.server.turn({ match: /question for codex/, steps: [{ say: codexAnswer }] });
    // The page's other features are shown on Claude's and Codex's tabs; every other agent
    // the registry offers is started from the page too and answers there.
    const others = ELWOOD_AGENTS.ids
      .filter((agent) => agent !== "claude" && agent !== "codex")
      .map((agent) => ({ agent, answer: token(`${agent} in the browser`) }));
    for (const { agent, answer } of others) {
      fx.server.turn({ match: new RegExp(`question for ${agent}`), steps: [{ say: answer }] });
    }

    const browser: Browser = await chromium.launch({
      executablePath: CHROMIUM as string,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    fx.defer(() => browser.close());
    const page = await browser.newPage({ viewport: { width: 1500, height: 900 } });
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await mkdir(dirname(SCREENSHOT), { recursive: true });
    try {
      await page.goto(server.pageUrl);
      await page.locator("[data-testid=empty]").waitFor({ state: "visible" });
      // The page has booted once its first API answer (the server's folder) is in the form.
      const booted = () =>
        page.waitForFunction(
          `document.querySelector("[data-testid=start-cwd]").value !== ""`,
          undefined,
          { timeout: 15_000 },
        );
      await booted();
      // The token left the address bar and the history entry on load (issue 21).
      const href = (await page.evaluate("location.href")) as string;
      expect(href).not.toContain(server.token);
      expect(href).toBe(`${server.url}/`);
      // A reload still works: the tab keeps the token in sessionStorage, not in a URL.
      await page.reload();
      await booted();
      expect(await page.locator("[data-testid=notice]").isHidden()).toBe(true);
      expect(page.url()).toBe(`${server.url}/`);

      // Claude: start, a multi-line-capable composer sends one line, the answer shows.
      const claude = await startFromPage(page, "claude", fx.workspace, false);
      // 90 s for a cold start on a loaded machine, as in the other e2e files.
      await waitForText(claude.panel.locator("[data-testid=status-badge]"), "ready", 90_000);
      await promptAndSeeAnswer(claude.panel, ["question for claude"], claudeAnswer);

      // Filter to hooks: only hook rows remain visible; a row opens its JSON.
      await claude.panel.locator("[data-testid=filter-hooks]").click();
      const rows = claude.panel.locator("[data-testid=log-row]:visible");
      const types = await rows.evaluateAll((items) =>
        items.map((item) => (item as unknown as { dataset: { type: string } }).dataset.type),
      );
      expect(types.length).toBeGreaterThan(2);
      expect(new Set(types)).toEqual(new Set(["hook"]));
      await claude.panel.locator('[data-testid=log-row][data-kind="Stop"]').first().click();
      const detail = claude.panel.locator("[data-testid=json-detail]");
      await waitForText(detail, '"hookEventName": "Stop"');
      await waitForText(detail, '"outcome": "none"');
      await waitForText(detail, claudeAnswer); // the Stop input carries the last message

      // Resize the window: the widget refits, the PTY follows, and the TUI redraws narrower.
      const wideCols = await sessionCols(client, claude.id);
      const wideRule = await longestRule(claude.panel);
      expect(wideRule).toBeGreaterThan(wideCols * 0.8);
      await page.setViewportSize({ width: 1100, height: 800 });
      let narrowCols = wideCols;
      for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
        narrowCols = await sessionCols(client, claude.id);
        const rule = await longestRule(claude.panel);
        if (narrowCols < wideCols && rule <= narrowCols && rule > narrowCols * 0.8) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(narrowCols).toBeLessThan(wideCols - 20);
      const narrowRule = await longestRule(claude.panel);
      expect(narrowRule).toBeLessThanOrEqual(narrowCols);
      expect(narrowRule).toBeGreaterThan(narrowCols * 0.8);

      // Codex in a second tab, started with "trust folder".
      const codex = await startFromPage(page, "codex", fx.workspace, true);
      expect(await page.locator("[data-testid=session-tab]").count()).toBe(2);
      await promptAndSeeAnswer(
        codex.panel,
        ["question for codex", "on a second line"],
        codexAnswer,
      );
      // The multi-line prompt reached the model whole.
      const codexTurn = fx.server.requests.find((request) =>
        JSON.stringify(request.body).includes("question for codex"),
      );
      expect(JSON.stringify(codexTurn?.body)).toContain("question for codex\\non a second line");
      await codex.panel.locator('[data-testid=log-row][data-kind="assistant_message"]').click();
      await waitForText(codex.panel.locator("[data-testid=json-detail]"), codexAnswer);

      // Every other agent, each in a tab of its own, started with "trust folder".
      const otherPanels: Locator[] = [];
      for (const [index, { agent, answer }] of others.entries()) {
        const started = await startFromPage(page, agent, fx.workspace, true);
        expect(await page.locator("[data-testid=session-tab]").count()).toBe(3 + index);
        await promptAndSeeAnswer(started.panel, [`question for ${agent}`], answer);
        otherPanels.push(started.panel);
      }
      expect(pageErrors).toEqual([]);

      const stats = await screenshotStats(page, browser);
      expect(stats.width).toBe(1100);
      expect(stats.colors).toBeGreaterThan(20);
      expect(stats.differing).toBeGreaterThan(0.05);

      // Stop buttons close every session and its tab, the shown (newest) tab first.
      for (const panel of [...otherPanels.reverse(), codex.panel, claude.panel]) {
        await panel.locator("[data-testid=stop-button]").click();
        await panel.waitFor({ state: "detached", timeout: 30_000 });
      }
      expect((await client.call("GET", "/api/sessions")).body).toEqual({ sessions: [] });
    } catch (error) {
      await page.screenshot({ path: SCREENSHOT }).catch(() => undefined);
      console.error(`serve-browser failed; screenshot kept at ${SCREENSHOT}`);
      throw error;
    }
  },
);

async function screenshotStats(page: Page, browser: Browser) {
  const png = await page.screenshot({ path: SCREENSHOT });
  const checker = await browser.newPage();
  try {
    return (await checker.evaluate(
      `${PIXEL_STATS_SCRIPT}(${JSON.stringify(png.toString("base64"))})`,
    )) as {
      width: number;
      colors: number;
      differing: number;
    };
  } finally {
    await checker.close();
  }
}
