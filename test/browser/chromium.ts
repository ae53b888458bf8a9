/**
 * Headless Chromium for the browser checks: playwright-core driving Debian's `/usr/bin/chromium`
 * (no browser download). When Chromium is absent the checks are skipped, and `npm test` says so
 * loudly (see scripts/test-all.mjs).
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";

export const CHROMIUM_PATH = process.env.TACTICA_CHROMIUM ?? "/usr/bin/chromium";
export const SCREENSHOT_DIR = path.join(process.cwd(), "test", "browser", "__screenshots__");

export function hasChromium(): boolean {
  return fs.existsSync(CHROMIUM_PATH);
}

/** Launches Chromium headless with the flags this machine's closed network needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** What one render is made of: our HTML, in a theme, at a width. */
export interface BrowserSample {
  /** File-safe name, also the screenshot's name. */
  name: string;
  /** The rendered HTML (a sheet, a card, a dialog…). */
  html: string;
  theme?: "dark" | "light";
  lang?: "fr" | "en";
  width?: number;
}

/** Every stylesheet the manifest ships, in its order, as Foundry would load them. */
const css = () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(process.cwd(), "system.json"), "utf8")) as { styles: string[] };
  return manifest.styles.map((file) => fs.readFileSync(path.join(process.cwd(), file), "utf8")).join("\n");
};

/**
 * Font Awesome (free, from npm) with its solid font inlined, standing in for the icon font Foundry
 * ships, so icon buttons render in the screenshots as they do in Foundry.
 */
let iconCss: string | undefined;
function fontAwesome(): string {
  if (iconCss !== undefined) return iconCss;
  const root = path.join(process.cwd(), "node_modules", "@fortawesome", "fontawesome-free");
  const font = fs.readFileSync(path.join(root, "webfonts", "fa-solid-900.woff2")).toString("base64");
  const css = ["fontawesome.min.css", "solid.min.css"].map((f) => fs.readFileSync(path.join(root, "css", f), "utf8")).join("\n");
  iconCss = css
    .replace(/url\([^)]*fa-solid-900\.woff2\)/g, `url(data:font/woff2;base64,${font})`)
    .replace(/,\s*url\([^)]*fa-solid-900\.ttf\)[^;}]*/g, "");
  return iconCss;
}

/**
 * A page shell standing in for Foundry's: the body carries v13's theme class, and a handful of
 * core CSS variables our stylesheet reads get plausible values. It is not Foundry's stylesheet
 * (we do not ship or copy it); it only lets our own CSS show what it does.
 */
export function pageShell(sample: BrowserSample): string {
  const theme = sample.theme ?? "dark";
  return `<!doctype html><html lang="${sample.lang ?? "fr"}"><head><meta charset="utf-8">
<style>
  :root { font-size: 14px; }
  body { margin: 0; padding: 12px; font-family: "Signika", "Segoe UI", sans-serif; }
  body.theme-dark { --color-text-primary: #e7e1d8; --color-text-secondary: #b9b1a4; background: #1f1d1a; color: #e7e1d8;
    --color-border: #5a5246; --color-bg-option: #2b2824; }
  body.theme-light { --color-text-primary: #1b1a18; --color-text-secondary: #4b463f; background: #ece7de; color: #1b1a18;
    --color-border: #a59c8c; --color-bg-option: #f7f3ec; }
  #root { width: ${sample.width ?? 600}px; }
  .chat-log { list-style: none; margin: 0; padding: 0; }
  .chat-message { padding: 6px; border: 1px solid var(--color-border); border-radius: 5px; }
</style>
<style>${fontAwesome()}</style>
<style>${css()}</style></head>
<body class="theme-${theme} system-tactica"><div id="root">${sample.html}</div></body></html>`;
}

// One browser context per browser: a new context per page costs ~0.5 s, a page in it far less.
const contexts = new WeakMap<Browser, Promise<BrowserContext>>();

/** Renders a sample, saves its screenshot, and returns the page for DOM assertions (close it). */
export async function renderSample(browser: Browser, sample: BrowserSample): Promise<Page> {
  if (!contexts.has(browser)) contexts.set(browser, browser.newContext());
  const page = await (await contexts.get(browser)!).newPage();
  await page.setViewportSize({ width: (sample.width ?? 600) + 24, height: 400 });
  await page.setContent(pageShell(sample), { waitUntil: "load" });
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // A clipped page screenshot is several times faster than an element screenshot.
  const box = await page.locator("#root").boundingBox();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${sample.name}.png`), fullPage: true, ...(box ? { clip: box } : {}) });
  return page;
}

/** Problems any rendered Tactica view must not have, found in the live DOM. */
export async function domProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.querySelector("#root")!;
    const text = (root as HTMLElement).innerText;
    for (const bad of ["undefined", "[object Object]", "NaN"]) if (text.includes(bad)) problems.push(`text contains "${bad}"`);
    const raw = text.match(/\b(TACTICA|TYPES)\.[A-Za-z0-9_.]+/g);
    if (raw) problems.push(`unlocalised keys: ${[...new Set(raw)].join(", ")}`);
    for (const el of root.querySelectorAll("button, [role=button], a[data-action]")) {
      const name = (el.getAttribute("aria-label") ?? "").trim() || (el as HTMLElement).innerText.trim() || (el.getAttribute("title") ?? "").trim();
      const label = el.outerHTML.slice(0, 80);
      if (!name) problems.push(`control without an accessible name: ${label}`);
      if (el.tagName === "BUTTON" && el.closest("form") && !el.getAttribute("type")) problems.push(`button without type: ${label}`);
    }
    for (const el of root.querySelectorAll("[data-action]")) {
      if (!(el.getAttribute("data-action") ?? "").trim()) problems.push(`empty data-action: ${el.outerHTML.slice(0, 80)}`);
    }
    // Horizontal overflow: nothing may stick out of the root at the tested width.
    const rootRight = root.getBoundingClientRect().right;
    for (const el of root.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > rootRight + 1) {
        problems.push(`overflows ${Math.round(r.right - rootRight)}px at ${el.tagName.toLowerCase()}.${(el as HTMLElement).className}`);
        break;
      }
    }
    return problems;
  });
}

/** A file-safe name for a screenshot. */
export const slug = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

/**
 * One Chromium for the calling `describe` block: launched before its tests, closed after them.
 * Returns a getter, since the browser exists only once `beforeAll` has run.
 */
export function useChromium(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("Chromium is not running (useChromium must be called inside describe)");
    return browser;
  };
}
