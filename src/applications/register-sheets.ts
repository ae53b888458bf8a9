/**
 * Registers Tactica's sheets for every actor and item subtype as the default sheets, and takes
 * core's legacy V1 sheets out of the sheet choices. Called by the entry on `init`; their templates
 * are preloaded with the system's others (src/setup/registration.ts).
 */
import { CharacterSheet, NpcSheet, UnitSheet, ACTOR_PARTIALS, ACTOR_PARTS, NPC_PARTS } from "./sheets/actor-sheet";
import { TacticaItemSheet, ITEM_PARTS, ITEM_TYPES } from "./sheets/item-sheet";
import { ROW_TEMPLATES } from "./sheets/row-render";
import { SYSTEM_ID } from "../config/settings";

/** Partials the sheet templates include by path (Foundry needs them loaded before a render). */
export const SHEET_PARTIALS = [
  ...["item-field"].map((name) => `systems/tactica/templates/partials/${name}.hbs`),
  ...Object.values(ACTOR_PARTIALS),
  ...Object.values(ROW_TEMPLATES),
];

/** Every sheet template, parts and partials. */
export const SHEET_TEMPLATES: string[] = [
  ...new Set(
    [...Object.values(ACTOR_PARTS), ...Object.values(NPC_PARTS), ...Object.values(ITEM_PARTS)].map((p) => p.template),
  ),
  ...new Set(SHEET_PARTIALS),
];

/** The item subtypes the item sheet is registered for. */
export const SHEET_ITEM_TYPES: string[] = [...ITEM_TYPES];

/** A sheet registration as `DocumentSheetConfig.registerSheet` takes it (v13). */
interface SheetRegistry {
  registerSheet(
    scope: string,
    sheetClass: unknown,
    options: { types: string[]; makeDefault: boolean; label: string },
  ): void;
  unregisterSheet(scope: string, sheetClass: unknown): void;
}

/** Core's V1 sheets (`foundry.appv1.sheets`), where this Foundry still ships them. */
function coreV1Sheets(): { ActorSheet?: unknown; ItemSheet?: unknown } {
  // `?.`: a Foundry without the V1 namespace (a future generation) has none to take out.
  const sheets = foundry.appv1?.sheets;
  return { ActorSheet: sheets?.ActorSheet, ItemSheet: sheets?.ItemSheet };
}

/**
 * Registers the sheets with `foundry.documents.collections.Actors/Items.registerSheet` (v13).
 * The collections are read through {@link SheetRegistry}: our sheet classes are typed through
 * src/applications/sheets/foundry-base.ts, not as fvtt-types' sheet classes.
 */
export function registerSheets(): void {
  // The registration seam: our sheet classes are typed through the hand-written bases of
  // ./sheets/foundry-base.ts, whose static side fvtt-types' `registerSheet` cannot see; core takes any sheet class.
  const { Actors, Items } = foundry.documents.collections as { Actors: SheetRegistry; Items: SheetRegistry };
  // Core's V1 sheets would stay selectable in Sheet Configuration and cannot show Tactica's data
  // (dnd5e 5.3 `dnd5e.mjs` unregisters them the same way).
  const v1 = coreV1Sheets();
  if (v1.ActorSheet) Actors.unregisterSheet("core", v1.ActorSheet);
  if (v1.ItemSheet) Items.unregisterSheet("core", v1.ItemSheet);
  Actors.registerSheet(SYSTEM_ID, CharacterSheet, {
    types: ["character"],
    makeDefault: true,
    label: "TACTICA.Sheet.Label.character",
  });
  Actors.registerSheet(SYSTEM_ID, NpcSheet, { types: ["npc"], makeDefault: true, label: "TACTICA.Sheet.Label.npc" });
  Actors.registerSheet(SYSTEM_ID, UnitSheet, { types: ["unit"], makeDefault: true, label: "TACTICA.Sheet.Label.unit" });
  Items.registerSheet(SYSTEM_ID, TacticaItemSheet, {
    types: SHEET_ITEM_TYPES,
    makeDefault: true,
    label: "TACTICA.Sheet.Label.item",
  });
}
