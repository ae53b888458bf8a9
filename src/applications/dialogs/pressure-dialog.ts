/** RULES §2 (D-4): the pressure dialog — how many d6 (a special ability may give several). */
import { DIALOG_TEMPLATE_ROOT, formDialog, intOf } from "./form-dialog";

/** Asks how many dice to roll; resolves the count (1–3), or null when closed. */
export async function pressureDialog(itemName: string, dice: number): Promise<number | null> {
  return formDialog({
    title: game.i18n?.localize("TACTICA.Roll.pressure") ?? "",
    template: `${DIALOG_TEMPLATE_ROOT}/pressure.hbs`,
    context: { itemName, dice },
    read: (values) => {
      const n = intOf(values.dice, 1);
      return n >= 1 && n <= 3 ? n : null;
    },
  });
}
