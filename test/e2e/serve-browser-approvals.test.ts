// The page's approvals in a real Chromium (issue 24 "Done when" 2): a pending approval
// shows as a card in its session with the command, the tab and the title count it,
// clicking Allow runs the tool and the card goes; with notifications granted, an approval
// created while the page is hidden raises a notification.
//
// Headless Chromium keeps every page "visible" and shows notifications nowhere a test can
// read, so an init script lets the test set `document.hidden` and records each
// `new Notification(...)` before handing it to the browser's own constructor.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium } from "playwright-core";
import { expect, test } from "vitest";
import { findChromium, isCi } from "../support/browser.js";
import { token } from "../support/claude-e2e.js";
import { touchAndEcho } from "../support/hooks-e2e.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";
import { serveOver } from "../support/serve-e2e.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const CHROMIUM = findChromium();
const shouldRun = CHROMIUM !== undefined || isCi;

const newFixture = useRealCliFixture({ trusted: true });

const PAGE_HOOKS = `
  (() => {
    window.__elwoodHidden = false;
    Object.defineProperty(Document.prototype, "hidden", {
      configurable: true,
      get: () => window.__elwoodHidden,
    });
    window.__elwoodNotifications = [];
    const Real = window.Notification;
    class Recorded extends Real {
      constructor(title, options) {
        super(title, options);
        window.__elwoodNotifications.push({ title, body: options && options.body });
      }
    }
    Object.defineProperty(Recorded, "permission", { get: () => Real.permission });
    Recorded.requestPermission = (...args) => Real.requestPermission(...args);
    window.Notification = Recorded;
  })();
`;

test.runIf(shouldRun)(
  "C-APR-07: an approval card in Chromium: Allow runs the tool and the card goes; a hidden page is notified",
  async () => {
    expect(CHROMIUM, "CI must have Chromium: scripts/ci/ensure-chromium.sh").toBeDefined();
    const fx = await newFixture();
    const webRoot = await mkdtemp(join(tmpdir(), "elwood-web-"));
    fx.defer(() => rm(webRoot, { recursive: true, force: true }));
    execFileSync(
      "npx",
      ["tsup", "--config", "tsup.web.config.ts", "--silent", "--out-dir", webRoot],
      { cwd: ROOT },
    );
    const { server, client } = await serveOver(fx, { webRoot });
    const allowedFile = join(fx.workspace, `${token("allowed")}.txt`);
    const allowedCommand = touchAndEcho(allowedFile, "ran");
    const firstDone = token("Allowed from the page");
    const hiddenFile = join(fx.workspace, `${token("hidden")}.txt`);
    fx.server.turn({
      match: /first tool/,
      steps: [{ tool: { name: "Bash", input: { command: allowedCommand } } }, { say: firstDone }],
    });
    fx.server.turn({
      match: /second tool/,
      steps: [
        { tool: { name: "Bash", input: { command: touchAndEcho(hiddenFile, "ran") } } },
        { say: "second done" },
      ],
    });

    const started = await client.call("POST", "/api/sessions", {
      agent: "claude",
      cwd: fx.workspace,
      permissionMode: "default",
    });
    expect(started.status).toBe(201);
    const id = started.body.id as string;
    const events = client.follow(id);
    await events.waitFor((e) => e.type === "status" && e.data.status === "ready", 90_000);

    const browser: Browser = await chromium.launch({
      executablePath: CHROMIUM as string,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    fx.defer(() => browser.close());
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.grantPermissions(["notifications"], { origin: server.url });
    await context.addInitScript(PAGE_HOOKS);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto(server.pageUrl);
    const panel = page.locator(`[data-session-id="${id}"]`);
    await panel.waitFor({ state: "visible", timeout: 30_000 });

    // A pending approval becomes a card with its command; tab and title count it.
    const first = client.call("POST", `/api/sessions/${id}/send`, { text: "first tool" });
    const card = panel.locator("[data-testid=approval-card]");
    await card.waitFor({ state: "visible", timeout: 90_000 });
    expect(await card.locator("[data-testid=approval-tool]").textContent()).toBe("Bash");
    expect(await card.locator("[data-testid=approval-detail]").textContent()).toContain(
      allowedCommand,
    );
    const count = page.locator("[data-testid=session-tab] [data-testid=approval-count]");
    expect(await count.textContent()).toBe("1");
    expect(await page.title()).toBe("(1) Elwood");
    expect(existsSync(allowedFile)).toBe(false);

    await card.locator("[data-testid=approval-allow]").click();
    await card.waitFor({ state: "detached", timeout: 30_000 });
    expect(await first).toMatchObject({ status: 200, body: { text: firstDone } });
    expect(existsSync(allowedFile)).toBe(true);
    expect(await count.isHidden()).toBe(true);
    expect(await page.title()).toBe("Elwood");
    // A visible page raised no notification for it.
    expect(await page.evaluate("window.__elwoodNotifications.length")).toBe(0);

    // Hidden, with notifications granted: the next approval raises one.
    await page.evaluate("window.__elwoodHidden = true");
    const second = client.call("POST", `/api/sessions/${id}/send`, { text: "second tool" });
    // A function, not a string: the page's CSP forbids evaluating strings.
    await page.waitForFunction(
      () =>
        (
          globalThis as unknown as { __elwoodNotifications: { title: string }[] }
        ).__elwoodNotifications.some((note) => note.title.includes("needs approval")),
      undefined,
      { timeout: 90_000 },
    );
    const notes = (await page.evaluate("window.__elwoodNotifications")) as {
      title: string;
      body: string;
    }[];
    expect(notes.find((note) => note.title.includes("needs approval"))?.body).toContain("Bash");
    const [pending] = (await client.call("GET", `/api/sessions/${id}/approvals`)).body
      .approvals as { id: string }[];
    expect(
      (
        await client.call("POST", `/api/sessions/${id}/approvals/${pending?.id}`, {
          behavior: "deny",
          message: "not now",
        })
      ).status,
    ).toBe(200);
    // Answered elsewhere: the card goes from the page too.
    await card.waitFor({ state: "detached", timeout: 30_000 });
    expect((await second).status).toBe(200);
    expect(existsSync(hiddenFile)).toBe(false);
    expect(pageErrors).toEqual([]);
    await events.close();
  },
);
