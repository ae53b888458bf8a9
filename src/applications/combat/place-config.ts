/**
 * The place form's window (RULES §7.4): the sheet of the `tactica.place` region behaviour, a
 * DocumentSheetV2 over the behaviour registered for that type in place of core's generic
 * RegionBehaviorConfig (as dnd5e registers its difficult-terrain sheet: `dnd5e.mjs` init). So the
 * same window opens from the region's Behaviors tab and from the "Lieu (Tactica)" header control,
 * and it is core's one sheet per document (`document.sheet`): opening it again brings the open
 * window forward, never a second one.
 *
 * - Its context comes from `regionFormContext` (both directions of every link), its save from
 *   `savePlace` (both sides in one scene update).
 * - A refused save THROWS: core's form submission shows the error and keeps the form open
 *   (ApplicationV2#_onSubmitForm; dnd5e `create-document-dialog.mjs` and draw-steel's
 *   `DSApplication` refuse the same way); closeOnSubmit closes it after a save.
 * - Open place windows re-render when a region or behaviour of their scene changes (a rename, the
 *   other side of a link, a new place), and close when their behaviour or region is deleted.
 */
import {
  PLACE_CONFIG_TEMPLATE,
  ensurePlaceBehavior,
  placeHeaderControl,
  regionFormContext,
  savePlace,
} from "../../places/region-config";
import { PLACE_BEHAVIOR_ICON, PLACE_BEHAVIOR_TYPE, type RegionLike } from "../../places/measure";
import type { AppFormData } from "./foundry-app";
import { DocumentSheetBase } from "../sheets/foundry-base";
import { openSheet } from "../sheets/sheet-helpers";

/** The place behaviour's sheet. */
export class PlaceConfig extends DocumentSheetBase {
  static DEFAULT_OPTIONS = {
    classes: ["tactica", "tactica-app", "tactica-place-config"],
    window: { icon: PLACE_BEHAVIOR_ICON },
    position: { width: 360, height: "auto" },
    form: { handler: PlaceConfig.#onSubmit, closeOnSubmit: true, submitOnChange: false },
  };

  static PARTS = { form: { template: PLACE_CONFIG_TEMPLATE } };

  /** The place behaviour this sheet edits. */
  get behavior(): RegionBehavior.Implementation {
    return this.document;
  }

  /**
   * The region the behaviour belongs to. A behaviour's sheet is only ever opened for a behaviour of a region
   * (its Behaviors tab, the header control); one without would have made every reader of the region throw.
   */
  get region(): RegionDocument.Implementation {
    const region = this.behavior.parent;
    if (!region) throw new Error("Tactica | a place sheet's behaviour belongs to no region");
    return region;
  }

  get title(): string {
    return game.i18n?.format("TACTICA.Place.Title", { name: this.region.name }) ?? this.region.name;
  }

  override async _prepareContext(options: object): Promise<Record<string, unknown>> {
    const base = await super._prepareContext(options);
    return { ...base, ...regionFormContext(this.region, this.behavior) };
  }

  static async #onSubmit(
    this: PlaceConfig,
    _event: Event,
    _form: HTMLFormElement,
    formData: AppFormData,
  ): Promise<void> {
    const refusal = await savePlace(this.region, this.behavior, formData.object);
    if (refusal) throw new Error(game.i18n?.localize(refusal) ?? refusal);
  }
}

/**
 * `getHeaderControlsRegionConfig`: the core region window gets a control opening the place form.
 * Core passes the window's list of controls (`hookEvents.getHeaderControlsApplicationV2`, an array
 * of `ApplicationHeaderControlsEntry`); the typings of fvtt-types 13.345 describe one entry instead,
 * so the list is taken as `unknown` and checked to be an array before the control is added.
 */
export function addPlaceHeaderControl(app: { document?: unknown }, controls: unknown): void {
  if (Array.isArray(controls)) controls.push(placeHeaderControl(app, openPlaceConfig));
}

/** Opens the place form of `region`, making it a place first when it is none. */
export async function openPlaceConfig(region: RegionLike): Promise<unknown> {
  const behavior = await ensurePlaceBehavior(region);
  // A region's behaviours are instances of the configured behaviour class (core creates embedded documents with
  // `CONFIG.RegionBehavior.documentClass`), so this only reads the one core sheet of the document.
  if (!(behavior instanceof CONFIG.RegionBehavior.documentClass)) return null;
  return openSheet(null, behavior);
}

/** The scene a region or behaviour belongs to. */
function sceneOf(doc: unknown): unknown {
  const parent = parentOf(doc);
  const isBehavior =
    typeof doc === "object" && doc !== null && "documentName" in doc && doc.documentName === "RegionBehavior";
  return isBehavior ? parentOf(parent) : parent;
}

/** A document's `parent` (`null` for anything without one). */
function parentOf(doc: unknown): unknown {
  return typeof doc === "object" && doc !== null && "parent" in doc ? (doc.parent ?? null) : null;
}

/** Whether the sheet's behaviour still exists in its region, and the region in its scene. */
function stillThere(app: PlaceConfig): boolean {
  const region = app.region;
  const scene = region.parent;
  return (
    region.id !== null &&
    app.behavior.id !== null &&
    scene?.regions.get(region.id) === region &&
    region.behaviors.get(app.behavior.id) === app.behavior
  );
}

/** A region or region behaviour was created, changed or deleted: its scene's place windows follow. */
export function onRegionChanged(doc: unknown): void {
  refreshPlaceConfigs(sceneOf(doc));
}

/** Re-renders the open place windows of `scene`; closes those whose place is gone. */
export function refreshPlaceConfigs(scene: unknown): void {
  for (const app of foundry.applications.instances.values()) {
    if (!(app instanceof PlaceConfig) || !app.rendered || app.region.parent !== scene) continue;
    // Core writes the window's title only when a render names it (`_updateFrame`), and a region's
    // rename is no change of the behaviour this window shows: the title is given anew (core-source M4).
    if (stillThere(app)) void app.render({ window: { title: app.title } });
    else void app.close();
  }
}

/** `foundry.applications.apps.DocumentSheetConfig` as far as registering a behaviour sheet goes. */
interface SheetConfig {
  registerSheet(documentClass: unknown, scope: string, sheetClass: unknown, options: Record<string, unknown>): void;
  unregisterSheet(documentClass: unknown, scope: string, sheetClass: unknown, options: Record<string, unknown>): void;
}

/**
 * On `init`: this window as the sheet of the place behaviour type (src/places/register.ts). The
 * header control on the core RegionConfig and the re-render of open place windows when their
 * scene's regions change are listened to in src/hooks/places.ts.
 */
export function registerPlaceConfig(): void {
  // The registration seam: PlaceConfig is typed through the hand-written base of ../sheets/foundry-base.ts, whose
  // static side fvtt-types' `registerSheet` (a DocumentSheetV2 constructor) cannot see; core takes any sheet class.
  const sheets = foundry.applications.apps.DocumentSheetConfig as SheetConfig;
  const behaviorClass = CONFIG.RegionBehavior.documentClass;
  const coreSheet = foundry.applications.sheets.RegionBehaviorConfig;
  const types = [PLACE_BEHAVIOR_TYPE];
  sheets.unregisterSheet(behaviorClass, "core", coreSheet, { types });
  sheets.registerSheet(behaviorClass, "tactica", PlaceConfig, {
    types,
    makeDefault: true,
    label: "TACTICA.Place.SheetLabel",
  });
}
