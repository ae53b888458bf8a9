/**
 * The gallery: every sample the browser checks render, in ONE registry shared by the checks
 * (`npm test`) and the screenshots (`npm run screenshots`), so the PNG gallery cannot miss a
 * sample the checks know, nor the reverse (test/browser/gallery.test.ts holds the registry to the
 * sample sources).
 *
 * Each sample is checked at every width in `widths`; the first is the width Foundry opens that
 * window at (the app's `DEFAULT_OPTIONS.position.width`, or the chat sidebar's), and the one the
 * gallery photographs. The others are the widths the checks used before the gallery existed, kept
 * so that no layout check was lost.
 */
import { SCENARIOS, type Scenario } from "../templates/chat-scenarios";
import { COMBAT_UI_SAMPLES, TRACKER, PLACE_FORM, type CombatUiSample } from "../templates/combat-ui-samples";
import { DIALOG_SAMPLES, type DialogSample } from "../templates/dialog-scenarios";
import { DIALOG_WINDOWS, type DialogWindowSample } from "../templates/dialog-windows";
import { SHEET_STATES, type SheetState } from "../templates/sheet-states";
import { VARIANTS, type Variant } from "./chromium";

/** A file-safe name for a screenshot. */
export const slug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** Window widths, in px, as Foundry opens them. */
export const WIDTHS = {
  /** the chat log in the sidebar */
  chat: 300,
  /** `ActorSheet.DEFAULT_OPTIONS.position` (src/applications/sheets/actor-sheet.ts) */
  actorSheet: 720,
  /** `TacticaItemSheet.DEFAULT_OPTIONS.position` (src/applications/sheets/item-sheet.ts) */
  itemSheet: 560,
  /** `TimelineTracker.DEFAULT_OPTIONS.position` (src/applications/combat/tracker.ts) */
  tracker: 320,
  /** `PlaceConfig.DEFAULT_OPTIONS.position` (src/applications/combat/place-config.ts) */
  placeConfig: 360,
  /**
   * The roll dialogs and the End action are 400 px DialogV2 windows: the roll dialogs declare it
   * (src/applications/dialogs/form-dialog.ts), `DialogV2.prompt` gives the End action the same
   * (core v13 dialog.mjs merges `position: {width: 400}`).
   */
  dialog: 400,
} as const;

interface SampleBase {
  /** unique and file-safe: the screenshot's base name */
  id: string;
  /** for test names */
  title: string;
  /** widths checked, Foundry's first (see the module comment) */
  widths: readonly number[];
}

export interface ChatSample extends SampleBase {
  scenario: Scenario;
}
export interface DialogGallerySample extends SampleBase {
  sample: DialogSample;
}
export interface DialogWindowGallerySample extends SampleBase {
  window: DialogWindowSample;
}
export interface CombatGallerySample extends SampleBase {
  sample: CombatUiSample;
  isTracker: boolean;
}
export interface SheetSample extends SampleBase {
  kind: "actor" | "item";
  type: string;
  mode: "play" | "edit";
}
export interface SheetStateSample extends SampleBase {
  state: SheetState;
}

export const ACTOR_TYPES = ["character", "npc", "unit"] as const;
export const ITEM_TYPES = ["weapon", "armor", "forceField", "grenade", "gear", "power"] as const;
export const SHEET_MODES = ["play", "edit"] as const;

export const CHAT_GALLERY: ChatSample[] = SCENARIOS.map((scenario) => ({
  id: `chat-${slug(scenario.name)}`,
  title: scenario.name,
  widths: [WIDTHS.chat, 600],
  scenario,
}));

export const DIALOG_GALLERY: DialogGallerySample[] = DIALOG_SAMPLES.map((sample) => ({
  id: `dialog-${slug(sample.name)}`,
  title: sample.name,
  widths: [WIDTHS.dialog],
  sample,
}));

/** Every dialog as the product opens it: picker, odds line filled, own buttons (test/templates/dialog-windows.ts). */
export const DIALOG_WINDOW_GALLERY: DialogWindowGallerySample[] = DIALOG_WINDOWS.map((window) => ({
  id: `dialog-window-${slug(window.name)}`,
  title: window.name,
  widths: [WIDTHS.dialog],
  window,
}));

export const COMBAT_GALLERY: CombatGallerySample[] = COMBAT_UI_SAMPLES.map((sample) => {
  const own =
    sample.template === TRACKER ? WIDTHS.tracker : sample.template === PLACE_FORM ? WIDTHS.placeConfig : WIDTHS.dialog;
  return {
    id: `combat-${slug(sample.name)}`,
    title: sample.name,
    widths: [own, 300, 600],
    sample,
    isTracker: sample.template === TRACKER,
  };
});

export const SHEET_GALLERY: SheetSample[] = SHEET_MODES.flatMap((mode) => [
  ...ACTOR_TYPES.map((type) => ({
    id: `sheet-actor-${slug(type)}-${mode}`,
    title: `actor ${type}, ${mode} mode`,
    kind: "actor" as const,
    type,
    mode,
    widths: [WIDTHS.actorSheet, 600],
  })),
  ...ITEM_TYPES.map((type) => ({
    id: `sheet-item-${slug(type)}-${mode}`,
    title: `item ${type}, ${mode} mode`,
    kind: "item" as const,
    type,
    mode,
    widths: [WIDTHS.itemSheet, 600],
  })),
]);

/** Sheet states beyond one per type and mode (test/templates/sheet-states.ts), at the window's width. */
export const SHEET_STATE_GALLERY: SheetStateSample[] = SHEET_STATES.map((state) => ({
  id: `sheet-state-${slug(state.name)}`,
  title: state.name,
  widths: [state.kind === "actor" ? WIDTHS.actorSheet : WIDTHS.itemSheet],
  state,
}));

/** The whole gallery, every family. */
export const GALLERY: readonly SampleBase[] = [
  ...CHAT_GALLERY,
  ...DIALOG_GALLERY,
  ...DIALOG_WINDOW_GALLERY,
  ...COMBAT_GALLERY,
  ...SHEET_GALLERY,
  ...SHEET_STATE_GALLERY,
];

/** The PNG's base name of a sample in a variant (photographed at its first width). */
export function shotName(sample: SampleBase, variant: Variant): string {
  return `${sample.id}-${variant.lang}-${variant.theme}-${sample.widths[0]}`;
}

/** Every PNG `npm run screenshots` writes. */
export function galleryShots(): string[] {
  return GALLERY.flatMap((sample) => VARIANTS.map((variant) => `${shotName(sample, variant)}.png`));
}

/**
 * The test cases of a family: each sample in each variant, grouped by language (a file renders a
 * language's HTML once, then checks it in both themes).
 */
export function casesByLang<S extends SampleBase>(
  samples: readonly S[],
): { lang: Variant["lang"]; cases: { sample: S; variant: Variant; name: string }[] }[] {
  return (["fr", "en"] as const).map((lang) => ({
    lang,
    cases: VARIANTS.filter((v) => v.lang === lang).flatMap((variant) =>
      samples.map((sample) => ({ sample, variant, name: `${sample.title} (${variant.lang}, ${variant.theme})` })),
    ),
  }));
}
