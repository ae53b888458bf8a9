/**
 * RULES §6.1, §6.4: the attack dialog — the weapon and its attack score, one row per target with
 * its distance and *Imprécis* penalty (computed by the action, shown here), a refusal line for a
 * target out of *Portée*, and for a *De zone* attack a "leave out" box per target (1 *Épuisement*
 * each, paid by the action through the rules' `areaTargets`). Modifier field; closing cancels.
 */
import type { CardTargetSource } from "../../actions/common";
import { DIALOG_TEMPLATE_ROOT, formDialog, modifierOf, type FormValues, type Refusal } from "./form-dialog";

/** What the action hands the dialog: everything is already measured. */
export interface AttackDialogInput {
  itemName: string;
  /** lang key of the governing sub-aptitude's label */
  subAptitudeLabel: string;
  /** the attack score before the dialog's modifier */
  score: number;
  /** the weapon's *Portée* as written ("2" or "2-4"), "" without one */
  range: string;
  /** the target rows as the card would store them (`tokenUuid` identifies each) */
  targets: readonly CardTargetSource[];
  /** *De zone*: each target may be left out for 1 *Épuisement* */
  area: boolean;
  /** the attacker's token uuid (*Et Soi* puts it among the targets) */
  attackerUuid: string | null;
}

/** What the dialog returns. */
export interface AttackChoice {
  modifier: number;
  /** token uuids of the targets left out (*De zone* only) */
  spared: string[];
}

const OUT_OF_RANGE = "TACTICA.Chat.attack.outOfRange";

/** The attack dialog's context (exported for the tests): plain data, labels as lang keys. */
export function attackDialogContext(input: AttackDialogInput) {
  return {
    itemName: input.itemName,
    subAptitudeLabel: input.subAptitudeLabel,
    score: input.score,
    area: input.area,
    noTargets: input.targets.length === 0,
    targets: input.targets.map((t, index) => ({
      index,
      name: t.name,
      self: input.attackerUuid !== null && t.tokenUuid === input.attackerUuid,
      distance: t.distance ?? null,
      distanceKnown: t.distance !== null && t.distance !== undefined,
      penalty: -(t.modifier ?? 0),
      outOfRange: t.note === OUT_OF_RANGE,
      range: input.range,
      // The other notes (no scene, no place, unreachable) are whole sentences already.
      note: t.note && t.note !== OUT_OF_RANGE ? t.note : "",
    })),
  };
}

/** The form read back: the modifier and the uuids of the ticked "leave out" boxes. */
export function readAttack(input: AttackDialogInput, values: FormValues): AttackChoice | Refusal {
  const spared = input.area ? input.targets.filter((_t, i) => !!values[`spare-${i}`]).map((t) => t.tokenUuid) : [];
  const modifier = modifierOf(values);
  return typeof modifier === "number" ? { modifier, spared } : modifier;
}

/** The live line: the attack score with the modifier, and what leaving targets out costs. */
export function attackSummaryLine(input: AttackDialogInput, values: FormValues): string {
  const choice = readAttack(input, values);
  const i18n = game.i18n;
  if (!i18n || "refused" in choice) return "";
  const line = i18n.format("TACTICA.Dialog.attack.summary", { score: String(input.score + choice.modifier) });
  if (!input.area) return line;
  return `${line} ${i18n.format("TACTICA.Dialog.attack.spareCost", { count: String(choice.spared.length) })}`;
}

/** Asks for the attack's options in `opener`'s window; resolves them, or null when closed. */
export async function attackDialog(input: AttackDialogInput, opener: unknown = null): Promise<AttackChoice | null> {
  return formDialog(
    {
      title: input.itemName,
      template: `${DIALOG_TEMPLATE_ROOT}/attack.hbs`,
      context: attackDialogContext(input),
      read: (values) => readAttack(input, values),
      odds: (values) => attackSummaryLine(input, values),
    },
    opener,
  );
}
