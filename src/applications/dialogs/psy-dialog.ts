/** RULES §4: the cast dialog — concentration (only if the AC allow), chanters of a choir, modifier, live chance. */
import { castTarget, d10SuccessChance } from "../../rules/psy";
import {
  DIALOG_TEMPLATE_ROOT,
  formDialog,
  modifierOf,
  percent,
  refuse,
  wholeNumber,
  type FormValues,
  type Refusal,
  type ModeChoice,
} from "./form-dialog";
import type { PsyChoice, PsyDialogInput } from "../../dice/psy-roll";

/** The form read back; a choir needs at least 1 chanter. */
export function readPsy(input: PsyDialogInput, values: FormValues): PsyChoice | Refusal {
  const chanters = input.isChoir ? wholeNumber(values.chanters, null) : 0;
  if (chanters === null || (input.isChoir && chanters < 1))
    return refuse("TACTICA.Dialog.atLeast", { field: game.i18n?.localize("TACTICA.Card.psy.chant") ?? "", min: "1" });
  const modifier = modifierOf(values);
  if (typeof modifier !== "number") return modifier;
  return { concentration: input.canConcentrate && !!values.concentration, chanters, modifier };
}

/** Asks for the cast's options in `opener`'s window; resolves them, or null when closed. */
export async function psyDialog(
  input: PsyDialogInput,
  opener: unknown = null,
): Promise<(PsyChoice & ModeChoice) | null> {
  return formDialog(
    {
      title: game.i18n?.localize("TACTICA.Roll.psy.cast") ?? "",
      template: `${DIALOG_TEMPLATE_ROOT}/psy.hbs`,
      context: {
        powerName: input.name,
        level: input.level,
        canConcentrate: input.canConcentrate,
        isChoir: input.isChoir,
        chanters: input.chanters,
      },
      read: (values) => readPsy(input, values),
      odds: (values) => {
        const choice = readPsy(input, values);
        if ("refused" in choice) return "";
        try {
          const target = castTarget({ level: input.level, mastery: input.mastery, ...choice });
          return (
            game.i18n?.format("TACTICA.Dialog.d10Odds", {
              target: String(target),
              chance: percent(d10SuccessChance(target, true)),
            }) ?? ""
          );
        } catch {
          // An impossible combination (the rules say why when the roll is made): no odds line.
          return "";
        }
      },
    },
    opener,
  );
}
