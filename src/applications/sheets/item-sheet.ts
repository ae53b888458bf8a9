/**
 * The item sheets (weapon, armour, force field, grenade, gear, power): HandlebarsApplicationMixin
 * over ItemSheetV2, a details tab listing every field of the type and a description tab, edit and
 * play modes, and the attribute chips of RULES §6.4 — text typed and confirmed with Enter becomes a
 * chip; text the rules do not understand shows an inline message naming the token and saves nothing.
 */
import { itemSheetContext, ITEM_TABS } from "./context/item-context";
import { readModules, type SheetMode } from "./context/shared";
import { enriched, sheetLang } from "./sheet-helpers";
import { ItemSheetBase, type SheetDefaults } from "./foundry-base";
import { RulesRangeError } from "../../rules/errors";
import { AttributeItemModel } from "../../data/item/base";
import { notifyError } from "../../utils/notify";
import type { TacticaItem } from "../../documents/item";

/** Where the item sheet templates live. */
export const ITEM_TEMPLATE_ROOT = "systems/tactica/templates/item";

export const ITEM_PARTS = {
  header: { template: `${ITEM_TEMPLATE_ROOT}/header.hbs` },
  tabs: { template: "systems/tactica/templates/partials/tab-nav.hbs" },
  details: { template: `${ITEM_TEMPLATE_ROOT}/details.hbs`, scrollable: [""] },
  description: { template: `${ITEM_TEMPLATE_ROOT}/description.hbs`, scrollable: [""] },
};

export class TacticaItemSheet extends ItemSheetBase {
  mode: SheetMode = "play";
  /** The last attribute text the rules refused, with its localised message (shown inline). */
  attributeError: { message: string; text: string } | null = null;

  static DEFAULT_OPTIONS: SheetDefaults = {
    classes: ["tactica", "sheet", "item"],
    position: { width: 560, height: 600 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      toggleMode: TacticaItemSheet.#toggleMode,
      addAttribute: TacticaItemSheet.#addAttribute,
      removeAttribute: TacticaItemSheet.#removeAttribute,
    },
  };

  static PARTS = ITEM_PARTS;

  static TABS = {
    primary: { tabs: ITEM_TABS.map((t) => ({ id: t.id, icon: t.icon, label: t.label })), initial: "details" },
  };

  /** The item this sheet shows. */
  get item(): TacticaItem {
    return this.document as TacticaItem;
  }

  override async _prepareContext(options: object): Promise<Record<string, unknown>> {
    const context = await super._prepareContext(options);
    const sheet = itemSheetContext(this.item, {
      editable: this.isEditable,
      mode: this.mode,
      modules: readModules(),
      activeTab: this.tabGroups.primary ?? undefined,
      lang: sheetLang(),
      attributeError: this.attributeError,
    });
    const description = sheet ? await enriched(sheet.description, this.item) : "";
    return Object.assign(context, sheet ?? {}, { enrichedDescription: description });
  }

  override async _preparePartContext(partId: string, context: Record<string, unknown>, options: object): Promise<Record<string, unknown>> {
    const partContext = await super._preparePartContext(partId, context, options);
    const tabs = (partContext as { tabs?: Record<string, unknown> }).tabs;
    return Object.assign(partContext, { tab: tabs?.[partId] ?? null });
  }

  /** Enter in the attribute field adds the chip instead of submitting the whole form. */
  override async _onRender(context: object, options: object): Promise<void> {
    await super._onRender(context, options);
    const input = this.element.querySelector<HTMLInputElement>("[data-input=attribute]");
    input?.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      event.preventDefault();
      void this.submitAttributeText(input.value);
    });
  }

  /**
   * RULES §6.4: adds the attribute typed as `text`. Text the rules refuse is kept in the field
   * with an inline message naming the token, and nothing is saved. Returns whether it was added.
   */
  async submitAttributeText(text: string): Promise<boolean> {
    const item = this.item;
    const system: unknown = item.system;
    if (!this.isEditable || !(system instanceof AttributeItemModel)) {
      notifyError("TACTICA.Sheet.Errors.NotOwner", { name: item.name });
      return false;
    }
    try {
      system.withAttribute(text);
    } catch (err) {
      if (!(err instanceof RulesRangeError)) throw err;
      this.attributeError = { message: game.i18n?.format(err.key, err.data as Record<string, string>) ?? err.message, text };
      await this.render({ parts: ["details"] });
      return false;
    }
    this.attributeError = null;
    // The document method saves once and re-renders this sheet through the update.
    return item.addAttribute(text);
  }

  static async #toggleMode(this: TacticaItemSheet): Promise<void> {
    if (!this.isEditable) return;
    this.mode = this.mode === "edit" ? "play" : "edit";
    await this.render();
  }

  static async #addAttribute(this: TacticaItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const input = target.closest("[data-chips]")?.querySelector<HTMLInputElement>("[data-input=attribute]");
    await this.submitAttributeText(input?.value ?? "");
  }

  static async #removeAttribute(this: TacticaItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const index = Number(target.dataset.index);
    if (!this.isEditable || !Number.isInteger(index) || index < 0) return;
    await this.item.removeAttribute(index);
  }
}
