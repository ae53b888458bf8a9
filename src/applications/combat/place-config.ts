/**
 * The place form's window (RULES §7.4): an ApplicationV2 form over one region, rendered from
 * `placeFormContext` and saved by `savePlace` (one region update, permission checked there).
 */
import { placeData } from "../../places/measure";
import { PLACE_CONFIG_TEMPLATE, placeFormContext, savePlace, sceneRegions, type EditableRegion } from "../../places/region-config";
import { HandlebarsAppBase, type AppFormData } from "./foundry-app";

export class PlaceConfig extends HandlebarsAppBase {
  static DEFAULT_OPTIONS = {
    classes: ["tactica", "tactica-app", "tactica-place-config"],
    tag: "form",
    window: { icon: "fa-solid fa-map-location-dot" },
    position: { width: 360, height: "auto" },
    form: { handler: PlaceConfig.#onSubmit, closeOnSubmit: true, submitOnChange: false },
  };

  static PARTS = { form: { template: PLACE_CONFIG_TEMPLATE } };

  readonly region: EditableRegion;

  constructor(region: EditableRegion) {
    super({ id: `tactica-place-${region.id ?? "new"}` });
    this.region = region;
  }

  get title(): string {
    return game.i18n?.format("TACTICA.Place.Title", { name: this.region.name }) ?? this.region.name;
  }

  override async _prepareContext(_options: object): Promise<Record<string, unknown>> {
    const region = this.region as unknown as RegionDocument;
    return { ...placeFormContext(this.region, placeData(region), sceneRegions(this.region)) };
  }

  static async #onSubmit(this: PlaceConfig, _event: Event, _form: HTMLFormElement, formData: AppFormData): Promise<void> {
    await savePlace(this.region, formData.object);
  }
}

/** Opens the place form of `region`. */
export function openPlaceConfig(region: EditableRegion): Promise<unknown> {
  return new PlaceConfig(region).render({ force: true });
}
