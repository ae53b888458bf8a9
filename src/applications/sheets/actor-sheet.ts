/**
 * The actor sheets (character, npc, unit): HandlebarsApplicationMixin over ActorSheetV2 with one
 * template part per tab, core v13 TABS, edit and play modes, and buttons that dispatch to the
 * actor's methods (src/applications/sheets/actions.ts). Everything shown is built by
 * {@link actorSheetContext}; this class only wires Foundry to it.
 *
 * Core behaviour relied on (`ActorSheetV2`; docs/foundry-behaviour.md §4):
 * - drag: core binds its DragDrop to `.draggable` elements on every render and reads
 *   `dataset.itemId` / `dataset.effectId`; item and effect rows carry the class, and
 *   {@link TacticaActorSheet._onDragStart} adds what core does not know — a characteristic for
 *   the hotbar (src/api/macros.ts) and the effects of the actor's items;
 * - tabs: core prepares them from `static TABS` (`_prepareTabs`); the sheet keeps the tabs of the
 *   shown rule modules, or the biography alone for a LIMITED user (draw-steel 0.11.1
 *   `sheets/actor-sheet.mjs` `_configureRenderParts`/`_prepareTabs`; dnd5e `LIMITED_PARTS`);
 * - the item context menu goes through `_createContextMenu`, so the `get<Class>ContextOptions`
 *   hooks let modules add entries;
 * - child windows (item and effect sheets, roll dialogs, confirmations) open in the sheet's own
 *   window (v14 pop-outs, src/compat/windows.ts).
 */
import { actorSheetContext, actorTabs, ACTOR_TABS } from "./context/actor-context";
import { keepTabs, readModules, shownTabIds, type SheetMode, type SheetTab } from "./context/shared";
import { CharacterModel } from "../../data/actor/character";
import { isOneOf, PROFILE_KEYS } from "../../rules/keys";
import { dispatchRoll, ownedItem, ROLL_ACTIONS, rollRequest, toggleEquipped, type RollAction } from "./actions";
import {
  deleteAfterConfirm,
  editPortrait,
  enriched,
  isRefusedSubmission,
  itemMenu,
  openSheet,
  inputOf,
  partTab,
  refusedSubmission,
  sheetLang,
} from "./sheet-helpers";
import { menuEntries } from "../../compat/context-menu";
import { characteristicDragData } from "./drag-data";
import { isStatusId } from "../../effects/status-effects";
import { isMoraleState } from "../../actions/morale";
import { notifyError } from "../../utils/notify";
import type { TacticaActor } from "../../documents/actor";

import { ActorSheetBase, type RenderOptions, type SheetDefaults, type SheetDragEvent } from "./foundry-base";
import { ITEM_TYPES } from "./item-sheet";

/** Where the actor sheet templates live. */
export const ACTOR_TEMPLATE_ROOT = "systems/tactica/templates/sheets/actor";

/** The partials the actor tabs include by path (listed with their part, and preloaded). */
export const ACTOR_PARTIALS = {
  characteristics: `${ACTOR_TEMPLATE_ROOT}/parts/characteristics.hbs`,
  aptitudeGrid: `${ACTOR_TEMPLATE_ROOT}/parts/aptitude-grid.hbs`,
  scores: `${ACTOR_TEMPLATE_ROOT}/parts/scores.hbs`,
  gauges: `${ACTOR_TEMPLATE_ROOT}/parts/gauges.hbs`,
  swatch: "systems/tactica/templates/partials/aptitude-swatch.hbs",
};

/** Each tab part's partials. */
const TAB_PARTIALS: Readonly<Record<string, string[]>> = {
  profile: [ACTOR_PARTIALS.characteristics, ACTOR_PARTIALS.gauges],
  aptitudes: [ACTOR_PARTIALS.aptitudeGrid, ACTOR_PARTIALS.scores, ACTOR_PARTIALS.swatch],
};

/** One template part (core v13 HandlebarsTemplatePart, as far as the sheets declare it). */
interface TemplatePart {
  template: string;
  templates?: string[];
  scrollable?: string[];
}

/** The template parts of the actor sheets: the header, the tab bar, then one part per tab. */
export const ACTOR_PARTS: Record<string, TemplatePart> = {
  header: { template: `${ACTOR_TEMPLATE_ROOT}/header.hbs` },
  tabs: { template: "systems/tactica/templates/partials/tab-nav.hbs" },
  ...Object.fromEntries(
    ACTOR_TABS.map((t) => [
      t.id,
      { template: `${ACTOR_TEMPLATE_ROOT}/${t.id}.hbs`, templates: TAB_PARTIALS[t.id] ?? [], scrollable: [""] },
    ]),
  ),
};

/**
 * An NPC's parts: its Profil tab is a stat block (templates/sheets/actor/npc-block.hbs: characteristics,
 * attacks, aptitudes and scores on one page), so it has no Aptitudes tab.
 */
export const NPC_PARTS: Record<string, TemplatePart> = {
  ...Object.fromEntries(Object.entries(ACTOR_PARTS).filter(([id]) => id !== "aptitudes")),
  profile: {
    template: `${ACTOR_TEMPLATE_ROOT}/npc-block.hbs`,
    templates: Object.values(ACTOR_PARTIALS),
    scrollable: [""],
  },
};

/** What a LIMITED user sees: the header and the biography (draw-steel, dnd5e). */
const LIMITED_PARTS = ["header", "tabs", "notes"];

/** The handler signature of `DEFAULT_OPTIONS.actions` (`this` is the sheet). */
type Handler = (this: TacticaActorSheet, event: PointerEvent, target: HTMLElement) => Promise<void>;

/** A roll button: reads its data attributes and the inputs beside it, then calls the actor. */
function rollHandler(method: RollAction): Handler {
  return async function (this: TacticaActorSheet, event, target) {
    const scope = target.closest("[data-roll-scope]") ?? this.element;
    const value = (selector: string) => scope?.querySelector<HTMLInputElement>(selector)?.value;
    const request = rollRequest(method, target.dataset, {
      cancelLevel: value("[data-input=cancelLevel]"),
      fear: value("[data-input=fear]"),
      charging: scope?.querySelector<HTMLInputElement>("[data-input=charging]")?.checked ?? false,
    });
    // The roll's dialog opens in this sheet's window (v14 pop-outs).
    await dispatchRoll(this.actor, request, { fastForward: event.shiftKey === true, opener: this });
  };
}

/** The effect a row names: the actor's own, or one of an item's (`data-parent-id`). */
function effectOf(actor: TacticaActor, target: HTMLElement): ActiveEffect.Implementation | undefined {
  const row = target.closest<HTMLElement>("[data-effect-id]");
  const id = row?.dataset.effectId ?? "";
  const parentId = row?.dataset.parentId ?? "";
  if (!parentId) return actor.effects.get(id);
  return actor.items.get(parentId)?.effects.get(id);
}

export class TacticaActorSheet extends ActorSheetBase {
  /** Play mode shows values and roll buttons; edit mode shows inputs. */
  mode: SheetMode = "play";

  static DEFAULT_OPTIONS: SheetDefaults = {
    classes: ["tactica", "sheet", "actor"],
    position: { width: 720, height: 760 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      ...Object.fromEntries(ROLL_ACTIONS.map((m) => [m, rollHandler(m)])),
      toggleMode: TacticaActorSheet.#toggleMode,
      editPortrait: TacticaActorSheet.#editPortrait,
      editItem: TacticaActorSheet.#editItem,
      deleteItem: TacticaActorSheet.#deleteItem,
      equipItem: TacticaActorSheet.#equipItem,
      createItem: TacticaActorSheet.#createItem,
      toggleCondition: TacticaActorSheet.#toggleCondition,
      toggleEffect: TacticaActorSheet.#toggleEffect,
      editEffect: TacticaActorSheet.#editEffect,
      deleteEffect: TacticaActorSheet.#deleteEffect,
    },
  };

  static PARTS = ACTOR_PARTS;

  static TABS = {
    primary: { tabs: ACTOR_TABS.map((t) => ({ id: t.id, icon: t.icon, label: t.label })), initial: "profile" },
  };

  /** The actor this sheet shows. */
  get actor(): TacticaActor {
    return this.document;
  }

  /** The user has exactly LIMITED permission on the actor (core's `Document#limited`). */
  get limited(): boolean {
    return this.actor.limited === true;
  }

  /**
   * A new actor's sheet opens in edit mode; a `mode` render option sets the mode.
   * Parts: a render that names no parts draws the header and the ACTIVE tab — and the
   * tab bar when the list of tabs changed (the first render, a LIMITED user given more, a module
   * shown or hidden); every other tab is left stale, and drawn when core's `changeTab` shows it
   * (core appends a part it never drew, `HandlebarsApplicationMixin#_replaceHTML`). A render that
   * names its parts draws those. Core fills `options.parts` with every part when none are named.
   */
  override _configureRenderOptions(options: RenderOptions): void {
    const named = Array.isArray(options.parts);
    super._configureRenderOptions(options);
    if (this.isEditable) {
      if (options.mode) this.mode = options.mode;
      else if (options.isFirstRender && options.renderContext === "createActor") this.mode = "edit";
    }
    if (options.isFirstRender) this.#tabList = null;
    if (named) {
      for (const id of options.parts ?? []) this.#stale.delete(id);
      if (options.parts?.includes("tabs")) this.#tabList = this.#currentTabList();
      return;
    }
    if (this.limited) {
      // Core's parts: the header, the tab bar and the biography (`_configureRenderParts`).
      this.#stale.clear();
      this.#tabList = this.#currentTabList();
      return;
    }
    const tabs = this.#shownTabs();
    const active = this.#activeTab();
    const list = this.#currentTabList();
    options.parts = ["header", ...(list === this.#tabList ? [] : ["tabs"]), ...(active ? [active] : [])];
    this.#tabList = list;
    this.#stale = new Set(tabs.filter((id) => id !== active));
  }

  /**
   * The header is drawn again only when its HTML changed (an item equipped, a row renamed: the
   * header shows none of it). Its template is rendered here first — a fraction of a millisecond —
   * and dropped from `options.parts` when it is what the window shows; the parse, the swap, the
   * style and the layout of the part are what that saves.
   */
  override async _renderHTML(context: Record<string, unknown>, options: RenderOptions): Promise<unknown> {
    if (options.isFirstRender) this.#header = null;
    if (options.parts?.includes("header")) {
      const partContext = await this._preparePartContext("header", { ...context }, options);
      const html = await foundry.applications.handlebars.renderTemplate(ACTOR_PARTS.header!.template, partContext);
      if (html === this.#header) options.parts = options.parts.filter((id) => id !== "header");
      this.#header = html;
    }
    return super._renderHTML(context, options);
  }

  /** The header's HTML as the window shows it (null: not drawn yet). */
  #header: string | null = null;

  /** The tab bar's tabs when it was last drawn (null: not drawn in this window yet). */
  #tabList: string | null = null;

  /** What the tab bar shows: the kept tabs, or the LIMITED view. */
  #currentTabList(): string {
    return this.limited ? "limited" : this.#shownTabs().join(",");
  }

  /** Core's tab switch; a tab left stale by a re-render ({@link #stale}) is drawn as it is shown. */
  override changeTab(tab: string, group: string, options: object = {}): void {
    super.changeTab(tab, group, options);
    if (group !== "primary" || !this.#stale.has(tab) || !this.rendered) return;
    this.#stale.delete(tab);
    void this.render({ parts: [tab] });
  }

  override async _prepareContext(options: object): Promise<Record<string, unknown>> {
    const context = await super._prepareContext(options);
    const sheet = actorSheetContext(this.actor, {
      editable: this.isEditable,
      limited: this.limited,
      mode: this.mode,
      modules: readModules(),
      lang: sheetLang(),
    });
    // `rootId` prefixes element ids: unique among the open windows (DocumentSheetV2 ids are).
    return Object.assign(context, sheet ?? {}, { rootId: this.id });
  }

  /**
   * The tabs of the shown rule modules (S-modules), or the biography alone for a LIMITED user —
   * kept from core's prepared tabs, with `tabGroups` moved off a hidden tab.
   */
  override _prepareTabs(group: string): Record<string, SheetTab> {
    const tabs = super._prepareTabs(group);
    if (group !== "primary") return tabs;
    return keepTabs(tabs, this.#shownTabs(), this.tabGroups, group);
  }

  /** The sheet has an Aptitudes tab for an actor with aptitudes (an NPC's are in its stat block). */
  protected get aptitudesTab(): boolean {
    return this.actor.model instanceof CharacterModel;
  }

  #shownTabs(): string[] {
    if (this.limited) return ["notes"];
    const modules = readModules();
    return shownTabIds(actorTabs(this.aptitudesTab, modules), modules);
  }

  /**
   * Tab parts not drawn since the actor (or the sheet's mode) last changed, or never drawn: a
   * render draws the ACTIVE tab only (a hundred rows of a hidden tab are not built on
   * every update); a stale tab is drawn when it is shown ({@link changeTab}).
   */
  #stale = new Set<string>();

  /**
   * The tab a render shows: the active one, or the first shown when the active one is hidden (as `keepTabs` decides).
   */
  #activeTab(): string | null {
    const shown = this.#shownTabs();
    const active = this.tabGroups.primary ?? "";
    return shown.includes(active) ? active : (shown[0] ?? null);
  }

  /** Each part gets its tab; the biography is enriched for the notes part only. */
  override async _preparePartContext(
    partId: string,
    context: Record<string, unknown>,
    options: object,
  ): Promise<Record<string, unknown>> {
    const partContext = await super._preparePartContext(partId, context, options);
    Object.assign(partContext, { tab: partTab(partContext, partId) });
    if (partId === "notes") {
      const biography = String(partContext.biography ?? "");
      partContext.enrichedBiography = biography ? await enriched(biography, this.actor, this.actor.getRollData()) : "";
    }
    return partContext;
  }

  /**
   * Tabs of hidden rule modules are not rendered at all (S-modules; their data is kept); a LIMITED user gets the header
   * and the biography.
   */
  override _configureRenderParts(options: object): Record<string, unknown> {
    const parts = super._configureRenderParts(options);
    const shown = new Set(this.limited ? LIMITED_PARTS : ["header", "tabs", ...this.#shownTabs()]);
    for (const id of Object.keys(parts)) if (!shown.has(id)) delete parts[id];
    return parts;
  }

  /** The item context menu, through core's hook-enabled helper. */
  override async _onFirstRender(context: object, options: object): Promise<void> {
    await super._onFirstRender(context, options);
    this._createContextMenu(() => menuEntries(itemMenu(this)), "[data-item-id].item", { fixed: true });
  }

  /**
   * Drags core does not know: a characteristic (to the hotbar: a macro rolling it, src/api/macros.ts)
   * and an effect of one of the actor's items (core looks only among the actor's own effects);
   * items and the actor's own effects are core's.
   */
  override async _onDragStart(event: SheetDragEvent): Promise<void> {
    const data = event.currentTarget?.dataset ?? {};
    let payload: object | null = null;
    const characteristic = data.characteristic;
    if (characteristic && isOneOf(PROFILE_KEYS, characteristic))
      payload = characteristicDragData(this.actor, characteristic);
    else if (data.effectId && data.parentId) {
      const effect = this.actor.items.get(data.parentId)?.effects.get(data.effectId);
      payload = effect?.toDragData() ?? null;
    } else return super._onDragStart(event);
    if (payload) event.dataTransfer?.setData("text/plain", JSON.stringify(payload));
  }

  /**
   * The helper inputs beside the roll buttons (`data-input`: fear, charging, power level) are
   * read by their button; a change in one is no change of the actor, so it does not submit the
   * sheet (core submits on any change inside the form).
   */
  override _onChangeForm(formConfig: object, event: Event): void {
    const input = inputOf(event.target);
    // D-41: the morale state select sets the condition itself (one panic condition at a time).
    if (input.role === "moraleState") {
      const state = String(input.value ?? "");
      if (isMoraleState(state)) void this.actor.setMoraleState(state);
      return;
    }
    if (input.role !== undefined) return;
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

  static async #toggleMode(this: TacticaActorSheet): Promise<void> {
    if (!this.isEditable) return;
    this.mode = this.mode === "edit" ? "play" : "edit";
    await this.render();
  }

  /**
   * The portrait is a `<button>` (keyboard-operable) around the `<img data-edit>` that
   * core's `editImage` action needs (it accepts IMG elements only, and the form's submit reads
   * the image's new `src`).
   */
  static async #editPortrait(this: TacticaActorSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    await editPortrait(this, event, target);
  }

  static async #editItem(this: TacticaActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await openSheet(this, ownedItem(this.actor, itemIdOf(target)));
  }

  static async #deleteItem(this: TacticaActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (!this.isEditable) return void notifyError("TACTICA.Sheet.Errors.NotOwner", { name: this.actor.name });
    const item = ownedItem(this.actor, itemIdOf(target));
    if (item) await deleteAfterConfirm(this, item);
  }

  static async #equipItem(this: TacticaActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await toggleEquipped(this.actor, itemIdOf(target));
  }

  /** Creates an item of the button's type and opens its sheet in edit mode, in this window. */
  static async #createItem(this: TacticaActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const type = target.dataset.type;
    if (!this.isEditable || !type) return;
    // The buttons name Tactica's item types; any other (a tampered page) creates nothing and says so.
    if (!isOneOf(ITEM_TYPES, type)) return void notifyError("TACTICA.Sheet.Errors.BadItemType");
    const name = game.i18n?.format("TACTICA.Sheet.NewItem", { type: game.i18n.localize(`TYPES.Item.${type}`) }) ?? type;
    const created = (await this.actor.createEmbeddedDocuments("Item", [{ name, type }])) ?? [];
    await openSheet(this, created[0], { mode: "edit" });
  }

  static async #toggleCondition(this: TacticaActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.dataset.status;
    if (!this.actor.isOwner || !isStatusId(id))
      return void notifyError("TACTICA.Sheet.Errors.NotOwner", { name: this.actor.name });
    const on = !this.actor.statuses.has(id);
    // D-41: a panic condition switched on is the morale state — it replaces the other panic conditions.
    if (on && isMoraleState(id)) await this.actor.setMoraleState(id);
    else await this.actor.setCondition(id, on);
  }

  static async #toggleEffect(this: TacticaActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const effect = effectOf(this.actor, target);
    if (!effect || !this.isEditable) return;
    await effect.update({ disabled: !effect.disabled });
  }

  static async #editEffect(this: TacticaActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await openSheet(this, effectOf(this.actor, target));
  }

  static async #deleteEffect(this: TacticaActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const effect = effectOf(this.actor, target);
    if (!effect || !this.isEditable) return;
    await deleteAfterConfirm(this, effect);
  }
}

/** The item id a button belongs to (on the button or on its row). */
function itemIdOf(target: HTMLElement): string | undefined {
  return target.dataset.itemId ?? target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
}

/** The three actor sheets share everything; each declares the subtype it is registered for. */
export class CharacterSheet extends TacticaActorSheet {
  static override DEFAULT_OPTIONS: SheetDefaults = { classes: ["character"] };
}
/** A GM character's sheet: a compact stat block instead of the Profil and Aptitudes tabs. */
export class NpcSheet extends TacticaActorSheet {
  static override DEFAULT_OPTIONS: SheetDefaults = { classes: ["npc"] };

  static override PARTS = NPC_PARTS;

  static override TABS = {
    primary: {
      tabs: ACTOR_TABS.filter((t) => t.id !== "aptitudes").map((t) => ({ id: t.id, icon: t.icon, label: t.label })),
      initial: "profile",
    },
  };

  protected override get aptitudesTab(): boolean {
    return false;
  }
}
export class UnitSheet extends TacticaActorSheet {
  static override DEFAULT_OPTIONS: SheetDefaults = { classes: ["unit"] };
}
