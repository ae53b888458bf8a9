import { beforeAll, describe, expect, it } from "vitest";
import { createTemplateHarness, textOf } from "../templates/harness";
import { VARIANTS, hasChromium, useBrowserChecks } from "./chromium";
import { DIALOG_GALLERY, DIALOG_WINDOW_GALLERY, casesByLang, shotName } from "./gallery";
import { CONFIRM_BUTTONS } from "../../src/applications/dialogs/confirm-dialog";
import { frenchIn, loadSheetWorld, type SheetWorld } from "../templates/sheet-samples";
import { dialogWindow as openedWindow } from "../templates/dialog-windows";

// The roll dialogs' content in headless Chromium with our stylesheets, at a dialog's width, in
// both languages and both themes — inside the markup core v13's DialogV2 renders around it
// (client/applications/api/dialog.mjs `_renderHTML`): its own `<form class="dialog-form">`, the
// content in `.dialog-content`, the buttons in the footer.

/** The buttons a template's dialog really has: the confirmation's own, else the roll (review N12). */
function buttonsOf(template: string, localize: (key: string) => string): string {
  const buttons = template.endsWith("/confirm.hbs")
    ? CONFIRM_BUTTONS
    : [{ action: "roll", label: "TACTICA.Dialog.roll", icon: "fa-solid fa-dice", default: true }];
  return buttons
    .map(
      (b) =>
        `<button type="submit" data-action="${b.action}"${b.default ? " autofocus" : ""}><i class="${b.icon}" aria-hidden="true"></i><span>${localize(b.label)}</span></button>`,
    )
    .join("");
}

/** A DialogV2 window around `content`, put in the page through innerHTML (as core does). */
function dialogWindow(content: string, buttons: string): string {
  return `<div class="application dialog tactica tactica-dialog"><header class="window-header"></header><div class="window-content">
<form class="dialog-form standard-form" autocomplete="off"><div class="dialog-content standard-form">${content}</div>
<footer class="form-footer">${buttons}</footer></form></div></div>`;
}

describe.runIf(hasChromium())("roll dialogs in Chromium", () => {
  const browser = useBrowserChecks();

  // The hand-over of the page (styles/perf.css drives it itself): painted at the asked viewport with
  // the caller's styles while taken, and given back exactly as the other checks found it.
  it("takeOver lends the page painted at its viewport, and restore gives it back as it was", async () => {
    const state = () =>
      browser.evaluate(
        VARIANTS[0]!,
        () => ({
          opacity: getComputedStyle(document.querySelector("#root")!).opacity,
          size: [window.innerWidth, window.innerHeight],
          scroll: window.scrollY,
          styles: document.querySelectorAll("head style").length,
          root: document.querySelector("#root")!.innerHTML,
          // No inline style (a check leaves an empty attribute, restore none).
          rootStyle: document.querySelector("#root")!.getAttribute("style") || null,
        }),
        null,
      );
    await browser.check(VARIANTS[0]!, "<p>before</p>", [300]);
    const before = await state();
    const taken = await browser.takeOver(
      VARIANTS[3]!,
      { width: 1280, height: 900 },
      ".probe-frame { height: 5000px; }",
    );
    const during = await taken.page.evaluate(() => {
      const root = document.querySelector<HTMLElement>("#root")!;
      root.innerHTML = '<div class="probe-frame">tall</div>';
      root.style.outline = "1px solid red";
      window.scrollTo(0, 2000);
      return {
        opacity: getComputedStyle(root).opacity,
        size: [window.innerWidth, window.innerHeight],
        height: root.querySelector<HTMLElement>(".probe-frame")!.offsetHeight,
        scroll: window.scrollY,
        lang: document.documentElement.lang,
      };
    });
    expect(during).toEqual({ opacity: "1", size: [1280, 900], height: 5000, scroll: 2000, lang: VARIANTS[3]!.lang });
    await taken.restore();
    expect(await state()).toEqual({ ...before, root: "", rootStyle: null });
  });

  // The checker itself: a sample with every fault it looks for must report each of them, in a
  // page that has already shown another sample (the pages are reused).
  it("the DOM checks find every fault they look for", async () => {
    await browser.check(VARIANTS[0]!, "<p>clean</p>", [300]);
    const faulty = `<form><button data-action="roll"></button><button data-action="go">Go</button>
      <button type="button" data-action="">Empty</button><a data-action="open"></a>
      <p>TACTICA.Missing.key undefined NaN</p><div style="width: 500px">wide</div>
      <input name="lonely"><label>Named <select name="ok"></select></label>
      <button type="button" data-action="hidden" style="display: none">Hidden</button>
      <p style="color: #767676; background: #8a8a8a">grey on grey</p><p style="color: #000; background: #fff">black on white</p>
      <span style="background: #f2f2f2"><i class="fa-solid fa-dice" style="color: #d9d9d9"></i><span style="opacity: 0.3">faint</span></span>
      <span class="disabled" style="color: #ddd; background: #eee">Off</span></form>`;
    const [narrow, wide] = await browser.check(VARIANTS[3]!, faulty, [300, 700]);
    expect(narrow!.width).toBe(300);
    expect(narrow!.problems).toEqual([
      'text contains "undefined"',
      'text contains "NaN"',
      "unlocalised keys: TACTICA.Missing.key",
      'control without an accessible name: <button data-action="roll"></button>',
      'button without type: <button data-action="roll"></button>',
      'button without type: <button data-action="go">Go</button>',
      'control without an accessible name: <a data-action="open"></a>',
      'empty data-action: <button type="button" data-action="">Empty</button>',
      "overflows 200px at div.",
    ]);
    // At 700 px nothing overflows; the rest is the same.
    expect(wide!.problems).toEqual(narrow!.problems.slice(0, -1));
    expect(narrow!.fields.map((f) => f.labelled)).toEqual([false, true]);
    expect(narrow!.actionButtons.map((b) => [b.visible, b.focusable])).toEqual([
      [true, true],
      [true, true],
      [true, true],
      [false, false],
    ]);
    expect(narrow!.looseButtons).toHaveLength(3);
    // Contrast (WCAG AA): text under 4.5:1, an icon under 3:1, text faded by opacity; a disabled
    // control is exempt. Measured at the first width only.
    expect(narrow!.lowContrast.map((entry) => entry.split(":")[0] + ":" + entry.split(" ").at(-1))).toEqual([
      "1.32:grey”",
      "1.26:(icon)",
      "1.91:“faint”",
    ]);
    expect(wide!.lowContrast).toEqual([]);
    expect(narrow!.rollControls).toBe(1);
  });

  describe.each(casesByLang(DIALOG_GALLERY))("$lang", ({ lang, cases }) => {
    const harness = createTemplateHarness(lang);

    it.each(cases)("$name", async ({ sample, variant }) => {
      const html = dialogWindow(
        harness.render(sample.sample.template, sample.sample.context(lang)),
        buttonsOf(sample.sample.template, (key) => harness.i18n.localize(key)),
      );
      // English pictures hold no French.
      if (lang === "en") expect(frenchIn(textOf(html))).toEqual([]);
      for (const report of await browser.check(variant, html, sample.widths, shotName(sample, variant))) {
        const width = report.width;
        expect(report.problems, `${width}px`).toEqual([]);
        expect(report.lowContrast, `${width}px`).toEqual([]);
        // Every field is shown and labelled (by label[for] or by an enclosing label).
        for (const field of report.fields) expect(field, `${width}px`).toMatchObject({ visible: true, labelled: true });
      }
      // Inside DialogV2's own form, the template's root survives the HTML parser and gets our
      // layout; every field belongs to DialogV2's form.
      const layout = await browser.evaluate(
        variant,
        () => {
          const root = document.querySelector("#root .dialog-form .dialog-content > .tactica-dialog-form");
          const fields = [...document.querySelectorAll<HTMLInputElement>("#root input, #root select")];
          return {
            root: root ? getComputedStyle(root).display + " " + getComputedStyle(root).flexDirection : null,
            forms: document.querySelectorAll("#root form").length,
            outerForm: fields.every((f) => f.form?.classList.contains("dialog-form")),
            refusalShown: [...document.querySelectorAll<HTMLElement>("#root [data-refusal]")].some(
              (e) => e.getBoundingClientRect().height > 0,
            ),
          };
        },
        null,
      );
      expect(layout).toEqual({ root: "flex column", forms: 1, outerForm: true, refusalShown: false });
    });
  });

  // Each dialog as the product opens it (test/templates/dialog-windows.ts): the roll dialogs end
  // with the message-mode picker and show their odds line filled; every window has only its own
  // buttons (review N12, ux §5 state 1).
  describe.each(casesByLang(DIALOG_WINDOW_GALLERY))("$lang, as opened", ({ lang, cases }) => {
    let w: SheetWorld;
    const rendered = new Map<string, Promise<string>>();
    beforeAll(async () => {
      // With core's message-mode labels as words (the pictures' stand-ins, test/templates/harness.ts).
      w = await loadSheetWorld(lang, undefined, { coreStrings: true });
    });

    it.each(cases)("$name", async ({ sample, variant }) => {
      if (!rendered.has(sample.id)) rendered.set(sample.id, openedWindow(w, sample.window));
      const html = await rendered.get(sample.id)!;
      if (lang === "en") expect(frenchIn(textOf(html))).toEqual([]);
      for (const report of await browser.check(variant, html, sample.widths, shotName(sample, variant))) {
        expect(report.problems, `${report.width}px`).toEqual([]);
        expect(report.lowContrast, `${report.width}px`).toEqual([]);
        for (const field of report.fields) expect(field).toMatchObject({ visible: true, labelled: true });
      }
      const shown = await browser.evaluate(
        variant,
        () => ({
          buttons: [...document.querySelectorAll<HTMLElement>("#root .form-footer button")].map(
            (b) => b.dataset.action,
          ),
          picker: document.querySelector("#root [name=messageMode]") !== null,
          odds: document.querySelector<HTMLElement>("#root [data-odds]")?.innerText.trim() ?? null,
          tooltip: document.querySelector<HTMLElement>("#root [data-odds]")?.dataset.tooltip ?? null,
        }),
        null,
      );
      const name = sample.window.name;
      const own = name.startsWith("delete") ? ["delete", "cancel"] : ["roll"];
      expect(shown.buttons).toEqual(own);
      expect(shown.picker).toBe(!name.startsWith("delete") && !name.startsWith("move"));
      if (/odds|summary/.test(name)) expect(shown.odds).toMatch(/\d/);
      // The score odds read as a chance and what 2d6 must show; the formula is the line's tooltip.
      if (name.startsWith("score")) {
        expect(shown.odds).toMatch(
          lang === "fr"
            ? /^Chances de réussite\s:\s\d+\s% — il faut \d+\+ sur 2d6\.$/
            : /^Chance of success: \d+% — you need \d+\+ on 2d6\.$/,
        );
        expect(shown.tooltip).toMatch(/^Score \d+ = .*P\(2d6 \+ \d+ ≥ 14\)/);
      }
    });
  });
});
