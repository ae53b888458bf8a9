/**
 * Drives a fresh Foundry server with playwright-core and Debian's Chromium: the licence agreement
 * (the key is already in `Config/license.json`, main.ts), a new world with the system through the
 * setup route of the server's generation (setup-api.ts), launch, join as Gamemaster, Quench
 * enabled when one was installed, and every `tactica.*` batch run in the world's page by
 * `game.tactica.selfTest` — Tactica's own runner, so no Quench is needed. Returns the report, what
 * the GM's Quench window lists, and every console message seen on the way.
 *
 * This file is the only part of `npm run e2e` that needs a real Foundry; it is exercised by the
 * maintainers' runs, not by `npm test` (what only such a run proves: docs/manual-checks.md, e2e).
 * Foundry's screens change between builds: the selectors are all in `SELECTORS`, each with where
 * it was seen.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type APIResponse, type Browser, type Locator, type Page } from "playwright-core";
import type { ConsoleEntry, QuenchWindow } from "./report";
import { enableQuench, LONG, runSelfTest, waitForGame } from "./page-steps";
import { createWorld, launchWorld, licenceScreenAhead, signLicenceAgreement, type Http, type Reply } from "./setup-api";

export const SELECTORS = {
  // Licence screen (/license): the key field (public e2e of a module on 13.351 and 14.364:
  // `input[name="licenseKey"]`), shown only when Config/license.json did not satisfy the server;
  // the EULA checkbox and its button (two public Playwright helpers: `#eula-agree` then `#sign`,
  // in `#eula-form`).
  licenseKey: 'input[name="licenseKey"]',
  eulaAgree: "#eula-agree",
  eulaSign: "button#sign",
  // Setup screen: the "Allow Sharing Usage Data" dialog (v13.351: `button[data-action="no"]`).
  declineUsage: 'dialog button[data-action="no"]',
  // v14 first launch of a world: the user-management gate at /players (`#manage-players`, its submit).
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
  /** The build `/api/status` reported (main.ts): it chooses the world route. */
  foundryVersion: string | null;
  /** Always true: config.ts stops the run before the licence screen unless the user accepted the EULA. */
  eulaAccepted: true;
  /** Whether a Quench module was installed in `Data/modules/quench`. */
  quenchInstalled: boolean;
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
  /** Who ran the batches: Tactica's own runner, or Quench when the page had no runner. */
  runner: "tactica" | "quench";
  /** The `tactica.*` batch keys the run was to cover. */
  keys: string[];
  /** The report as JSON text: the self-test's, or Quench's (report.ts converts it). */
  reportJson: string;
  /** What the GM's Quench window lists. */
  quench: QuenchWindow;
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
    const http = pageHttp(page, o.baseUrl);
    let phase: ConsoleEntry["phase"] = "setup";
    page.on("console", (msg) => {
      const type = msg.type();
      if (type !== "error" && type !== "warning") return;
      o.onConsole({ type, phase, text: msg.text(), url: msg.location().url || undefined });
    });
    page.on("pageerror", (error) => o.onConsole({ type: "pageerror", phase, text: error.stack ?? error.message }));

    step = "licence";
    await signLicence(page, http, o);
    step = "create-world";
    await page.goto(`${o.baseUrl}/setup`, { waitUntil: "domcontentloaded" });
    const decline = page.locator(SELECTORS.declineUsage);
    if (await shows(decline, 5000)) await decline.click();
    const world = { id: o.worldId, title: `Tactica e2e (${o.label})`, system: o.systemId };
    const route = await createWorld(http, world, o.foundryVersion);
    o.log(`world "${o.worldId}" created with ${o.systemId} (POST ${route})`);
    step = "launch-world";
    await launchWorld(http, o.worldId, { timeoutMs: LONG, pause: (ms) => page!.waitForTimeout(ms) });

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
    const quench: QuenchWindow = o.quenchInstalled ? await enableQuench(page, o.log) : { state: "not-installed" };

    step = "run-batches";
    phase = "run";
    const run = await runSelfTest(page, o.batchTimeoutMs ?? 900_000);
    o.log(
      run.runner === "tactica"
        ? "batches run by game.tactica.selfTest"
        : "batches run by Quench (no game.tactica.selfTest)",
    );
    if (run.failed) await screenshot(page, o, "batches", run.runner === "quench");
    return { foundryVersion: info.version, runner: run.runner, keys: run.keys, reportJson: run.json, quench };
  } catch (e) {
    if (page) await screenshot(page, o, `failure-${step}`, false);
    throw new Error(`${step}: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    await browser.close();
    undoClose();
  }
}

/** setup-api.ts's HTTP client over the page's own request context, which carries its session cookie. */
function pageHttp(page: Page, baseUrl: string): Http {
  const reply = async (response: APIResponse): Promise<Reply> => {
    const headers = response.headers();
    const json = (headers["content-type"] ?? "").includes("application/json");
    const body = json ? ((await response.json()) as Record<string, unknown>) : null;
    return { status: response.status(), body, ...(headers.location ? { location: headers.location } : {}) };
  };
  return {
    get: (route) => page.request.get(`${baseUrl}${route}`, { maxRedirects: 0 }).then(reply),
    post: (route, body) =>
      page.request
        .post(`${baseUrl}${route}`, {
          maxRedirects: 0,
          timeout: LONG,
          ...("json" in body ? { data: body.json } : { form: body.form }),
        })
        .then(reply),
  };
}

/** Saves a screenshot (input fields masked: the licence key must never end up in an artifact). */
async function screenshot(page: Page, o: DriveOptions, name: string, showQuench: boolean): Promise<void> {
  try {
    if (showQuench) {
      // Quench's window (`quench.app`, internal to Quench): opened only when it is there.
      await page.evaluate(() =>
        (globalThis as unknown as { quench?: { app?: { render?(force: boolean): unknown } } }).quench?.app?.render?.(
          true,
        ),
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

/**
 * Signs Foundry's licence agreement on the licence screen of this fresh server (the user accepted
 * it: `o.eulaAccepted`, config.ts). The key is already in Config/license.json; a key field on the
 * screen means the server did not take it. Without the screen's checkbox, the form it posts.
 */
async function signLicence(page: Page, http: Http, o: DriveOptions): Promise<void> {
  await page.goto(o.baseUrl, { waitUntil: "domcontentloaded" });
  if (pathOf(page) !== "/license") return;
  if (await shows(page.locator(SELECTORS.licenseKey), 3000))
    throw new Error(
      "Foundry asks for a licence key although Config/license.json holds FOUNDRY_LICENSE: is it a valid key?",
    );
  if (!o.eulaAccepted) throw new Error("the EULA was not accepted (FOUNDRY_EULA_ACCEPTED)");
  const agree = page.locator(SELECTORS.eulaAgree);
  if (await shows(agree, 10_000)) {
    await agree.check();
    await submit(page, page.locator(SELECTORS.eulaSign));
  } else await signLicenceAgreement(http);
  if (await licenceScreenAhead(http))
    throw new Error(
      "Foundry still shows its licence screen after the agreement was signed: is FOUNDRY_LICENSE a valid key?",
    );
  o.log("licence agreement signed (FOUNDRY_EULA_ACCEPTED=yes)");
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
