/**
 * The actor sheets (character, npc, unit): HandlebarsApplicationMixin over ActorSheetV2 with one
 * template part per tab, core v13 TABS, edit and play modes, and buttons that dispatch to the
 * actor's methods (src/applications/sheets/actions.ts). Everything shown is built by
 * {@link actorSheetContext}; this class only wires Foundry to it.
 */
import { actorSheetContext, actorTabs, ACTOR_TABS } from "./context/actor-context";
import { prepareTabs, readModules, type SheetMode } from "./context/shared";
import { CharacterModel } from "../../data/actor/character";
import { dispatchRoll, ownedItem, rollRequest, toggleEquipped, type Dataset, type RollAction } from "./actions";
import { sheetLang, enriched, itemContextEntries } from "./sheet-helpers";
import { isStatusId } from "../../status-effects";
import { notifyError } from "../../utils/notify";
import type { TacticaActor } from "../../documents/actor";

import { ActorSheetBase, type SheetDefaults } from "./foundry-base";

/** Where the actor sheet templates live. */
export const ACTOR_TEMPLATE_ROOT = "systems/tactica/templates/actor";

/** The template parts of the actor sheets: the header, the tab bar, then one part per tab. */
export const ACTOR_PARTS = {
  header: { template: `${ACTOR_TEMPLATE_ROOT}/header.hbs` },
  tabs: { template: "systems/tactica/templates/partials/tab-nav.hbs" },
  ...Object.fromEntries(ACTOR_TABS.map((t) => [t.id, { template: `${ACTOR_TEMPLATE_ROOT}/${t.id}.hbs`, scrollable: [""] }])),
};

/** The handler signature of `DEFAULT_OPTIONS.actions` (`this` is the sheet). */
type Handler = (this: TacticaActorSheet, event: PointerEvent, target: HTMLElement) => Promise<void>;

/** A roll button: reads its data attributes and the inputs beside it, then calls the actor. */
function rollHandler(method: RollAction): Handler {
  return async function (this: TacticaActorSheet, event, target) {
    const scope = target.closest("[data-roll-scope]") ?? this.element;
    const value = (selector: string) => scope?.querySelector<HTMLInputElement>(selector)?.value;
    const request = rollRequest(method, target.dataset as Dataset, {
      cancelLevel: value("[data-input=cancelLevel]"),
      fear: value("[data-input=fear]"),
      charging: scope?.querySelector<HTMLInputElement>("[data-input=charging]")?.checked ?? false,
    });
    await dispatchRoll(this.actor, request, { fastForward: event.shiftKey === true });
  };
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
      ...Object.fromEntries(
        (["rollProfile", "rollPressure", "rollPool", "castPower", "maintainPower", "cancelPower", "moraleTest", "rally", "fearTest", "rollScore", "attack"] as const).map((m) => [m, rollHandler(m)]),
      ),
      toggleMode: TacticaActorSheet.#toggleMode,
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
    return this.document as TacticaActor;
  }

  override async _prepareContext(options: object): Promise<Record<string, unknown>> {
    const context = await super._prepareContext(options);
    const sheet = actorSheetContext(this.actor, {
      editable: this.isEditable,
      mode: this.mode,
      modules: readModules(),
      activeTab: this.tabGroups.primary ?? undefined,
      lang: sheetLang(),
    });
    const biography = sheet ? await enriched(sheet.biography, this.actor) : "";
    return Object.assign(context, sheet ?? {}, { enrichedBiography: biography });
  }

  override async _preparePartContext(partId: string, context: Record<string, unknown>, options: object): Promise<Record<string, unknown>> {
    const partContext = await super._preparePartContext(partId, context, options);
    const tabs = (partContext as { tabs?: Record<string, unknown> }).tabs;
    return Object.assign(partContext, { tab: tabs?.[partId] ?? null });
  }

  /** Tabs of hidden rule modules are not rendered at all (S-modules); their data is kept. */
  override _configureRenderParts(options: object): Record<string, unknown> {
    const parts = super._configureRenderParts(options);
    const modules = readModules();
    const shown = new Set(Object.keys(prepareTabs(actorTabs(this.actor.model instanceof CharacterModel, modules), modules, undefined)));
    for (const tab of ACTOR_TABS) if (!shown.has(tab.id)) delete parts[tab.id];
    return parts;
  }

  override async _onFirstRender(context: object, options: object): Promise<void> {
    await super._onFirstRender(context, options);
    new foundry.applications.ux.ContextMenu(this.element, "[data-item-id].item", itemContextEntries(this.actor), { jQuery: false, fixed: true });
  }

  static async #toggleMode(this: TacticaActorSheet): Promise<void> {
    if (!this.isEditable) return;
    this.mode = this.mode === "edit" ? "play" : "edit";
    await this.render();
  }

  static async #editItem(this: TacticaActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = ownedItem(this.actor, itemIdOf(target));
    await item?.sheet?.render(true);
  }

  static async #deleteItem(this: TacticaActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = ownedItem(this.actor, itemIdOf(target));
    await item?.deleteDialog();
  }

  static async #equipItem(this: TacticaActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await toggleEquipped(this.actor, itemIdOf(target));
  }

  static async #createItem(this: TacticaActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const type = target.dataset.type;
    if (!this.actor.isOwner || !type) return;
    const name = game.i18n?.format("TACTICA.Sheet.NewItem", { type: game.i18n.localize(`TYPES.Item.${type}`) }) ?? type;
    await this.actor.createEmbeddedDocuments("Item", [{ name, type } as Item.CreateData]);
  }

  static async #toggleCondition(this: TacticaActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.dataset.status;
    if (!this.actor.isOwner || !isStatusId(id)) return void notifyError("TACTICA.Sheet.Errors.NotOwner", { name: this.actor.name });
    await this.actor.setCondition(id, !this.actor.statuses.has(id));
  }

  static async #toggleEffect(this: TacticaActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const effect = this.actor.effects.get(target.closest<HTMLElement>("[data-effect-id]")?.dataset.effectId ?? "");
    if (!effect || !this.actor.isOwner) return;
    await effect.update({ disabled: !effect.disabled });
  }

  static async #editEffect(this: TacticaActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const effect = this.actor.effects.get(target.closest<HTMLElement>("[data-effect-id]")?.dataset.effectId ?? "");
    await effect?.sheet?.render(true);
  }

  static async #deleteEffect(this: TacticaActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const effect = this.actor.effects.get(target.closest<HTMLElement>("[data-effect-id]")?.dataset.effectId ?? "");
    if (!effect || !this.actor.isOwner) return;
    await effect.deleteDialog();
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
export class NpcSheet extends TacticaActorSheet {
  static override DEFAULT_OPTIONS: SheetDefaults = { classes: ["npc"] };
}
export class UnitSheet extends TacticaActorSheet {
  static override DEFAULT_OPTIONS: SheetDefaults = { classes: ["unit"] };
}
