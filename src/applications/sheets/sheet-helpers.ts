/**
 * Small pieces the sheet classes share: the reader's language for attribute chips, enriched HTML
 * for the rich text fields, and the entries of the item context menu (edit, delete, equip).
 */
import { ownedItem, toggleEquipped } from "./actions";
import type { TacticaActor } from "../../documents/actor";

/** The language attribute chips are written in: English for an English interface, else French. */
export function sheetLang(): "fr" | "en" {
  return game.i18n?.lang === "en" ? "en" : "fr";
}

/**
 * Rich text (biography, description) enriched by Foundry and marked safe for Handlebars: the
 * enricher sanitises it, so templates print it with `{{ }}` and never need a triple-stash.
 */
export async function enriched(html: string, relativeTo: Actor.Implementation | Item.Implementation): Promise<Handlebars.SafeString> {
  const text = await foundry.applications.ux.TextEditor.implementation.enrichHTML(html, { relativeTo, secrets: relativeTo.isOwner });
  return new Handlebars.SafeString(text);
}

/** One entry of the item context menu. */
export interface ItemMenuEntry {
  name: string;
  icon: string;
  condition: (li: HTMLElement) => boolean;
  callback: (li: HTMLElement) => void | Promise<unknown>;
}

const idOf = (li: HTMLElement) => li.dataset.itemId;

/** The item context menu of an actor sheet: edit, equip (what can be equipped), delete. */
export function itemContextEntries(actor: TacticaActor): ItemMenuEntry[] {
  const item = (li: HTMLElement) => actor.items.get(idOf(li) ?? "");
  const equippable = (li: HTMLElement) => {
    const system = item(li)?.system as { equipped?: unknown; active?: unknown } | undefined;
    return actor.isOwner && (typeof system?.equipped === "boolean" || typeof system?.active === "boolean");
  };
  return [
    {
      name: "TACTICA.Sheet.Menu.edit",
      icon: '<i class="fa-solid fa-pen-to-square"></i>',
      condition: (li) => item(li) !== undefined,
      callback: (li) => void item(li)?.sheet?.render(true),
    },
    { name: "TACTICA.Sheet.Menu.equip", icon: '<i class="fa-solid fa-hand-fist"></i>', condition: equippable, callback: (li) => toggleEquipped(actor, idOf(li)) },
    {
      name: "TACTICA.Sheet.Menu.delete",
      icon: '<i class="fa-solid fa-trash"></i>',
      condition: () => actor.isOwner,
      callback: (li) => ownedItem(actor, idOf(li))?.deleteDialog(),
    },
  ];
}
