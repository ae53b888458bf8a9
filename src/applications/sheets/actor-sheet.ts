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
 *   window (v14 pop-outs, src/compat/windows.ts);
 * - partial renders (./partial-render.ts) and the biography's typed text (./typed-text.ts).
 */
import { actorSheetContext, actorTabs, ACTOR_TABS } from "./context/actor-context";
import { keepTabs, readModules, shownTabIds, type SheetMode, type SheetTab } from "./context/shared";
import { CharacterModel } from "../../data/actor/character";
import { isOneOf, PROFILE_KEYS } from "../../rules/keys";
import {
  dropUnconfiguredParts,
  enableReadingControls,
  enriched,
  inputOf,
  isRefusedSubmission,
  itemMenu,
  listenToTabKeys,
  partTab,
  refusedSubmission,
  sheetLang,
  toggleSheetMode,
} from "./sheet-helpers";
import { menuEntries } from "../../compat/context-menu";
import { characteristicDragData } from "./drag-data";
import { isMoraleState } from "../../actions/morale";
import type { TacticaActor } from "../../documents/actor";
import { ACTOR_SHEET_ACTIONS } from "./actor-sheet-buttons";
import { fieldsIn, PartialRender } from "./partial-render";
import { ROW_TEMPLATES, RowRender } from "./row-render";
import { TypedText } from "./typed-text";
import { ActorSheetBase, type RenderOptions, type SheetDefaults, type SheetDragEvent } from "./foundry-base";

/** Where the actor sheet templates live. */
export const ACTOR_TEMPLATE_ROOT = "systems/tactica/templates/sheets/actor";

/** The partials the actor tabs include by path (listed with their part, and preloaded). */
export const ACTOR_PARTIALS = {
  characteristics: `${ACTOR_TEMPLATE_ROOT}/parts/characteristics.hbs`,
  aptitudeGrid: `${ACTOR_TEMPLATE_ROOT}/parts/aptitude-grid.hbs`,
  scores: `${ACTOR_TEMPLATE_ROOT}/parts/scores.hbs`,
  gauges: `${ACTOR_TEMPLATE_ROOT}/parts/gauges.hbs`,
  pressureDice: `${ACTOR_TEMPLATE_ROOT}/parts/pressure-dice.hbs`,
  swatch: "systems/tactica/templates/partials/aptitude-swatch.hbs",
};

/** Each tab part's partials. */
const TAB_PARTIALS: Readonly<Record<string, string[]>> = {
  profile: [ACTOR_PARTIALS.characteristics, ACTOR_PARTIALS.pressureDice, ACTOR_PARTIALS.gauges],
  aptitudes: [ACTOR_PARTIALS.aptitudeGrid, ACTOR_PARTIALS.scores, ACTOR_PARTIALS.swatch],
  equipment: [ROW_TEMPLATES.equipment],
  psy: [ROW_TEMPLATES.psy],
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

export class TacticaActorSheet extends ActorSheetBase {
  /** Play mode shows values and roll buttons; edit mode shows inputs. */
  mode: SheetMode = "play";

  static DEFAULT_OPTIONS: SheetDefaults = {
    classes: ["tactica", "sheet", "actor"],
    position: { width: 720, height: 760 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: { ...ACTOR_SHEET_ACTIONS, toggleMode: TacticaActorSheet.#toggleMode },
  };

  static PARTS = ACTOR_PARTS;

  static TABS = {
    primary: { tabs: ACTOR_TABS.map((t) => ({ id: t.id, icon: t.icon, label: t.label })), initial: "profile" },
  };

  /** The parts a render draws (the active tab, the header when it changed: ./partial-render.ts). */
  readonly #partial = new PartialRender();

  /** The rows a render draws instead of its item-list tab (./row-render.ts). */
  readonly #rows = new RowRender();
  /** Text typed in the biography and not stored yet (./typed-text.ts). */
  readonly typedText = new TypedText(this);

  /** The parts configured for the last render (`_configureRenderParts`). */
  #configured = new Set<string>();

  /** The actor this sheet shows. */
  get actor(): TacticaActor {
    return this.document;
  }

  /** The user has exactly LIMITED permission on the actor (core's `Document#limited`). */
  get limited(): boolean {
    return this.actor.limited === true;
  }

  /**
   * A new actor's sheet opens in edit mode; a `mode` render option sets the mode. The parts drawn
   * are the active tab's and the header's ({@link PartialRender}); a part holding text not stored
   * yet is left out, and drawn again once it is stored ({@link TypedText}).
   */
  override _configureRenderOptions(options: RenderOptions): void {
    const named = Array.isArray(options.parts) ? [...options.parts] : null;
    super._configureRenderOptions(options);
    if (this.isEditable) {
      if (options.mode) this.mode = options.mode;
      else if (options.isFirstRender && options.renderContext === "createActor") this.mode = "edit";
    }
    const parts = this.#partial.parts({
      named,
      isFirstRender: options.isFirstRender === true,
      limited: this.limited,
      tabs: this.#shownTabs(),
      active: this.#activeTab(),
      all: options.parts ?? [],
    });
    const { drawn, kept } = this.typedText.keepOut(parts);
    this.#partial.leaveStale(kept);
    options.parts = drawn;
    this.#rows.configure(drawn, this.#activeTab(), named === null && options.isFirstRender !== true);
  }

  /**
   * The header is drawn again only when its HTML changed (its template rendered here first, and
   * dropped from `options.parts` when it is what the window shows); an item-list tab, only the
   * rows whose item changed, when nothing else in it did (./row-render.ts).
   */
  override async _renderHTML(context: Record<string, unknown>, options: RenderOptions): Promise<unknown> {
    if (options.parts?.includes("header")) {
      const partContext = await this._preparePartContext("header", { ...context }, options);
      const html = await foundry.applications.handlebars.renderTemplate(ACTOR_PARTS.header!.template, partContext);
      if (!this.#partial.headerChanged(html)) options.parts = options.parts.filter((id) => id !== "header");
    }
    options.parts = await this.#rows.draw(options.parts ?? [], (tab) => ({
      template: ACTOR_PARTS[tab]?.template,
      context: () => this._preparePartContext(tab, { ...context }, options),
    }));
    return super._renderHTML(context, options);
  }

  /** Core's swap of the parts drawn, then the rows drawn alone (./row-render.ts). */
  override _replaceHTML(result: unknown, content: HTMLElement, options: RenderOptions): void {
    super._replaceHTML(result, content, options);
    this.#rows.swap(content);
  }

  /**
   * Core's tab switch; a tab left stale by a re-render is drawn as it is shown, its typed text
   * stored first.
   */
  override changeTab(tab: string, group: string, options: object = {}): void {
    super.changeTab(tab, group, options);
    if (group !== "primary" || !this.rendered || !this.#partial.takeStale(tab)) return;
    const draw = () => this.render({ parts: [tab] });
    void (this.typedText.keepOut([tab]).kept.length ? this.typedText.save().then(draw) : draw());
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
    this.#configured = new Set(Object.keys(parts));
    return parts;
  }

  /** The item context menu, through core's hook-enabled helper; tabs keyboard-operable. */
  override async _onFirstRender(context: object, options: object): Promise<void> {
    await super._onFirstRender(context, options);
    this._createContextMenu(() => menuEntries(itemMenu(this)), "[data-item-id].item", { fixed: true });
    listenToTabKeys(this);
  }

  /** A part no longer configured (a tab hidden, a permission dropped) leaves the window (review N2). */
  override async _onRender(context: object, options: object): Promise<void> {
    await super._onRender(context, options);
    dropUnconfiguredParts(this.element, this.#configured);
  }

  /** Observers: the buttons that only open or show keep working in core's disabled form (review N3). */
  override _toggleDisabled(disabled: boolean): void {
    super._toggleDisabled(disabled);
    if (disabled) enableReadingControls(this.element);
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
    const refused = refusedSubmission(this.document, this.#freshFields(formData.object));
    if (!refused) return super._prepareSubmitData(event, form, formData, updateData);
    this.typedText.refused();
    void this.render();
    return refused;
  }

  /**
   * Core's form data, expanded (`DocumentSheetV2#_processFormData`) — without the fields of stale
   * tabs, which show values from before the last update: sent back, they would undo it. The text
   * typed in an editor is sent wherever it is.
   */
  override _processFormData(event: Event | null, form: HTMLFormElement, formData: FormDataExtended): object {
    return foundry.utils.expandObject(this.#freshFields(formData.object));
  }

  #freshFields(object: Record<string, unknown>): Record<string, unknown> {
    const typed = new Set(this.typedText.unsaved().map((e) => e.name));
    const old = fieldsIn(this.element, this.#partial.stale(), typed);
    return Object.fromEntries(Object.entries(object).filter(([name]) => !old.has(name)));
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

  /** « Modifier » / « Terminer »: the biography typed is stored first (review N1). */
  static async #toggleMode(this: TacticaActorSheet): Promise<void> {
    await toggleSheetMode(this);
  }
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
