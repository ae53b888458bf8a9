/** RULES §3: the pool dialog — aptitude, sub-aptitude, the item giving gear dice, successes required. */
import { CharacterModel } from "../../data/actor/character";
import { APTITUDE_KEYS, SUB_APTITUDE_KEYS, isOneOf } from "../../rules/keys";
import { aptitudeCurrent } from "../../rules/scores";
import type { TacticaActor } from "../../documents/actor";
import type { PoolRequest } from "../../dice/pool-options";
import type { PoolDialogInput } from "../../dice/pool-roll";
import {
  DIALOG_TEMPLATE_ROOT,
  formDialog,
  intOf,
  percent,
  refuse,
  wholeNumber,
  type FormValues,
  type Refusal,
  type ModeChoice,
} from "./form-dialog";
import { freshPoolChance } from "../../rules/pool";
import { formatPlural } from "../../utils/plural";

/** The pool dialog's context (exported for the template tests). */
export function poolDialogContext(actor: TacticaActor, system: CharacterModel, request: PoolRequest) {
  // The items that give gear dice: those whose model has a `gearBonus` (weapons and gear).
  const items = actor.items.contents.flatMap((i) => {
    const model = i.system;
    if (!("gearBonus" in model) || typeof model.gearBonus !== "number") return [];
    return [{ id: i.id ?? "", name: i.name, bonus: model.gearBonus, selected: i.id === request.itemId }];
  });
  return {
    aptitudes: APTITUDE_KEYS.map((key) => ({
      key,
      label: `TACTICA.Aptitude.${key}`,
      value: aptitudeCurrent(system.aptitudes[key].value, system.aptitudes[key].damage),
      selected: key === request.aptitude,
    })),
    subAptitudes: SUB_APTITUDE_KEYS.map((key) => ({
      key,
      label: `TACTICA.SubAptitude.${key}`,
      value: system.subAptitudes[key].value,
      selected: key === request.subAptitude,
    })),
    items,
    required: request.required ?? 1,
  };
}

/** The form read back; a refusal for an unknown aptitude or fewer than 1 success required. */
export function readPool(values: FormValues): PoolRequest | Refusal {
  const aptitude = String(values.aptitude);
  if (!isOneOf(APTITUDE_KEYS, aptitude)) return refuse("TACTICA.Dialog.invalid");
  const sub = String(values.subAptitude ?? "");
  const required = wholeNumber(values.required, null);
  if (required === null || required < 1)
    return refuse("TACTICA.Dialog.atLeast", {
      field: game.i18n?.localize("TACTICA.Card.pool.required") ?? "",
      min: "1",
    });
  return {
    aptitude,
    subAptitude: isOneOf(SUB_APTITUDE_KEYS, sub) ? sub : null,
    itemId: values.itemId ? String(values.itemId) : null,
    required,
  };
}

/** Asks for the pool in `opener`'s window; resolves the request, or null when closed. */
export async function poolDialog(
  { actor, request }: PoolDialogInput,
  opener: unknown = null,
): Promise<(PoolRequest & ModeChoice) | null> {
  const system = actor.system;
  if (!(system instanceof CharacterModel)) return null;
  const context = poolDialogContext(actor, system, request);
  const count = (values: FormValues): number => {
    const picked = readPool(values);
    if ("refused" in picked) return 0;
    const apt = context.aptitudes.find((a) => a.key === picked.aptitude)?.value ?? 0;
    const sub = context.subAptitudes.find((s) => s.key === picked.subAptitude)?.value ?? 0;
    const gear = context.items.find((i) => i.id === picked.itemId)?.bonus ?? 0;
    return apt + sub + gear;
  };
  return formDialog(
    {
      title: game.i18n?.localize("TACTICA.Roll.pool") ?? "",
      template: `${DIALOG_TEMPLATE_ROOT}/pool.hbs`,
      context,
      read: readPool,
      odds: (values) => {
        const dice = count(values);
        try {
          const chance = percent(freshPoolChance(dice, intOf(values.required, 1)));
          return game.i18n ? formatPlural(game.i18n, "TACTICA.Dialog.poolOdds", dice, { chance }) : "";
        } catch {
          // A count the rules refuse (an effect left a score that is no whole number): no odds line;
          // the roll itself says why.
          return "";
        }
      },
    },
    opener,
  );
}
