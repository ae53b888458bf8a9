/**
 * Small pieces the sheet classes share: the reader's language for attribute chips, enriched HTML
 * for the rich text fields, the child windows a sheet opens (another sheet, a confirmation — in
 * the sheet's own window, src/compat/windows.ts), and the item context menu (edit, equip,
 * delete), described once and written in the running generation's shape
 * (src/compat/context-menu.ts).
 */
import { ownedItem, toggleEquipped } from "./actions";
import { renderChild, type Renderable, type WindowRenderOptions } from "../../compat/windows";
import type { MenuEntry } from "../../compat/context-menu";
import { confirmDelete } from "../dialogs/confirm-dialog";
import type { TacticaActor } from "../../documents/actor";
import { notifyRefusal, updateRefusal } from "../../documents/data-checks";
import type { TypedText } from "./typed-text";
import { isRecord } from "../../rules/records";

/** The language attribute chips are written in: English for an English interface, else French. */
export function sheetLang(): "fr" | "en" {
  return game.i18n?.lang === "en" ? "en" : "fr";
}

/**
 * Rich text (biography, description) enriched by Foundry and marked safe for Handlebars: the
 * enricher sanitises it, so templates print it with `{{ }}` and never need a triple-stash.
 * `rollData` resolves the `@` references of inline rolls (`[[/r 1d10 + @profile.co.total]]`).
 */
export async function enriched(
  html: string,
  relativeTo: Actor.Implementation | Item.Implementation,
  rollData: Record<string, unknown>,
): Promise<Handlebars.SafeString> {
  const text = await foundry.applications.ux.TextEditor.implementation.enrichHTML(html, {
    relativeTo,
    secrets: relativeTo.isOwner,
    rollData,
  });
  return new Handlebars.SafeString(text);
}

/** The sheet a child window is opened from (it is the window's opener). */
export interface SheetHost {
  readonly actor: TacticaActor;
  /** The user may change the actor (owner, not locked in a compendium). */
  readonly isEditable: boolean;
}

/** A document with a sheet, as read here. */
interface WithSheet {
  readonly sheet?: unknown;
}

/** Opens `doc`'s sheet in the window of `host` (v14 pop-outs); `options` go to its render. */
export async function openSheet(
  host: unknown,
  doc: WithSheet | null | undefined,
  options: WindowRenderOptions = {},
): Promise<unknown> {
  // The one unchecked read of this file: fvtt-types 13.345 types a document's `sheet` as a V1 or V2 application
  // whose render options lack v14's `window.detached` / `windowId` (ApplicationWindowRenderOptions), which
  // Renderable declares; the sheets of Tactica's items, effects and behaviours are all ApplicationV2.
  const sheet = doc?.sheet as Renderable | null | undefined;
  return sheet ? renderChild(host, sheet, options) : null;
}

/** A document the sheets delete after a confirmation. */
interface DeletableDoc {
  readonly name: string;
  delete(): Promise<unknown>;
}

/** Asks, in `host`'s window, whether to delete `doc`, and deletes it on "yes" (one write). */
export async function deleteAfterConfirm(host: unknown, doc: DeletableDoc): Promise<boolean> {
  if (!(await confirmDelete(doc, host))) return false;
  await doc.delete();
  return true;
}

/** A sheet whose portrait button hands its image to core's `editImage` action. */
interface PortraitHost {
  readonly isEditable: boolean;
  readonly options: { readonly actions: Readonly<Record<string, unknown>> };
}

/** The portrait button's action, shared by the actor and item sheets. */
export async function editPortrait(sheet: PortraitHost, event: Event, target: HTMLElement): Promise<void> {
  if (!sheet.isEditable) return;
  const img = target.querySelector("img[data-edit]");
  const coreEditImage = sheet.options.actions.editImage;
  if (img && typeof coreEditImage === "function") await coreEditImage.call(sheet, event, img);
}

const idOf = (li: HTMLElement) => li.dataset.itemId;

/**
 * The item context menu of an actor sheet: edit, equip (what can be equipped), delete. Equip and
 * delete need the sheet to be editable (`isEditable`: the owner, and not in a locked compendium);
 * each entry acts in the sheet's window.
 */
export function itemMenu(host: SheetHost): MenuEntry[] {
  const actor = host.actor;
  const item = (li: HTMLElement) => actor.items.get(idOf(li) ?? "");
  const equippable = (li: HTMLElement) => {
    const system = item(li)?.system;
    if (!host.isEditable || system === undefined) return false;
    return (
      ("equipped" in system && typeof system.equipped === "boolean") ||
      ("active" in system && typeof system.active === "boolean")
    );
  };
  return [
    {
      label: "TACTICA.Sheet.Menu.edit",
      icon: "fa-solid fa-pen-to-square",
      visible: (li) => item(li) !== undefined,
      onClick: (li) => openSheet(host, item(li)),
    },
    {
      label: "TACTICA.Sheet.Menu.equip",
      icon: "fa-solid fa-hand-fist",
      visible: equippable,
      onClick: (li) => toggleEquipped(actor, idOf(li)),
    },
    {
      label: "TACTICA.Sheet.Menu.delete",
      icon: "fa-solid fa-trash",
      visible: (li) => host.isEditable && item(li) !== undefined,
      onClick: (li) => {
        const owned = ownedItem(actor, idOf(li));
        return owned ? deleteAfterConfirm(host, owned) : null;
      },
    },
  ];
}

/** The prepared data of a refused submission: `_processSubmitData` writes nothing for it. */
const REFUSED_SUBMISSIONS = new WeakSet<object>();

/**
 * Bad input typed in a sheet, refused BEFORE core cleans it. Core's
 * `DocumentSheetV2#_prepareSubmitData` runs `document.validate({changes, clean: true})`, which
 * clamps and rounds numbers in place (12 in a 0–10 field becomes 10) before the document's
 * `_preUpdate` checks could see the value typed. So the sheet runs the same checks as
 * `_preUpdate` (`updateRefusal`, on a copy of the raw form data): a refusal is shown, localised
 * and escaped, and the returned empty object makes {@link isRefusedSubmission} true, so nothing is
 * written. Returns null when the input is acceptable (core's own preparation then runs).
 */
export function refusedSubmission(
  doc: Parameters<typeof updateRefusal>[0],
  formObject: Record<string, unknown>,
): object | null {
  const change = foundry.utils.expandObject(structuredClone(formObject));
  // expandObject builds a plain object: this guard only tells the type checker so.
  if (!isRecord(change)) return null;
  const refusal = updateRefusal(doc, change);
  if (!refusal) return null;
  notifyRefusal(refusal);
  const none = {};
  REFUSED_SUBMISSIONS.add(none);
  return none;
}

/** True for the prepared data of a submission {@link refusedSubmission} refused. */
export function isRefusedSubmission(submitData: object): boolean {
  return REFUSED_SUBMISSIONS.has(submitData);
}

/**
 * The `data-input` role and the value of a form event's target (an element of any browser window, v14
 * pop-outs: read with `in`, never `instanceof`); `role` is undefined for an element without one.
 */
export function inputOf(target: EventTarget | null): { role: string | undefined; value: unknown } {
  if (target === null) return { role: undefined, value: undefined };
  const dataset = "dataset" in target && typeof target.dataset === "object" ? target.dataset : null;
  const role = dataset && "input" in dataset && typeof dataset.input === "string" ? dataset.input : undefined;
  return { role, value: "value" in target ? target.value : undefined };
}

/** The tab of a sheet part, from core's prepared `tabs` of its part context (`null`: none). */
export function partTab(partContext: Record<string, unknown>, partId: string): unknown {
  const tabs = partContext.tabs;
  return typeof tabs === "object" && tabs !== null ? (Reflect.get(tabs, partId) ?? null) : null;
}

/** A rules error's message data as the localisation formats it (a number written as its text, as core would). */
export function textData(data: Readonly<Record<string, string | number>>): Record<string, string> {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, String(value)]));
}

/** A sheet with edit and play modes whose rich-text editors are watched (./typed-text.ts). */
export interface ModeHost {
  mode: "play" | "edit";
  readonly isEditable: boolean;
  readonly typedText: TypedText;
  render(options?: object): Promise<unknown>;
}

/**
 * « Modifier » / « Terminer »: the text typed in the editors is stored first (one write; a
 * refused or failed write keeps the sheet in edit mode, the text in its editor), then the sheet
 * is drawn in the other mode (review N1).
 */
export async function toggleSheetMode(sheet: ModeHost): Promise<void> {
  if (!sheet.isEditable) return;
  if (!(await sheet.typedText.save())) return;
  sheet.mode = sheet.mode === "edit" ? "play" : "edit";
  await sheet.render();
}

/**
 * Takes out of the window every part no longer configured — a tab of a module now hidden, the tabs
 * of a user whose permission dropped to LIMITED: core's `_replaceHTML` replaces the parts it
 * renders and never removes one (review N2), so such a part would stay, still `.active`.
 */
export function dropUnconfiguredParts(root: ParentNode | null | undefined, configured: ReadonlySet<string>): void {
  for (const part of root?.querySelectorAll("[data-application-part]") ?? []) {
    const id = part.getAttribute("data-application-part");
    if (id && !configured.has(id)) part.remove();
  }
}

/**
 * Core disables every control of a sheet the user may not edit (`DocumentSheetV2#_toggleDisabled`,
 * for observers): the controls that only open or show something (`.always-interactive`: an item's
 * name opening its sheet read-only, an effect's sheet) are enabled again (dnd5e does the same).
 */
export function enableReadingControls(root: ParentNode | null | undefined): void {
  for (const control of root?.querySelectorAll(".always-interactive") ?? [])
    if ("disabled" in control) control.disabled = false;
}

/** A sheet whose tabs core's `changeTab` switches. */
interface TabHost {
  readonly element: HTMLElement;
  changeTab(tab: string, group: string, options?: object): void;
}

/**
 * The tab links are in the focus order (`tabindex="0"`, templates/partials/tab-nav.hbs); Enter or
 * Space on one switches to its tab, as a click does (review N6). One listener on the window's root
 * element, added once (parts are drawn again inside it).
 */
export function listenToTabKeys(sheet: TabHost): void {
  sheet.element.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const target = event.target;
    const link =
      target && "closest" in target && typeof target.closest === "function"
        ? target.closest("[data-action=tab]")
        : null;
    const tab = link?.getAttribute("data-tab");
    const group = link?.getAttribute("data-group");
    if (!tab || !group) return;
    event.preventDefault();
    sheet.changeTab(tab, group);
  });
}
