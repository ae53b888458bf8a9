/**
 * The confirmations a sheet asks for (deleting an item or an effect): a DialogV2 with "delete"
 * and "cancel" (the default) that opens in the window of the sheet it was asked from (v14
 * pop-outs, src/compat/windows.ts) — core's `Document#deleteDialog` would open it in the main
 * window. Closing it is a "no".
 */
import { renderChild } from "../../compat/windows";
import { DIALOG_TEMPLATE_ROOT } from "./form-dialog";

/** The confirmation's template. */
export const CONFIRM_TEMPLATE = `${DIALOG_TEMPLATE_ROOT}/confirm.hbs`;

/** The confirmation's buttons (DialogV2 localises the labels): « Supprimer », and « Annuler », the default. */
export const CONFIRM_BUTTONS: readonly { action: string; label: string; icon: string; default?: boolean }[] = [
  { action: "delete", label: "TACTICA.Dialog.delete.confirm", icon: "fa-solid fa-trash" },
  { action: "cancel", label: "TACTICA.Dialog.cancel", icon: "fa-solid fa-xmark", default: true },
];

/**
 * The dialog as this file uses it: the DialogV2 members it calls. The dialog is held through this narrower view
 * (checked by the compiler, no assertion) because fvtt-types 13.345 does not know v14's `window.detached` render
 * option that {@link renderChild} may pass.
 */
interface DialogLike {
  render(options?: object): Promise<unknown>;
  addEventListener(type: string, fn: () => void, options?: { once?: boolean }): void;
}

/** A document the sheets may delete, as read here. */
interface Deletable {
  name: string;
}

/**
 * Asks, in `opener`'s window, whether to delete `doc`; resolves `true` only for the delete
 * button (the cancel button, Escape and closing resolve `false`).
 */
export async function confirmDelete(doc: Deletable, opener: unknown = null): Promise<boolean> {
  const i18n = game.i18n;
  const content = await foundry.applications.handlebars.renderTemplate(CONFIRM_TEMPLATE, { name: doc.name });
  return new Promise<boolean>((resolve) => {
    let settled = false;
    const finish = (value: boolean) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    const dialog: DialogLike = new foundry.applications.api.DialogV2({
      window: { title: i18n?.format("TACTICA.Dialog.delete.title", { name: doc.name }) ?? doc.name },
      classes: ["tactica", "tactica-dialog", "tactica-confirm"],
      position: { width: 400 },
      content,
      buttons: CONFIRM_BUTTONS.map((button) => ({ ...button, callback: () => button.action === "delete" })),
      // Only the delete button's own `true` deletes: core hands a button's ACTION to `submit`
      // when its callback returns nothing, and no other value may count as a yes.
      submit: async (result: unknown) => finish(result === true),
    });
    dialog.addEventListener("close", () => finish(false), { once: true });
    void renderChild(opener, dialog);
  });
}
