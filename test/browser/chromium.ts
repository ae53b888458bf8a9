/**
 * Headless Chromium for the browser checks: playwright-core driving Debian's headless shell
 * (`/usr/bin/chromium-headless-shell`) or, without it, Debian's Chromium (`/usr/bin/chromium`), no
 * browser download (scripts/chromium-path.mjs). When neither is there the checks are skipped, and
 * `npm test` says so loudly (see scripts/test-all.mjs). The benchmarks launch Debian's full
 * Chromium ({@link launchChromium}): they time what a user's browser does.
 *
 * The run has ONE Chromium (test/setup/chromium-server.ts); each vitest worker connects to it once
 * and keeps one long-lived page for every browser file it runs: the page shell (our stylesheets
 * and the inlined icon font, about 300 KB) is loaded once per worker; each check sets the
 * variant's language and theme on it (language × theme), swaps the sample's HTML into `#root`, sets
 * the width and inspects the live DOM in a single `page.evaluate` round trip (a few ms, against
 * about 0.9 s for a new page per sample, and about 3 s for a browser and its pages per test file).
 * The samples are laid out but not painted (see PAINT_NOTHING) unless pictures are being taken.
 * PNGs are written only by `npm run screenshots` (TACTICA_SCREENSHOTS=1), into
 * test/browser/__screenshots__/ (git-ignored).
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { beforeAll, inject } from "vitest";
import { CHROMIUM_ARGS as NETWORK_ARGS, checksChromium, FULL_CHROMIUM } from "../../scripts/chromium-path.mjs";
import { readManifest, styleFiles } from "../../scripts/manifest";

export const CHROMIUM_PATH = checksChromium();
/** The benchmarks' browser: `TACTICA_CHROMIUM`, else Debian's full Chromium. */
export const BENCH_CHROMIUM_PATH = process.env.TACTICA_CHROMIUM || FULL_CHROMIUM;
export const SCREENSHOT_DIR = path.join(process.cwd(), "test", "browser", "__screenshots__");
/** `npm run screenshots` sets it: every check then also writes its sample's PNG. */
export const WRITE_SCREENSHOTS = process.env.TACTICA_SCREENSHOTS === "1";

export function hasChromium(): boolean {
  return fs.existsSync(CHROMIUM_PATH);
}

/** The flags this machine's closed network needs (scripts/chromium-path.mjs). */
export const CHROMIUM_ARGS: string[] = [...NETWORK_ARGS];

/**
 * Launches Chromium headless: the checks' binary, or with `bench` Debian's full browser (the
 * benchmarks, whose `extraArgs` expose the garbage collector, to collect between runs, untimed).
 */
export function launchChromium(extraArgs: string[] = [], { bench = false } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: bench ? BENCH_CHROMIUM_PATH : CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

let connected: Promise<Browser> | undefined;

/**
 * The run's Chromium, connected once per vitest worker (the connection lasts as long as the
 * worker; the browser closes when the run ends). A test file opens its own pages in it and closes
 * them; it never closes the browser. Outside a vitest run with the global set-up (no endpoint),
 * the worker launches a browser of its own.
 */
export function sharedBrowser(): Promise<Browser> {
  if (connected === undefined) {
    const endpoint = inject("chromiumEndpoint");
    connected = endpoint ? chromium.connect(endpoint) : launchChromium();
    // A failed connection is not kept: the next file tries again.
    connected.catch(() => (connected = undefined));
  }
  return connected;
}

export type Lang = "fr" | "en";
export type Theme = "dark" | "light";

/** One way a user sees the system: a language and a v13 colour theme. */
export interface Variant {
  lang: Lang;
  theme: Theme;
}

/** Both languages in both themes: every sample is checked (and photographed) in all four. */
export const VARIANTS: readonly Variant[] = [
  { lang: "fr", theme: "dark" },
  { lang: "fr", theme: "light" },
  { lang: "en", theme: "dark" },
  { lang: "en", theme: "light" },
];

/**
 * Every stylesheet the manifest ships, in its order, as Foundry would load them. The page has no
 * server, so a file the CSS links relative to its own folder (`url("../assets/icons/x.svg")`,
 * served by Foundry under systems/tactica/) is inlined as a data URL.
 */
const css = () => {
  return styleFiles(readManifest())
    .map((file) =>
      fs
        .readFileSync(path.join(process.cwd(), file), "utf8")
        .replace(/url\("(\.\.\/assets\/[^"]+\.svg)"\)/g, (_whole, href: string) => {
          const svg = fs.readFileSync(path.join(process.cwd(), path.dirname(file), href)).toString("base64");
          return `url("data:image/svg+xml;base64,${svg}")`;
        }),
    )
    .join("\n");
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
  const css = ["fontawesome.min.css", "solid.min.css"]
    .map((f) => fs.readFileSync(path.join(root, "css", f), "utf8"))
    .join("\n");
  iconCss = css
    .replace(/url\([^)]*fa-solid-900\.woff2\)/g, `url(data:font/woff2;base64,${font})`)
    .replace(/,\s*url\([^)]*fa-solid-900\.ttf\)[^;}]*/g, "");
  return iconCss;
}

/**
 * A stand-in for core v13's window frame around an application (not Foundry's stylesheet, which
 * we do not ship or copy): an application is a flex column, and its `.window-content` takes the
 * rest of the window and CLIPS (`flex: 1; overflow: hidden`) — so content that does not scroll by
 * itself is cut off here as in Foundry (dnd5e 5.3 adds `overflow-y: auto` to
 * its own window content, `less/v2/activities.less`, because core's does not scroll). Core's
 * colour variables follow the interface theme on `body` and an application's own theme on
 * `.themed.theme-*` (v13 per-application colour schemes).
 */
export const CORE_FRAME_CSS = `
  .application { display: flex; flex-direction: column; overflow: hidden; background: var(--color-bg-app); color: var(--color-text-primary); }
  .application > .window-header { flex: none; height: 30px; }
  .application > .window-content { display: flex; flex-direction: column; flex: 1; min-height: 0; overflow: hidden; }
  body.theme-dark, .themed.theme-dark { --color-text-primary: #e7e1d8; --color-text-secondary: #b9b1a4; --color-bg-app: #1f1d1a;
    --color-border: #5a5246; --color-bg-option: #2b2824; }
  body.theme-light, .themed.theme-light { --color-text-primary: #1b1a18; --color-text-secondary: #4b463f; --color-bg-app: #ece7de;
    --color-border: #a59c8c; --color-bg-option: #f7f3ec; }
`;

/**
 * For the checks, unless pictures are being taken, the samples are laid out but not painted: a
 * subtree at opacity 0 keeps its layout, styles, text, focus and visibility (everything the checks
 * read), and Chromium skips painting and rasterising it, which was most of its CPU time. The
 * benchmarks paint, as a user's browser does.
 */
const PAINT_NOTHING = "\n  #root { opacity: 0; }";

/**
 * A page shell standing in for Foundry's: the body carries v13's theme class, core's window frame
 * is {@link CORE_FRAME_CSS}, and a handful of core CSS variables our stylesheet reads get
 * plausible values. It is not Foundry's stylesheet; it only lets our own CSS show what it does in
 * a frame that clips as core's does. `#root` is empty until a check swaps a sample in; the hidden
 * icon makes the page load the icon font up front, so the first sample is laid out with it like
 * the others. `painted: false` lays samples out without painting them (see PAINT_NOTHING).
 */
export function pageShell(variant: Variant, { painted = true }: { painted?: boolean } = {}): string {
  return `<!doctype html><html lang="${variant.lang}"><head><meta charset="utf-8">
<style>
  :root { font-size: 14px; }
  body { margin: 0; padding: 12px; font-family: "Signika", "Segoe UI", sans-serif; background: var(--color-bg-app); color: var(--color-text-primary); }
  ${CORE_FRAME_CSS}
  #root { width: 600px; }${painted ? "" : PAINT_NOTHING}
  .chat-log { list-style: none; margin: 0; padding: 0; }
  .chat-message { padding: 6px; border: 1px solid var(--color-border); border-radius: 5px; }
</style>
<style>${fontAwesome()}</style>
<style>${css()}</style></head>
<body class="theme-${variant.theme} system-tactica"><i class="fa-solid fa-dice" aria-hidden="true" style="position:absolute;visibility:hidden"></i><div id="root"></div></body></html>`;
}

/** The widest sample plus the body's padding: one viewport fits every width we check. */
const VIEWPORT = { width: 800, height: 600 };

/** What one check found in the live DOM of a sample (see {@link inspectInPage}). */
export interface DomReport {
  /** the width of `#root`, in px */
  width: number;
  /** problems no rendered Tactica view may have (empty when all is well) */
  problems: string[];
  /** `article` elements (a chat card is exactly one) */
  articles: number;
  /** every `button[data-action]`: shown, and takes the keyboard focus */
  actionButtons: { html: string; visible: boolean; focusable: boolean }[];
  /** every `input` and `select`: shown, and labelled (`label[for]` or inside a label) */
  fields: { html: string; visible: boolean; labelled: boolean }[];
  /** size of every timeline marker */
  markers: { width: number; height: number }[];
  /** background colour of the timeline's pointer row, null when there is none */
  pointerBackground: string | null;
  /** `.tab` elements that are not active */
  inactiveTabs: number;
  /** buttons that could submit a form or dispatch nothing (no `type="button"` or empty `data-action`) */
  looseButtons: string[];
  /** roll controls (`data-action` roll*, castPower, attack, moraleTest, rally, fearTest) */
  rollControls: number;
  /** `<vex>` / `<laser>` elements: sample names' angle brackets that were NOT escaped */
  injectedTags: number;
  /**
   * Text and icons below WCAG 2.2 AA contrast against the fill they sit on (see
   * {@link inspectInPage}): "ratio colour on fill: element text", empty when all is well.
   */
  lowContrast: string[];
}

/**
 * Runs IN THE PAGE (Playwright serialises it; it may use nothing from this module): sets the
 * variant's language and interface theme, puts `html` in `#root` once — through `innerHTML`, so
 * the HTML parser treats it as a browser does (a `<form>` inside a form is dropped) — gives each
 * application frame the variant's own theme classes (`themed theme-*`, as core v13 does for a
 * per-application colour scheme), then for each width (the first last, so the page is left at it
 * for a screenshot) lays it out, waits for its images and fonts, and reports what the checks
 * assert.
 */
async function inspectInPage({
  html,
  widths,
  lang,
  theme,
}: {
  html: string;
  widths: number[];
  lang: string;
  theme: string;
}): Promise<DomReport[]> {
  // The variant, as setVariant gives it (inlined: this function may use nothing from outside).
  document.documentElement.lang = lang;
  document.body.className = `theme-${theme} system-tactica`;
  const root = document.querySelector<HTMLElement>("#root")!;
  root.innerHTML = html;
  for (const app of root.querySelectorAll(".application")) app.classList.add("themed", `theme-${theme}`);
  await Promise.all([...root.querySelectorAll("img")].map((img) => img.decode().catch(() => undefined)));
  const short = (el: Element) => el.outerHTML.slice(0, 80);
  // Playwright's definition of visible: a non-empty box and not `visibility: hidden`.
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  const reports: DomReport[] = [];
  for (const width of [...widths].reverse()) {
    root.style.width = `${width}px`;
    await document.fonts.ready;
    const problems: string[] = [];
    const text = root.innerText;
    for (const bad of ["undefined", "[object Object]", "NaN"])
      if (text.includes(bad)) problems.push(`text contains "${bad}"`);
    const raw = text.match(/\b(TACTICA|TYPES)\.[A-Za-z0-9_.]+/g);
    if (raw) problems.push(`unlocalised keys: ${[...new Set(raw)].join(", ")}`);
    for (const el of root.querySelectorAll("button, [role=button], a[data-action]")) {
      // A row skipped by `content-visibility: auto` (styles/perf.css) has no innerText while off
      // screen, yet its text stays in the accessibility tree (CSS Containment 2): read its text then.
      const text = (el as HTMLElement).innerText.trim() || (el.textContent ?? "").trim();
      const name = (el.getAttribute("aria-label") ?? "").trim() || text || (el.getAttribute("title") ?? "").trim();
      if (!name) problems.push(`control without an accessible name: ${short(el)}`);
      if (el.tagName === "BUTTON" && el.closest("form") && !el.getAttribute("type"))
        problems.push(`button without type: ${short(el)}`);
    }
    // Content that spills out of its own control (a value over an icon, a label under the next
    // button) overlaps what sits beside it even when nothing leaves the root. A control that
    // clips its text on purpose (text-overflow: ellipsis) is not counted.
    for (const el of root.querySelectorAll<HTMLElement>("button, summary")) {
      if (!visible(el) || getComputedStyle(el).textOverflow === "ellipsis") continue;
      if (el.scrollWidth > el.clientWidth + 1)
        problems.push(`content overflows its control by ${el.scrollWidth - el.clientWidth}px: ${short(el)}`);
    }
    for (const el of root.querySelectorAll("[data-action]")) {
      if (!(el.getAttribute("data-action") ?? "").trim()) problems.push(`empty data-action: ${short(el)}`);
    }
    // Horizontal overflow: nothing may stick out of the root at the tested width.
    const rootRight = root.getBoundingClientRect().right;
    for (const el of root.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > rootRight + 1) {
        problems.push(
          `overflows ${Math.round(r.right - rootRight)}px at ${el.tagName.toLowerCase()}.${(el as HTMLElement).className}`,
        );
        break;
      }
    }

    const fields = [...root.querySelectorAll("input, select")].map((el) => ({
      html: short(el),
      visible: visible(el),
      labelled:
        (el.id !== "" && root.querySelector(`label[for="${CSS.escape(el.id)}"]`) !== null) ||
        el.closest("label") !== null,
    }));
    const markers = [...root.querySelectorAll(".tactica-marker")].map((el) => {
      const r = el.getBoundingClientRect();
      return { width: r.width, height: r.height };
    });
    const pointer = root.querySelector(".tactica-timeline__row.is-pointer");
    // Geometry first, focus after: focusing invalidates styles, and a read of geometry after each
    // focus would lay the page out again for every button. The focus is taken without its ring
    // (`focusVisible: false`): whether a button takes the focus does not depend on it, and each
    // `:focus-visible` style our sheets give a button would otherwise be applied and laid out
    // again for every button (about half as much again of the renderer's time in this loop: 1.7 s
    // against 1.1 s a run).
    const buttons = [...root.querySelectorAll<HTMLElement>("button[data-action]")];
    const shown = buttons.map(visible);
    const withoutRing = { preventScroll: true, focusVisible: false };
    const focusable = buttons.map((el) => {
      el.focus(withoutRing);
      return document.activeElement === el;
    });
    (document.activeElement as HTMLElement | null)?.blur();
    const actionButtons = buttons.map((el, i) => ({ html: short(el), visible: shown[i]!, focusable: focusable[i]! }));
    reports.unshift({
      width,
      problems,
      articles: root.querySelectorAll("article").length,
      actionButtons,
      fields,
      markers,
      pointerBackground: pointer ? getComputedStyle(pointer).backgroundColor : null,
      inactiveTabs: root.querySelectorAll(".tab:not(.active)").length,
      looseButtons: [...root.querySelectorAll("button")]
        .filter((b) => b.getAttribute("type") !== "button" || !b.dataset.action?.trim())
        .map(short),
      rollControls: root.querySelectorAll(
        "[data-action^=roll], [data-action=castPower], [data-action=attack], [data-action=moraleTest], [data-action=rally], [data-action=fearTest]",
      ).length,
      injectedTags: root.querySelectorAll("vex, laser").length,
      lowContrast: width === widths[0] ? lowContrastIn(root) : [],
    });
  }
  return reports;

  /**
   * WCAG 2.2 AA (1.4.3, 1.4.11) in the live DOM: each shown element with text of its own needs
   * 4.5:1 against the fill it sits on (3:1 for large text: 24 px, or 18.66 px bold), and each icon
   * glyph (`i.fa-*`) 3:1. The fill is every ancestor's `background-color` composited from the page
   * down, and the text colour is composited over it with its own alpha and the opacity of the
   * element and its ancestors (`#root`'s own paint switch excepted). Disabled controls are exempt
   * (WCAG: inactive components), and so is text over an image.
   */
  function lowContrastIn(scope: HTMLElement): string[] {
    type RGBA = [number, number, number, number];
    const parse = (css: string): RGBA | null => {
      const rgb = /rgba?\(([^)]+)\)/.exec(css);
      if (rgb) {
        const [r = 0, g = 0, b = 0, a = 1] = rgb[1]!
          .split(/[\s,/]+/)
          .filter(Boolean)
          .map(Number);
        return [r, g, b, a];
      }
      const srgb = /color\(srgb ([^)]+)\)/.exec(css);
      if (srgb) {
        const [r = 0, g = 0, b = 0, a = 1] = srgb[1]!
          .split(/[\s/]+/)
          .filter(Boolean)
          .map(Number);
        return [r * 255, g * 255, b * 255, a];
      }
      return null;
    };
    const over = (top: RGBA, bottom: RGBA): RGBA => {
      const a = top[3] + bottom[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mix = (i: number) => (top[i]! * top[3] + bottom[i]! * bottom[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const luminance = ([r, g, b]: RGBA) => {
      const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const hex = ([r, g, b]: RGBA) => "#" + [r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("");
    const fills = new Map<Element, RGBA | null>();
    /** The opaque colour under `el`'s content; null over an image. */
    const fillOf = (el: Element | null): RGBA | null => {
      if (!el) return parse(getComputedStyle(document.body).backgroundColor) ?? [255, 255, 255, 1];
      if (fills.has(el)) return fills.get(el)!;
      const style = getComputedStyle(el);
      const below = fillOf(el.parentElement);
      let fill: RGBA | null = below;
      if (style.backgroundImage !== "none" && !style.backgroundImage.startsWith('url("data:image/svg')) fill = null;
      else if (below) {
        const own = parse(style.backgroundColor);
        fill = own && own[3] > 0 ? over(own, below) : below;
      }
      fills.set(el, fill);
      return fill;
    };
    const opacities = new Map<Element, number>();
    const opacityOf = (el: Element | null): number => {
      if (!el || el === document.body) return 1;
      const known = opacities.get(el);
      if (known !== undefined) return known;
      const own = el === scope ? 1 : Number(getComputedStyle(el).opacity);
      const o = own * opacityOf(el.parentElement);
      opacities.set(el, o);
      return o;
    };
    const found: string[] = [];
    const measure = (el: HTMLElement, needed: number, what: string) => {
      const fill = fillOf(el);
      const color = parse(getComputedStyle(el).color);
      if (!fill || !color) return;
      const seen = over([color[0], color[1], color[2], color[3] * opacityOf(el)], fill);
      const [a, b] = [luminance(seen), luminance(fill)];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      if (ratio < needed - 0.005)
        found.push(`${ratio.toFixed(2)}:1 ${hex(seen)} on ${hex(fill)}: ${el.outerHTML.slice(0, 60)} ${what}`.trim());
    };
    // Shown: a box of more than a pixel (a visually hidden text for screen readers is exempt).
    const shown = (el: HTMLElement) => {
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== "hidden";
    };
    const inactive = (el: Element) => el.closest(":disabled, [disabled], .disabled, [aria-disabled=true]") !== null;
    for (const el of scope.querySelectorAll<HTMLElement>("*")) {
      const icon = el.tagName === "I" && el.className.includes("fa-");
      const text =
        !icon && [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim());
      if ((!icon && !text) || !shown(el) || inactive(el)) continue;
      if (icon) {
        measure(el, 3, "(icon)");
        continue;
      }
      const style = getComputedStyle(el);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      measure(el, large ? 3 : 4.5, `“${(el.textContent ?? "").trim().slice(0, 30)}”`);
    }
    return [...new Set(found)];
  }
}

/** The checks of one test file: the run's Chromium, the worker's page, its shell loaded once. */
export interface BrowserChecks {
  /**
   * Runs `fn` in the page set to the variant (its shell loaded, `#root` holding whatever the last
   * check put there) with `arg`, for checks of their own (a window's scrolling, a theme).
   */
  evaluate<A, R>(variant: Variant, fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /**
   * Renders `html` in the page set to the variant at each of `widths` and reports its DOM at each; with
   * `npm run screenshots`, also writes `<shot>.png`, a clip of `#root` at the first width (a
   * gallery sample always names its shot; the checker's self-test does not).
   */
  check(variant: Variant, html: string, widths: readonly number[], shot?: string): Promise<DomReport[]>;
  /**
   * Hands the page over to checks that drive it themselves (styles/perf.css: scrolling, heights):
   * set to the variant, emptied, at `viewport`, with `css` added and painted as a user's browser
   * paints; `restore()` puts it back as the other checks use it (their viewport, unpainted, the
   * document scrolled to the top, `#root` empty), so no page of its own (a renderer process and a
   * shell load) is needed.
   */
  takeOver(variant: Variant, viewport: { width: number; height: number }, css: string): Promise<TakenPage>;
}

/** The worker's page as {@link BrowserChecks.takeOver} hands it over. */
export interface TakenPage {
  page: Page;
  restore(): Promise<void>;
}

const TAKEN_OVER = "tactica-taken-over";

let shellPage: Promise<Page> | undefined;

/**
 * The worker's page, with its shell loaded, opened once in the shared browser. Each check first
 * gives it the variant's language (`<html lang>`) and interface theme (the body's class, as
 * {@link pageShell} writes it), then puts its own HTML in `#root` (and a check of its own resets
 * what it changed), so the page carries nothing from one test or file to the next but its shell.
 */
function openShellPage(): Promise<Page> {
  if (shellPage === undefined) {
    shellPage = (async () => {
      const context = await (await sharedBrowser()).newContext({ viewport: VIEWPORT });
      const page = await context.newPage();
      await page.setContent(pageShell(VARIANTS[0]!, { painted: WRITE_SCREENSHOTS }), { waitUntil: "load" });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      return page;
    })();
    shellPage.catch(() => (shellPage = undefined));
  }
  return shellPage;
}

/** Runs IN THE PAGE: the variant's language and interface theme, as {@link pageShell} sets them. */
function setVariant({ lang, theme }: Variant): void {
  document.documentElement.lang = lang;
  document.body.className = `theme-${theme} system-tactica`;
}

/**
 * The checks of the calling `describe` block, on the worker's page (opened before its first test
 * if no earlier file of the worker opened it).
 */
export function useBrowserChecks(): BrowserChecks {
  let opened: Page | undefined;
  beforeAll(async () => {
    opened = await openShellPage();
    if (WRITE_SCREENSHOTS) fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  }, 60_000);
  const page = (): Page => {
    if (!opened) throw new Error("Chromium is not running (useBrowserChecks must be called inside describe)");
    return opened;
  };
  return {
    async evaluate(variant, fn, arg) {
      await page().evaluate(setVariant, { lang: variant.lang, theme: variant.theme });
      return page().evaluate(fn as never, arg as never) as never;
    },
    async takeOver(variant, viewport, css) {
      const taken = page();
      await taken.setViewportSize(viewport);
      await taken.evaluate(
        ({ lang, theme, css, id }) => {
          document.documentElement.lang = lang;
          document.body.className = `theme-${theme} system-tactica`;
          const root = document.querySelector<HTMLElement>("#root")!;
          root.innerHTML = "";
          root.removeAttribute("style");
          const style = document.createElement("style");
          style.id = id;
          // Painted (the checks' samples are not, see PAINT_NOTHING), then the caller's own styles.
          style.textContent = `#root { opacity: 1; }\n${css}`;
          document.head.append(style);
        },
        { lang: variant.lang, theme: variant.theme, css, id: TAKEN_OVER },
      );
      return {
        page: taken,
        async restore() {
          await taken.evaluate((id) => {
            document.getElementById(id)?.remove();
            const root = document.querySelector<HTMLElement>("#root")!;
            root.innerHTML = "";
            root.removeAttribute("style");
            window.scrollTo(0, 0);
          }, TAKEN_OVER);
          await taken.setViewportSize(VIEWPORT);
        },
      };
    },
    async check(variant, html, widths, shot) {
      const { lang, theme } = variant;
      const reports = await page().evaluate(inspectInPage, { html, widths: [...widths], lang, theme });
      if (WRITE_SCREENSHOTS && shot !== undefined) {
        // A tall page shows every row at once, as a user scrolling would see them: rows that
        // `content-visibility: auto` (styles/perf.css) skips below the viewport would be blank.
        const shown = await page().addStyleTag({ content: "#root * { content-visibility: visible !important; }" });
        try {
          const box = await page().locator("#root").boundingBox();
          await page().screenshot({
            path: path.join(SCREENSHOT_DIR, `${shot}.png`),
            fullPage: true,
            ...(box ? { clip: box } : {}),
          });
        } finally {
          // The page serves every later check of the worker: it must not keep the style.
          await shown.evaluate((style) => (style as HTMLStyleElement).remove());
        }
      }
      return reports;
    },
  };
}
