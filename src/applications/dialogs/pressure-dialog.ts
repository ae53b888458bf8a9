/** RULES §2 (D-4): the pressure dialog — how many d6 (a special ability may give several). */
import { DIALOG_TEMPLATE_ROOT, formDialog, refuse, wholeNumber, type ModeChoice } from "./form-dialog";
import type { PressureDialogInput } from "../../dice/pressure-roll";

/** The dice a pressure roll may use (D-4). */
const MIN_DICE = 1;
const MAX_DICE = 3;

/** The form read back: the dice count, or a refusal outside 1–3. */
export function readPressure(values: Record<string, unknown>) {
  const n = wholeNumber(values.dice, null);
  if (n !== null && n >= MIN_DICE && n <= MAX_DICE) return n;
  return refuse("TACTICA.Dialog.between", {
    field: game.i18n?.localize("TACTICA.Dialog.pressureDice") ?? "",
    min: String(MIN_DICE),
    max: String(MAX_DICE),
  });
}

/**
 * Asks how many dice to roll, in `opener`'s window; resolves the count (1–3) and the message mode
 * chosen, or null when closed.
 */
export async function pressureDialog(
  { itemName, dice }: PressureDialogInput,
  opener: unknown = null,
): Promise<({ dice: number } & ModeChoice) | null> {
  return formDialog(
    {
      title: game.i18n?.localize("TACTICA.Roll.pressure") ?? "",
      template: `${DIALOG_TEMPLATE_ROOT}/pressure.hbs`,
      context: { itemName, dice },
      read: (values) => {
        const count = readPressure(values);
        return typeof count === "number" ? { dice: count } : count;
      },
    },
    opener,
  );
}
