import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CORE_FRAME_CSS, hasChromium, useBrowserChecks, VARIANTS } from "./chromium";

// A theme changes colours only: the browser checks rely on it when they check a sample's second
// theme in place (test/browser/chromium.ts, inspectInPage), measuring its contrast again but not
// its layout. Held here for our stylesheets and the page shell's stand-in for core's frame.

/** Each innermost `selector { declarations }` of a stylesheet (nested at-rules opened around them). */
function innermostRules(css: string): { selector: string; declarations: string[] }[] {
  const bare = css.replace(/\/\*[\s\S]*?\*\//g, "");
  return [...bare.matchAll(/([^{};]+)\{([^{}]*)\}/g)].map((m) => ({
    selector: m[1]!.trim(),
    declarations: m[2]!
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean),
  }));
}

const COLOUR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla|color-mix)\(.+\)|var\(--[\w-]+(,\s*#[0-9a-f]{3,8})?\))$/i;

/** The declarations of theme rules that are not a colour custom property, and the other rules naming a theme. */
function themeFaults(css: string): string[] {
  const faults: string[] = [];
  for (const { selector, declarations } of innermostRules(css)) {
    if (!/theme-(dark|light)/.test(selector)) continue;
    const everyPart = selector.split(",").every((part) => /(body|\.themed)\.theme-(dark|light)\s*$/.test(part.trim()));
    if (!everyPart) faults.push(`a rule below a theme class: ${selector}`);
    for (const declaration of declarations) {
      const [property = "", ...rest] = declaration.split(":");
      const value = rest.join(":").trim();
      if (!property.trim().startsWith("--") || !COLOUR.test(value)) faults.push(`${selector}: ${declaration}`);
    }
  }
  return faults;
}

const stylesheets = fs
  .readdirSync(path.join(process.cwd(), "styles"))
  .filter((f) => f.endsWith(".css"))
  .map((f) => [f, fs.readFileSync(path.join(process.cwd(), "styles", f), "utf8")] as const);

describe("themes change colours only", () => {
  it.each(stylesheets)(
    "styles/%s: a theme class sets colour custom properties, and nothing else names it",
    (_f, css) => {
      expect(themeFaults(css)).toEqual([]);
    },
  );

  it("the page shell's frame: the same", () => {
    expect(themeFaults(CORE_FRAME_CSS)).toEqual([]);
    // The shell does name the themes (core's colour variables follow them).
    expect(innermostRules(CORE_FRAME_CSS).some((r) => r.selector.includes("theme-light"))).toBe(true);
  });

  it("the check finds a size set by a theme, and a rule below a theme class", () => {
    expect(themeFaults("body.theme-dark { --t-gap: 2rem; --a: #fff; }")).toEqual(["body.theme-dark: --t-gap: 2rem"]);
    expect(themeFaults(".themed.theme-light .row { color: red; }")).toEqual([
      "a rule below a theme class: .themed.theme-light .row",
      ".themed.theme-light .row: color: red",
    ]);
    expect(themeFaults("@layer system { body.theme-light, .themed.theme-light { --x: rgb(1 2 3); } }")).toEqual([]);
  });
});

describe.runIf(hasChromium())("a sample's second theme, checked in place", () => {
  const browser = useBrowserChecks();
  const [frDark, frLight] = [VARIANTS[0]!, VARIANTS[1]!];
  // Readable in the dark theme only: core's text colour of the light theme on a dark fill.
  const sample = `<div class="application"><p style="background: #1b1a18; color: var(--color-text-primary)">dark fill</p>
    <button type="button" data-action="go">Go</button></div>`;

  it("measures the second theme's contrast, and keeps the layout the first theme's check found", async () => {
    const [dark] = await browser.check(frDark, sample, [300]);
    const [light] = await browser.check(frLight, sample, [300]);
    expect(dark!.lowContrast).toEqual([]);
    expect(light!.lowContrast).toEqual([expect.stringContaining("dark fill")]);
    expect(light!.actionButtons).toEqual(dark!.actionButtons);
    // The page is left as a full check in that theme leaves it.
    const shown = await browser.evaluate(
      frLight,
      () => ({
        body: document.body.className,
        app: document.querySelector("#root .application")!.className,
        text: document.querySelector<HTMLElement>("#root")!.innerText.replace(/\s+/g, " ").trim(),
      }),
      null,
    );
    expect(shown).toEqual({
      body: "theme-light system-tactica",
      app: "application themed theme-light",
      text: "dark fill Go",
    });
  });

  it("checks the sample again in full when the page changed in between", async () => {
    await browser.check(frDark, sample, [300]);
    // Something else changes the page without moving a box: the text turns white.
    await browser.evaluate(
      frDark,
      () => document.querySelector<HTMLElement>("#root p")!.style.setProperty("color", "#fff"),
      null,
    );
    const [light] = await browser.check(frLight, sample, [300]);
    expect(light!.lowContrast).toEqual([expect.stringContaining("dark fill")]);
  });

  it("checks it again in full when the second theme lays it out differently", async () => {
    // A stylesheet that sizes by theme (ours may not: held above) makes the light theme overflow.
    const sized = `<style>body.theme-light .probe { width: 900px; }</style><div class="application"><p class="probe">x</p></div>`;
    const [dark] = await browser.check(frDark, sized, [300]);
    const [light] = await browser.check(frLight, sized, [300]);
    expect(dark!.problems).toEqual([]);
    expect(light!.problems).toEqual([expect.stringMatching(/^overflows \d+px at /)]);
  });
});
