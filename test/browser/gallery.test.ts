import { describe, expect, it } from "vitest";
import fs from "node:fs";
import { SCENARIOS } from "../templates/chat-scenarios";
import { COMBAT_UI_SAMPLES } from "../templates/combat-ui-samples";
import { DIALOG_SAMPLES } from "../templates/dialog-scenarios";
import { DIALOG_WINDOWS } from "../templates/dialog-windows";
import { SHEET_STATES } from "../templates/sheet-states";
import { loadSheetWorld, sampleCharacter, sampleItem } from "../templates/sheet-samples";
import { VARIANTS } from "./chromium";
import {
  CHAT_GALLERY,
  COMBAT_GALLERY,
  DIALOG_GALLERY,
  DIALOG_WINDOW_GALLERY,
  GALLERY,
  SHEET_GALLERY,
  SHEET_MODES,
  SHEET_STATE_GALLERY,
  WIDTHS,
  galleryShots,
} from "./gallery";

// The gallery registry (test/browser/gallery.ts) against the sample sources: every sample the
// template tests know has exactly one gallery entry, so `npm test` checks it in Chromium and
// `npm run screenshots` photographs it; no two entries share a PNG; the photographed widths are
// the ones the windows declare. Runs without Chromium.

describe("the screenshot gallery", () => {
  it("has one entry per chat card, dialog and combat window sample", () => {
    expect(CHAT_GALLERY.map((g) => g.scenario)).toEqual(SCENARIOS);
    expect(DIALOG_GALLERY.map((g) => g.sample)).toEqual(DIALOG_SAMPLES);
    expect(DIALOG_WINDOW_GALLERY.map((g) => g.window)).toEqual(DIALOG_WINDOWS);
    expect(COMBAT_GALLERY.map((g) => g.sample)).toEqual(COMBAT_UI_SAMPLES);
    expect(SHEET_STATE_GALLERY.map((g) => g.state)).toEqual(SHEET_STATES);
  });

  it("has a sheet for every actor and item type of the manifest, in both modes", () => {
    const manifest = JSON.parse(fs.readFileSync("system.json", "utf8")) as { documentTypes: Record<string, object> };
    const expected = SHEET_MODES.flatMap((mode) =>
      (["Actor", "Item"] as const).flatMap((doc) =>
        Object.keys(manifest.documentTypes[doc]!).map((type) => `${doc.toLowerCase()} ${type} ${mode}`),
      ),
    );
    expect(SHEET_GALLERY.map((s) => `${s.kind} ${s.type} ${s.mode}`).sort()).toEqual(expected.sort());
  });

  it("gives every sample its own file-safe PNG in each language and theme", () => {
    const ids = GALLERY.map((g) => g.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const shots = galleryShots();
    expect(VARIANTS).toHaveLength(4);
    expect(new Set(shots).size).toBe(GALLERY.length * VARIANTS.length);
  });

  it("photographs each window at the width it declares", async () => {
    const w = await loadSheetWorld("en");
    const actor = await sampleCharacter(w);
    const item = await sampleItem(w, "weapon");
    // The options the fake's ApplicationV2 merged down the class chain, as core does.
    const widthOf = (app: unknown) => (app as { options: { position: { width: number } } }).options.position.width;
    for (const Sheet of [w.sheets.CharacterSheet, w.sheets.NpcSheet, w.sheets.UnitSheet])
      expect(widthOf(new Sheet({ document: actor }))).toBe(WIDTHS.actorSheet);
    expect(widthOf(new w.itemSheets.TacticaItemSheet({ document: item }))).toBe(WIDTHS.itemSheet);
    const { TimelineTracker } = await import("../../src/applications/combat/tracker");
    const { PlaceConfig } = await import("../../src/applications/combat/place-config");
    expect(TimelineTracker.DEFAULT_OPTIONS.position.width).toBe(WIDTHS.tracker);
    expect(PlaceConfig.DEFAULT_OPTIONS.position.width).toBe(WIDTHS.placeConfig);
    for (const s of SHEET_GALLERY) expect(s.widths[0]).toBe(s.kind === "actor" ? WIDTHS.actorSheet : WIDTHS.itemSheet);
    for (const s of CHAT_GALLERY) expect(s.widths[0]).toBe(WIDTHS.chat);
    for (const s of SHEET_STATE_GALLERY)
      expect(s.widths[0]).toBe(s.state.kind === "actor" ? WIDTHS.actorSheet : WIDTHS.itemSheet);
  });

  // The states the table-UX review (2026-12-01, "States with no screenshot") found missing, each
  // with the gallery sample that now shows it: removing or renaming one fails here.
  it.each([
    [
      "attack target rows: pending, hit, damage chain, miss, out of range",
      "chat-attack-with-one-verdict-per-target-pending-defence-hit-to-apply-damage-chain-out-of-range",
    ],
    [
      "resist results on a cast",
      "chat-psy-cast-succeeding-what-happens-the-power-s-effect-text-one-verdict-per-target",
    ],
    ["panic drawn, and its +1 after a failed rally", "chat-panic-drawn-after-a-failed-rally-with-its-1"],
    [
      "AC spent, a delayed action, no GM connected",
      "chat-a-card-s-facts-ac-spent-a-delayed-action-waiting-on-the-timeline-no-gm-connected",
    ],
    ["morale prompt", "chat-morale-prompt-with-its-button"],
    ["maintenance", "chat-power-maintained"],
    ["threshold", "chat-threshold-crossed-with-what-happened"],
    ["fear test, charging", "chat-fear-test-when-charging-failed-the-charge-is-called-off"],
    ["fear test, charged", "chat-fear-test-when-charged-failed-the-gm-rules"],
    ["a score test pushed (Pousser les tests de score)", "chat-score-test-after-a-push-with-its-consequences"],
    ["pressure applied", "chat-pressure-bonus-applied-the-window-it-lasts-for-no-button-left"],
    ["pressure with a chosen die", "chat-pressure-with-a-die-the-player-chose-instead-of-the-best"],
    ["limited view", "sheet-state-another-player-s-character-the-limited-view"],
    ["modules off", "sheet-state-a-world-with-the-psy-morale-pressure-and-pool-modules-off"],
    ["empty sheet", "sheet-state-a-new-character-empty-lists-build-totals-off-no-biography"],
    ["empty tracker", "combat-tracker-no-combat"],
    ["place form with no other place", "combat-place-form-alone"],
    ["refused input", "sheet-state-a-weapon-s-refused-attribute-text-in-edit-mode"],
    ["one tab at the default window size", "sheet-state-the-quipement-tab-as-it-opens-in-its-720-760-window"],
    ["the tracker with combatants, timeline", "combat-tracker-timeline-gm-with-token-images"],
    ["the tracker with combatants, tours", "combat-tracker-tours-gm-with-token-images"],
    // The second round's (ux §5), the chat cards played through the product (test/templates/chat-world-scenarios.ts).
    ["2: the move card, with Requis", "chat-move-card-with-the-armour-s-requis-exhaustion"],
    ["3: panic Tenir bon", "chat-panic-drawn-tenir-bon"],
    ["3: panic Détruite", "chat-panic-drawn-d-truite"],
    ["4: a successful morale test", "chat-morale-test-succeeding"],
    ["5: a fear test passed", "chat-fear-test-passed"],
    ["6: a failed cancel", "chat-cancel-failing"],
    ["7: a cast with concentration", "chat-cast-with-concentration"],
    [
      "9: an attack with Requis, Tectonique, gauges, Adaptatif",
      "chat-attack-with-requis-tectonique-gauges-and-adaptatif-the-damage-applied",
    ],
    ["10: De zone with a target spared and Et Soi", "chat-de-zone-attack-with-a-target-spared-and-its-et-soi-row"],
    ["12: a force field taken down", "chat-a-hit-that-takes-the-force-field-down"],
    ["17: Étourdissante in tours mode", "chat-tourdissante-in-tours-mode-the-stun-left-to-the-gm"],
    ["m13: a narrow score result", "chat-score-test-failing-by-less-than-a-degree-ux-m13"],
  ])("shows the review's missing state: %s", (_state, id) => {
    expect(GALLERY.map((g) => g.id)).toContain(id);
  });
});
