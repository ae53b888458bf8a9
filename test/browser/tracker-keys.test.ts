import fs from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { createTemplateHarness } from "../templates/harness";
import { COMBAT_UI_SAMPLES } from "../templates/combat-ui-samples";
import { hasChromium, useBrowserChecks, type Variant } from "./chromium";

// The keyboard alternative to dragging a timeline marker (apps review A2), in Chromium: the GM's
// tracker as templates/combat/tracker.hbs draws it, with src/applications/combat/tracker-keys.ts
// (the module the window binds on every render, which uses no Foundry API) running in the page.
// Every draggable marker takes the focus and announces its arrow keys; the tracker's ONE pair of
// − / + buttons follows the focused marker, named after it; the arrows move the focused marker,
// not a button of it.

const DARK_FR: Variant = { lang: "fr", theme: "dark" };

/** tracker-keys.ts as a script for the page: its exports on `window.tacticaKeys`. */
const KEYS_SCRIPT = ts.transpileModule(fs.readFileSync("src/applications/combat/tracker-keys.ts", "utf8"), {
  compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
}).outputText;

describe.runIf(hasChromium())("the timeline tracker's keyboard moves (Chromium)", () => {
  const browser = useBrowserChecks();

  it("markers take the focus with their arrow keys; the one − / + pair follows the focus", async () => {
    const sample = COMBAT_UI_SAMPLES.find((s) => s.name === "tracker timeline GM")!;
    const html = createTemplateHarness("fr").render(sample.template, sample.context("fr"));
    const found = await browser.evaluate(
      DARK_FR,
      ({ html, script }) => {
        const root = document.querySelector<HTMLElement>("#root")!;
        root.innerHTML = `<div class="application tactica tactica-app tactica-timeline-app"><section class="window-content">${html}</section></div>`;
        const keys = { exports: {} as Record<string, unknown> };
        new Function("exports", script)(keys.exports);
        type Label = (k: string, n: string) => string;
        const { bindRulerKeys, refocusMarker } = keys.exports as {
          bindRulerKeys(r: HTMLElement, k: { label: Label; nudge(m: HTMLElement, d: number): void }): void;
          refocusMarker(r: HTMLElement, at: { id: string; delta: number | null }, label: Label): void;
        };
        const ruler = root.querySelector<HTMLElement>(".tactica-timeline__ruler")!;
        const moves: string[] = [];
        bindRulerKeys(ruler, {
          label: (key, name) => `${key.split(".").at(-1)} ${name}`,
          nudge: (marker, delta) => moves.push(`${marker.dataset.entryId} ${delta}`),
        });
        const markers = [...ruler.querySelectorAll<HTMLElement>("[data-entry-id][draggable=true]")];
        const pair = () => ruler.querySelectorAll(".tactica-marker__nudge");
        const holder = () => pair()[0]!.closest<HTMLElement>("[data-entry-id]")!.dataset.entryId;
        const labels = () =>
          [...pair()[0]!.querySelectorAll("button")].map((b) => [b.getAttribute("aria-label"), b.disabled]);
        const before = { pairs: pair().length, holder: holder() };
        const target = markers.find((m) => m.dataset.entryId !== before.holder)!;
        target.focus();
        const focused = { holder: holder(), active: document.activeElement === target, labels: labels() };
        const key = (el: HTMLElement, k: string) =>
          el.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
        key(target, "ArrowDown");
        key(target, "ArrowUp");
        key(target, "Enter");
        // The arrows belong to the marker: on its − button they move nothing (the button is clicked).
        const minus = pair()[0]!.querySelector<HTMLButtonElement>("button[data-delta='-1']")!;
        minus.focus();
        const minusFocused = document.activeElement === minus;
        key(minus, "ArrowDown");
        // After the render a move causes, the focus is given back: to the + button of the moved
        // marker when the move came from it, else to the marker.
        const other = markers.find((m) => m !== target)!;
        const label: Label = (k, n) => `${k.split(".").at(-1)} ${n}`;
        refocusMarker(ruler, { id: other.dataset.entryId!, delta: 1 }, label);
        const backToButton =
          document.activeElement === other.querySelector("button[data-delta='1']") &&
          holder() === other.dataset.entryId;
        refocusMarker(ruler, { id: target.dataset.entryId!, delta: null }, label);
        const backToMarker = document.activeElement === target && holder() === target.dataset.entryId;
        const result = {
          backToButton,
          backToMarker,
          draggable: markers.length,
          focusable: markers.every(
            (m) => m.tabIndex === 0 && m.getAttribute("aria-keyshortcuts") === "ArrowUp ArrowDown",
          ),
          before,
          target: target.dataset.entryId,
          targetName: target.querySelector(".tactica-marker__name")!.textContent,
          focused,
          pairStillOne: pair().length,
          minusFocusable: minusFocused,
          moves,
        };
        root.innerHTML = "";
        return result;
      },
      { html, script: KEYS_SCRIPT },
    );
    expect(found.draggable).toBe(6);
    expect(found.focusable).toBe(true);
    // One pair for the whole tracker, on the acting combatant's marker (Cyr acts in the sample).
    expect(found.before).toEqual({ pairs: 1, holder: "cyr" });
    expect(found.focused.holder).toBe(found.target);
    expect(found.focused.active).toBe(true);
    expect(found.focused.labels).toEqual([
      [`Earlier ${found.targetName}`, false],
      [`Later ${found.targetName}`, false],
    ]);
    expect(found.pairStillOne).toBe(1);
    expect(found.minusFocusable).toBe(true);
    expect(found.moves).toEqual([`${found.target} 1`, `${found.target} -1`]);
    expect([found.backToButton, found.backToMarker]).toEqual([true, true]);
  });
});
