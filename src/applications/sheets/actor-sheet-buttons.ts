/**
 * The click actions of the actor sheets (`DEFAULT_OPTIONS.actions`: core calls each with the sheet
 * as `this`, for the `[data-action]` element clicked): the roll buttons, which read their data
 * attributes and the helper inputs beside them and call the actor (./actions.ts), and the item,
 * effect and condition buttons. Every handler checks again what the button's presence implies
 * (the sheet is editable, the user owns the actor): a tampered page changes nothing.
 */
import { dispatchRoll, ownedItem, ROLL_ACTIONS, rollRequest, toggleEquipped, type RollAction } from "./actions";
import { deleteAfterConfirm, editPortrait, openSheet, type SheetHost } from "./sheet-helpers";
import { isOneOf } from "../../rules/keys";
import { isStatusId } from "../../effects/status-effects";
import { isMoraleState } from "../../actions/morale";
import { notifyError } from "../../utils/notify";
import { skipsDialog } from "../../config/keybindings";
import type { TacticaActor } from "../../documents/actor";
import type { SheetAction } from "./foundry-base";
import { ITEM_TYPES } from "./item-sheet";

/** The actor sheet as its buttons use it. */
export interface ActorSheetHost extends SheetHost {
  readonly element: HTMLElement;
  readonly options: { readonly actions: Readonly<Record<string, unknown>> };
}

type Handler = (this: ActorSheetHost, event: PointerEvent, target: HTMLElement) => Promise<void>;

/** A roll button: reads its data attributes and the inputs beside it, then calls the actor. */
function rollHandler(method: RollAction): Handler {
  return async function (this: ActorSheetHost, event, target) {
    const scope = target.closest("[data-roll-scope]") ?? this.element;
    const value = (selector: string) => scope?.querySelector<HTMLInputElement>(selector)?.value;
    const request = rollRequest(method, target.dataset, {
      cancelLevel: value("[data-input=cancelLevel]"),
      fear: value("[data-input=fear]"),
      charging: scope?.querySelector<HTMLInputElement>("[data-input=charging]")?.checked ?? false,
    });
    // The roll's dialog opens in this sheet's window (v14 pop-outs); the key bound to *Skip the
    // roll dialog* (Shift by default) skips it.
    await dispatchRoll(this.actor, request, { fastForward: skipsDialog(event), opener: this });
  };
}

/** The item id a button belongs to (on the button or on its row). */
function itemIdOf(target: HTMLElement): string | undefined {
  return target.dataset.itemId ?? target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
}

/** The effect a row names: the actor's own, or one of an item's (`data-parent-id`). */
function effectOf(actor: TacticaActor, target: HTMLElement): ActiveEffect.Implementation | undefined {
  const row = target.closest<HTMLElement>("[data-effect-id]");
  const id = row?.dataset.effectId ?? "";
  const parentId = row?.dataset.parentId ?? "";
  if (!parentId) return actor.effects.get(id);
  return actor.items.get(parentId)?.effects.get(id);
}

/**
 * The portrait is a `<button>` (keyboard-operable) around the `<img data-edit>` that core's
 * `editImage` action needs (it accepts IMG elements only, and the form's submit reads the image's
 * new `src`).
 */
const portrait: Handler = async function (event, target) {
  await editPortrait(this, event, target);
};

/**
 * Opens the row's item's sheet: for an observer too, who reads it (review N3; core shows a sheet
 * the user may not edit disabled, and an embedded item's permission is its actor's).
 */
const editItem: Handler = async function (_event, target) {
  const item = this.actor.items.get(itemIdOf(target) ?? "");
  if (!item) return void notifyError("TACTICA.Sheet.Errors.NoItem");
  await openSheet(this, item);
};

/** Deletes the row's item after a confirmation (its own delete button, or the row's menu). */
const deleteItem: Handler = async function (_event, target) {
  if (!this.isEditable) return void notifyError("TACTICA.Sheet.Errors.NotOwner", { name: this.actor.name });
  const item = ownedItem(this.actor, itemIdOf(target));
  if (item) await deleteAfterConfirm(this, item);
};

const equipItem: Handler = async function (_event, target) {
  await toggleEquipped(this.actor, itemIdOf(target));
};

/** Creates an item of the button's type and opens its sheet in edit mode, in this window. */
const createItem: Handler = async function (_event, target) {
  const type = target.dataset.type;
  if (!this.isEditable || !type) return;
  // The buttons name Tactica's item types; any other (a tampered page) creates nothing and says so.
  if (!isOneOf(ITEM_TYPES, type)) return void notifyError("TACTICA.Sheet.Errors.BadItemType");
  const name = game.i18n?.format("TACTICA.Sheet.NewItem", { type: game.i18n.localize(`TYPES.Item.${type}`) }) ?? type;
  const created = (await this.actor.createEmbeddedDocuments("Item", [{ name, type }])) ?? [];
  await openSheet(this, created[0], { mode: "edit" });
};

const toggleCondition: Handler = async function (_event, target) {
  const id = target.dataset.status;
  if (!this.actor.isOwner || !isStatusId(id))
    return void notifyError("TACTICA.Sheet.Errors.NotOwner", { name: this.actor.name });
  const on = !this.actor.statuses.has(id);
  // D-41: a panic condition switched on is the morale state — it replaces the other panic conditions.
  if (on && isMoraleState(id)) await this.actor.setMoraleState(id);
  else await this.actor.setCondition(id, on);
};

const toggleEffect: Handler = async function (_event, target) {
  const effect = effectOf(this.actor, target);
  if (!effect || !this.isEditable) return;
  await effect.update({ disabled: !effect.disabled });
};

const editEffect: Handler = async function (_event, target) {
  await openSheet(this, effectOf(this.actor, target));
};

const deleteEffect: Handler = async function (_event, target) {
  const effect = effectOf(this.actor, target);
  if (!effect || !this.isEditable) return;
  await deleteAfterConfirm(this, effect);
};

/**
 * Every action of the actor sheets but the mode switch (the sheet's own). Core calls each with
 * the sheet as `this`; the map is typed as core's action table reads it.
 */
export const ACTOR_SHEET_ACTIONS: Record<string, SheetAction> = {
  ...Object.fromEntries(ROLL_ACTIONS.map((m) => [m, rollHandler(m)])),
  editPortrait: portrait,
  editItem,
  deleteItem,
  equipItem,
  createItem,
  toggleCondition,
  toggleEffect,
  editEffect,
  deleteEffect,
};
