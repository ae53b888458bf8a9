/**
 * The item sheets (weapon, armour, force field, grenade, gear, power): HandlebarsApplicationMixin
 * over ItemSheetV2, a details tab listing every field of the type and a description tab, edit and
 * play modes, and the attribute chips of RULES §6.4 — text typed and confirmed with Enter becomes a
 * chip; text the rules do not understand shows an inline message naming the token and saves nothing.
 * A LIMITED user sees the header and the description (as the actor sheets show the biography).
 */
import { itemSheetContext, ITEM_TABS } from "./context/item-context";
import { keepTabs, readModules, type SheetMode, type SheetTab } from "./context/shared";
import {
  dropUnconfiguredParts,
  editPortrait,
  enableReadingControls,
  enriched,
  inputOf,
  isRefusedSubmission,
  listenToTabKeys,
  partTab,
  refusedSubmission,
  sheetLang,
  textData,
  toggleSheetMode,
} from "./sheet-helpers";
import { TypedText } from "./typed-text";
import { ItemSheetBase, type RenderOptions, type SheetDefaults } from "./foundry-base";
import { isInputElement } from "../../compat/windows";
import { RulesRangeError } from "../../rules/errors";
import { AttributeItemModel } from "../../data/item/base";
import { notifyError } from "../../utils/notify";
import type { TacticaItem } from "../../documents/item";

/** Tactica's item subtypes (system.json `documentTypes.Item`), each shown by this sheet. */
export const ITEM_TYPES = ["weapon", "armor", "forceField", "grenade", "gear", "power"] as const;

/** Where the item sheet templates live. */
export const ITEM_TEMPLATE_ROOT = "systems/tactica/templates/sheets/item";

/** The field partial the details part includes by path (listed with the part, and preloaded). */
export const ITEM_FIELD_PARTIAL = "systems/tactica/templates/partials/item-field.hbs";

/** The aptitude colour swatch a *Requis* chip includes. */
const SWATCH_PARTIAL = "systems/tactica/templates/partials/aptitude-swatch.hbs";

export const ITEM_PARTS = {
  header: { template: `${ITEM_TEMPLATE_ROOT}/header.hbs` },
  tabs: { template: "systems/tactica/templates/partials/tab-nav.hbs" },
  details: {
    template: `${ITEM_TEMPLATE_ROOT}/details.hbs`,
    templates: [ITEM_FIELD_PARTIAL, SWATCH_PARTIAL],
    scrollable: [""],
  },
  description: { template: `${ITEM_TEMPLATE_ROOT}/description.hbs`, scrollable: [""] },
};

/** What a LIMITED user sees. */
const LIMITED_PARTS = ["header", "tabs", "description"];

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
      editPortrait: TacticaItemSheet.#editPortrait,
      addAttribute: TacticaItemSheet.#addAttribute,
      removeAttribute: TacticaItemSheet.#removeAttribute,
    },
  };

  static PARTS = ITEM_PARTS;

  /** Text typed in the description (or a power's effect) and not stored yet (./typed-text.ts). */
  readonly typedText = new TypedText(this);

  /** The parts configured for the last render (`_configureRenderParts`). */
  #configured = new Set<string>();

  static TABS = {
    primary: { tabs: ITEM_TABS.map((t) => ({ id: t.id, icon: t.icon, label: t.label })), initial: "details" },
  };

  /** The item this sheet shows. */
  get item(): TacticaItem {
    return this.document;
  }

  /** The user has exactly LIMITED permission on the item (core's `Document#limited`). */
  get limited(): boolean {
    return this.item.limited === true;
  }

  /**
   * A new item's sheet opens in edit mode — core renders it with `renderContext: "createItem"`
   * (dnd5e 5.3 `primary-sheet-mixin.mjs`, draw-steel 0.11.1 `document-sheet.mjs`) — and a
   * `mode` render option sets the mode (the actor sheet's "create" buttons). A part holding text
   * not stored yet is left out of the render ({@link TypedText}).
   */
  override _configureRenderOptions(options: RenderOptions): void {
    super._configureRenderOptions(options);
    options.parts = this.typedText.keepOut(options.parts ?? []).drawn;
    if (!this.isEditable) return;
    if (options.mode) this.mode = options.mode;
    else if (options.isFirstRender && options.renderContext === "createItem") this.mode = "edit";
  }

  override async _prepareContext(options: object): Promise<Record<string, unknown>> {
    const context = await super._prepareContext(options);
    const sheet = itemSheetContext(this.item, {
      editable: this.isEditable,
      limited: this.limited,
      mode: this.mode,
      modules: readModules(),
      lang: sheetLang(),
      attributeError: this.attributeError,
    });
    return Object.assign(context, sheet ?? {}, { rootId: this.id });
  }

  /** The two tabs, or the description alone for a LIMITED user. */
  override _prepareTabs(group: string): Record<string, SheetTab> {
    const tabs = super._prepareTabs(group);
    if (group !== "primary") return tabs;
    return keepTabs(tabs, this.limited ? ["description"] : ITEM_TABS.map((t) => t.id), this.tabGroups, group);
  }

  override _configureRenderParts(options: object): Record<string, unknown> {
    const parts = super._configureRenderParts(options);
    if (this.limited) for (const id of Object.keys(parts)) if (!LIMITED_PARTS.includes(id)) delete parts[id];
    this.#configured = new Set(Object.keys(parts));
    return parts;
  }

  /** Each part gets its tab; the description and a power's effect are enriched for their own part only. */
  override async _preparePartContext(
    partId: string,
    context: Record<string, unknown>,
    options: object,
  ): Promise<Record<string, unknown>> {
    const partContext = await super._preparePartContext(partId, context, options);
    Object.assign(partContext, { tab: partTab(partContext, partId) });
    if (partId === "description") {
      const description = String(partContext.description ?? "");
      partContext.enrichedDescription = description
        ? await enriched(description, this.item, this.item.getRollData())
        : "";
    }
    if (partId === "details") {
      const effect = String(partContext.effect ?? "");
      partContext.enrichedEffect = effect ? await enriched(effect, this.item, this.item.getRollData()) : "";
    }
    return partContext;
  }

  /**
   * Enter in the attribute field adds the chip instead of submitting the whole form: ONE keydown
   * listener on the sheet's root element, added once — parts are re-rendered inside it, and a
   * listener per render would add a chip once per render.
   */
  override async _onFirstRender(context: object, options: object): Promise<void> {
    await super._onFirstRender(context, options);
    listenToTabKeys(this);
    this.element.addEventListener("keydown", (event) => {
      const input = event.target;
      if (event.key !== "Enter" || !isInputElement(input) || input.dataset.input !== "attribute") return;
      event.preventDefault();
      void this.submitAttributeText(input.value);
    });
  }

  /** A part no longer configured (a permission dropped to LIMITED) leaves the window (review N2). */
  override async _onRender(context: object, options: object): Promise<void> {
    await super._onRender(context, options);
    dropUnconfiguredParts(this.element, this.#configured);
  }

  /** Observers: the controls that only show something keep working in core's disabled form. */
  override _toggleDisabled(disabled: boolean): void {
    super._toggleDisabled(disabled);
    if (disabled) enableReadingControls(this.element);
  }

  /**
   * The attribute text field is the chip entry's, not a field of the item: a change in it does not submit the sheet.
   */
  override _onChangeForm(formConfig: object, event: Event): void {
    if (inputOf(event.target).role !== undefined) return;
    super._onChangeForm(formConfig, event);
  }

  /**
   * Bad input is refused before core cleans it, with the same localised message as an update
   * ({@link refusedSubmission}); the sheet is redrawn with the stored values.
   */
  override _prepareSubmitData(
    event: Event,
    form: HTMLFormElement,
    formData: FormDataExtended,
    updateData?: object,
  ): object {
    const refused = refusedSubmission(this.document, formData.object);
    if (!refused) return super._prepareSubmitData(event, form, formData, updateData);
    this.typedText.refused();
    void this.render();
    return refused;
  }

  /** A refused submission writes nothing. */
  override async _processSubmitData(
    event: Event,
    form: HTMLFormElement,
    submitData: object,
    options?: object,
  ): Promise<void> {
    if (isRefusedSubmission(submitData)) return;
    await super._processSubmitData(event, form, submitData, options);
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
      this.attributeError = {
        message: game.i18n?.format(err.key, textData(err.data)) ?? err.message,
        text,
      };
      // The details part is drawn again for the message: a power's effect typed there is stored first.
      await this.typedText.save();
      await this.render({ parts: ["details"] });
      return false;
    }
    this.attributeError = null;
    // The document method saves once and re-renders this sheet through the update.
    return item.addAttribute(text);
  }

  /** « Modifier » / « Terminer »: the text typed is stored first (review N1). */
  static async #toggleMode(this: TacticaItemSheet): Promise<void> {
    await toggleSheetMode(this);
  }

  static async #editPortrait(this: TacticaItemSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    await editPortrait(this, event, target);
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
