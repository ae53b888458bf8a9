/**
 * RULES §2 (D-4, D-46): the pressure dialog — one d6, or up to as many as a special ability grants
 * (the item's or the actor's pressure dice): the field offers no more, and says where more come from.
 */
import { DIALOG_TEMPLATE_ROOT, formDialog, refuse, wholeNumber, type ModeChoice } from "./form-dialog";
import type { PressureDialogInput } from "../../dice/pressure-roll";

/** A pressure roll uses at least one d6. */
const MIN_DICE = 1;

/**
 * The form read back: the dice count, or a refusal outside 1–`max` (the dice granted). With one
 * die granted the form has no field: it is one d6.
 */
export function readPressure(values: Record<string, unknown>, max: number) {
  if (max <= MIN_DICE && values.dice === undefined) return MIN_DICE;
  const n = wholeNumber(values.dice, null);
  if (n !== null && n >= MIN_DICE && n <= max) return n;
  return refuse(max > MIN_DICE ? "TACTICA.Dialog.between" : "TACTICA.Dialog.pressureOneDie", {
    field: game.i18n?.localize("TACTICA.Dialog.pressureDice") ?? "",
    min: String(MIN_DICE),
    max: String(max),
  });
}

/**
 * Asks how many dice to roll, in `opener`'s window; resolves the count (1 to the dice granted) and
 * the message mode chosen, or null when closed.
 */
export async function pressureDialog(
  { itemName, dice, max }: PressureDialogInput,
  opener: unknown = null,
): Promise<({ dice: number } & ModeChoice) | null> {
  return formDialog(
    {
      title: game.i18n?.localize("TACTICA.Roll.pressure") ?? "",
      template: `${DIALOG_TEMPLATE_ROOT}/pressure.hbs`,
      context: { itemName, dice: Math.min(dice, max), max, several: max > MIN_DICE },
      read: (values) => {
        const count = readPressure(values, max);
        return typeof count === "number" ? { dice: count } : count;
      },
    },
    opener,
  );
}
