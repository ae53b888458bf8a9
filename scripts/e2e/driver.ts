/**
 * Drives a fresh Foundry server with playwright-core and Debian's Chromium: licence key and EULA,
 * a new world with the system, launch, join as Gamemaster, Quench enabled, every `tactica.*`
 * batch run. Returns Quench's JSON report and every console message seen on the way.
 *
 * This file is the only part of `npm run e2e` that needs a real Foundry; it is exercised by the
 * maintainers' runs, not by `npm test`. Foundry's screens change between builds: the selectors
 * are all in `SELECTORS`, each with where it was seen.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Locator, type Page } from "playwright-core";
import type { ConsoleEntry } from "./report";

export const SELECTORS = {
  // Licence screen (/license): key field and submit, then the EULA checkbox and its button.
  // Seen in projects booting 13.351 and 14.36x with Playwright (licence form `licenseKey`,
  // EULA `#eula-agree` + `button#sign`, or the form fields `agree` / `accept`).
  licenseKey: 'input[name="licenseKey"]',
  licenseSubmit: 'form button[type="submit"]',
  eulaAgree: '#eula-agree, input[name="agree"]',
  eulaSign: 'button#sign, button[name="accept"]',
  // Setup screen: the "Allow Sharing Usage Data" dialog (v13: `button[data-action="no"]`).
  declineUsage: 'dialog button[data-action="no"]',
  // v14 first launch of a world: the user-management gate at /players.
  playersForm: "form#manage-players",
  playersSubmit: 'form#manage-players button[type="submit"]',
  // Join screen: a user select before 14.366, a user-name field from 14.366; the join button.
  joinSelect: 'select[name="userid"]',
  joinName: "#join-username",
  joinButton: 'button[name="join"]',
} as const;

export const GM_NAME = "Gamemaster";

export interface DriveOptions {
  baseUrl: string;
  license: string;
  chromium: string;
  systemId: string;
  worldId: string;
  label: string;
  outDir: string;
  log: (line: string) => void;
  /** Registers a clean-up step (run on a signal); returns a function that drops it once done. */
  defer: (name: string, fn: () => Promise<void>) => () => void;
  /** Receives every console message as it arrives (phase-tagged). */
  onConsole: (entry: ConsoleEntry) => void;
  batchTimeoutMs?: number;
}

export interface DriveResult {
  /** Foundry's version as the client reports it. */
  foundryVersion: string;
  /** The `tactica.*` batch keys Quench had registered. */
  keys: string[];
  /** Quench's JSON report text, or null when no batch was registered. */
  reportJson: string | null;
  /** World documents the batches left behind (they must delete what they create). */
  leftovers: string[];
}

/** The browser flags: headless Chromium on a machine without GPU, sandbox or network extras. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // WebGL in software: Foundry's canvas needs WebGL, and recent Chromium only falls back to
  // SwiftShader when asked to.
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
];

const LONG = 180_000;

export async function driveFoundry(o: DriveOptions): Promise<DriveResult> {
  // Signals are ours to handle (cleanup.ts): Playwright's own SIGINT handler would close the
  // browser and exit at once, before the server is stopped and the folders removed.
  const browser: Browser = await chromium.launch({
    executablePath: o.chromium,
    headless: true,
    args: CHROMIUM_ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const undoClose = o.defer("close Chromium", () => browser.close());
  let step = "open";
  let page: Page | undefined;
  try {
    // Foundry asks for at least 1366×768; a larger window avoids its "screen too small" warning.
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    page = await context.newPage();
    page.setDefaultTimeout(60_000);
    let phase: ConsoleEntry["phase"] = "setup";
    page.on("console", (msg) => {
      const type = msg.type();
      if (type !== "error" && type !== "warning") return;
      o.onConsole({ type, phase, text: msg.text(), url: msg.location().url || undefined });
    });
    page.on("pageerror", (error) => o.onConsole({ type: "pageerror", phase, text: error.stack ?? error.message }));

    step = "licence";
    await acceptLicense(page, o);
    step = "create-world";
    await createWorld(page, o);
    step = "launch-world";
    await launchWorld(page, o);

    step = "join";
    phase = "load";
    await join(page, o);
    const info = await page.evaluate(() => {
      const g = (
        globalThis as unknown as { game: { system: { id: string }; release?: { version?: string }; version?: string } }
      ).game;
      return { system: g.system.id, version: g.release?.version ?? g.version ?? "?" };
    });
    if (info.system !== o.systemId) throw new Error(`the world runs the system "${info.system}", not "${o.systemId}"`);
    o.log(`Foundry ${info.version}: world "${o.worldId}" loaded with ${o.systemId}, joined as ${GM_NAME}`);

    step = "enable-quench";
    await enableQuench(page, o);

    step = "run-batches";
    phase = "run";
    const run = await runBatches(page, o.batchTimeoutMs ?? 600_000);
    if (run.reportJson && run.failed > 0) await screenshot(page, o, "quench-results", true);
    return { foundryVersion: info.version, keys: run.keys, reportJson: run.reportJson, leftovers: run.leftovers };
  } catch (e) {
    if (page) await screenshot(page, o, `failure-${step}`, false);
    throw new Error(`${step}: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    await browser.close();
    undoClose();
  }
}

/** Saves a screenshot (input fields masked: the licence key must never end up in an artifact). */
async function screenshot(page: Page, o: DriveOptions, name: string, showQuench: boolean): Promise<void> {
  try {
    if (showQuench) {
      await page.evaluate(() =>
        (globalThis as unknown as { quench?: { app: { render(force: boolean): unknown } } }).quench?.app.render(true),
      );
      await page.waitForTimeout(1000);
    }
    fs.mkdirSync(o.outDir, { recursive: true });
    const file = path.join(o.outDir, `${o.label}-${name}.png`);
    await page.screenshot({ path: file, fullPage: true, mask: [page.locator("input")] });
    o.log(`screenshot: ${path.relative(process.cwd(), file)}`);
  } catch {
    // A screenshot is a help for the reader, never a reason of its own to fail.
  }
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Whether `locator` becomes visible within `ms` (for screens and dialogs that may not come). */
const shows = (locator: Locator, ms: number): Promise<boolean> =>
  locator
    .first()
    .waitFor({ state: "visible", timeout: ms })
    .then(
      () => true,
      () => false,
    );

/** Clicks a form's submit button and waits for the page it leads to. */
async function submit(page: Page, button: Locator): Promise<void> {
  const navigated = page.waitForEvent("framenavigated", { predicate: (f) => f === page.mainFrame(), timeout: 60_000 });
  await button.first().click();
  await navigated;
  await page.waitForLoadState("domcontentloaded");
}

/** Whether the server still sends /setup to the licence screen. */
async function needsLicense(page: Page, baseUrl: string): Promise<boolean> {
  const response = await page.request.get(`${baseUrl}/setup`, { maxRedirects: 0 });
  return (response.headers()["location"] ?? "").includes("/license");
}

async function acceptLicense(page: Page, o: DriveOptions): Promise<void> {
  await page.goto(o.baseUrl, { waitUntil: "domcontentloaded" });
  if (pathOf(page) !== "/license") return;
  const key = page.locator(SELECTORS.licenseKey);
  if (await shows(key, 5000)) {
    await key.fill(o.license);
    await submit(page, page.locator(SELECTORS.licenseSubmit));
  }
  const agree = page.locator(SELECTORS.eulaAgree).first();
  if (pathOf(page) === "/license" && (await shows(agree, 10_000))) {
    await agree.check();
    await submit(page, page.locator(SELECTORS.eulaSign));
  }
  // If this build's screens differ, post the same two forms the screens submit.
  if (await needsLicense(page, o.baseUrl)) {
    await page.request.post(`${o.baseUrl}/license`, { form: { licenseKey: o.license }, maxRedirects: 0 });
    await page.request.post(`${o.baseUrl}/license`, { form: { agree: "on", accept: "accept" }, maxRedirects: 0 });
  }
  if (await needsLicense(page, o.baseUrl))
    throw new Error("Foundry still asks for a licence: is FOUNDRY_LICENSE a valid key?");
  o.log("licence key and EULA accepted");
}

/** Posts one action to the setup API, as the setup screen's own forms do (JSON body, `action`). */
async function setupAction(
  page: Page,
  o: DriveOptions,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const response = await page.request.post(`${o.baseUrl}/setup`, { data, maxRedirects: 0, timeout: LONG });
  const type = response.headers()["content-type"] ?? "";
  const body = type.includes("application/json") ? ((await response.json()) as Record<string, unknown>) : {};
  if (response.status() >= 400 || body.error) {
    throw new Error(
      `setup action "${String(data.action)}" failed: HTTP ${response.status()} ${String(body.error ?? "")}`.trim(),
    );
  }
  return body;
}

async function createWorld(page: Page, o: DriveOptions): Promise<void> {
  await page.goto(`${o.baseUrl}/setup`, { waitUntil: "domcontentloaded" });
  const decline = page.locator(SELECTORS.declineUsage);
  if (await shows(decline, 5000)) await decline.click();
  await setupAction(page, o, {
    action: "createWorld",
    id: o.worldId,
    title: `Tactica e2e (${o.label})`,
    system: o.systemId,
  });
  o.log(`world "${o.worldId}" created with ${o.systemId}`);
}

async function launchWorld(page: Page, o: DriveOptions): Promise<void> {
  await setupAction(page, o, { action: "launchWorld", world: o.worldId });
  const deadline = Date.now() + LONG;
  while (Date.now() < deadline) {
    const status = await page.request
      .get(`${o.baseUrl}/api/status`)
      .then((r) => r.json() as Promise<{ active?: boolean; world?: string }>)
      .catch(() => null);
    if (status?.active && status.world === o.worldId) return;
    await page.waitForTimeout(1000);
  }
  throw new Error(`the world "${o.worldId}" did not become active within ${LONG / 1000} s`);
}

/** Waits for `game.ready`, surviving the reloads Foundry may do on its own. */
async function waitForGame(page: Page, extra = "true"): Promise<void> {
  const deadline = Date.now() + LONG;
  for (;;) {
    try {
      await page.waitForFunction(`globalThis.game?.ready === true && (${extra})`, null, {
        timeout: Math.max(1000, deadline - Date.now()),
        polling: 500,
      });
      return;
    } catch (e) {
      const navigating = e instanceof Error && /context was destroyed|navigation/i.test(e.message);
      if (!navigating || Date.now() > deadline) throw e;
    }
  }
}

async function join(page: Page, o: DriveOptions): Promise<void> {
  await page.goto(`${o.baseUrl}/join`, { waitUntil: "domcontentloaded" });
  if (pathOf(page) === "/players") {
    await Promise.all([
      page.waitForURL(/\/(join|game)/, { timeout: LONG }),
      page.locator(SELECTORS.playersSubmit).first().click(),
    ]);
  }
  if (pathOf(page) === "/join") {
    const name = page.locator(SELECTORS.joinName);
    await page.locator(`${SELECTORS.joinName}, ${SELECTORS.joinSelect}`).first().waitFor({ state: "attached" });
    if (await name.isVisible()) {
      await name.fill(GM_NAME);
    } else {
      const select = page.locator(SELECTORS.joinSelect);
      const labels = await select.locator("option").allTextContents();
      if (!labels.some((l) => l.trim() === GM_NAME))
        throw new Error(`no "${GM_NAME}" user to join as (found: ${labels.join(", ")})`);
      await select.selectOption({ label: GM_NAME });
    }
    await Promise.all([
      page.waitForURL(/\/game/, { timeout: LONG }),
      page.locator(SELECTORS.joinButton).first().click(),
    ]);
  }
  await waitForGame(page);
}

/** Activates Quench through the core module configuration setting, then reloads. */
async function enableQuench(page: Page, o: DriveOptions): Promise<void> {
  const state = await page.evaluate(async () => {
    const g = (
      globalThis as unknown as {
        game: {
          modules: { get(id: string): { active: boolean } | undefined };
          settings: {
            get(ns: string, key: string): Record<string, boolean>;
            set(ns: string, key: string, v: unknown): Promise<unknown>;
          };
        };
      }
    ).game;
    const module = g.modules.get("quench");
    if (!module) return "missing";
    if (module.active) return "active";
    const config = g.settings.get("core", "moduleConfiguration");
    await g.settings.set("core", "moduleConfiguration", { ...config, quench: true });
    return "enabled";
  });
  if (state === "missing") throw new Error("Foundry does not see the Quench module in Data/modules/quench");
  if (state === "enabled") {
    await page.reload({ waitUntil: "domcontentloaded" });
    await waitForGame(page);
  }
  // Tactica's batches are a chunk loaded on `quenchReady` (src/hooks/quench.ts): wait until they are registered.
  await waitForGame(
    page,
    'globalThis.game.modules.get("quench")?.active === true && typeof globalThis.quench?.runBatches === "function" && [...globalThis.quench._testBatches.keys()].some((k) => k.startsWith("tactica."))',
  );
  o.log("Quench enabled");
}

/**
 * Runs every registered `tactica.*` batch and waits for Quench's `quenchReports` hook; then counts
 * the world documents the batches left behind (actors, items and tables named "[Quench] …", and
 * chat messages beyond those there before).
 */
async function runBatches(
  page: Page,
  timeoutMs: number,
): Promise<{ keys: string[]; reportJson: string | null; failed: number; leftovers: string[] }> {
  return page.evaluate(async (timeout) => {
    type Named = { contents: { name?: string }[] } | undefined;
    const g = globalThis as unknown as {
      quench: { _testBatches: Map<string, unknown>; runBatches(keys: string[], options?: object): Promise<unknown> };
      Hooks: { once(event: string, fn: (reports: { json: string }) => void): number };
      game: { actors: Named; items: Named; tables: Named; messages?: { size: number } };
    };
    // No named inner functions here: tsx would wrap them in a `__name` helper the page lacks.
    const messagesBefore = g.game.messages?.size ?? 0;
    const keys = [...g.quench._testBatches.keys()].filter((k) => k.startsWith("tactica.")).sort();
    if (!keys.length) return { keys, reportJson: null, failed: 0, leftovers: [] };
    const reportJson = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the batches did not finish within ${timeout / 1000} s`)),
        timeout,
      );
      g.Hooks.once("quenchReports", (reports) => {
        clearTimeout(timer);
        resolve(reports.json);
      });
      g.quench.runBatches(keys, { json: false }).catch((e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      });
    });
    const failed = (JSON.parse(reportJson) as { stats?: { failures?: number } }).stats?.failures ?? 0;
    const leftovers: string[] = [];
    for (const [label, collection] of [
      ["actor", g.game.actors],
      ["item", g.game.items],
      ["table", g.game.tables],
    ] as const) {
      const n = (collection?.contents ?? []).filter((d) => d.name?.startsWith("[Quench]")).length;
      if (n) leftovers.push(`${n} ${label}(s) named "[Quench] …"`);
    }
    const messages = (g.game.messages?.size ?? 0) - messagesBefore;
    if (messages > 0) leftovers.push(`${messages} chat message(s)`);
    return { keys, reportJson, failed, leftovers };
  }, timeoutMs);
}
