/**
 * RULES §6.1, §6.4: the attack dialog — the weapon and its attack score, one row per target with
 * its portrait, distance and *Imprécis* penalty (computed by the action, shown here), a refusal
 * line for a target out of *Portée*. For a *De zone* attack (D-38) the rows are the occupants of
 * the targeted place: the attacker ticks up to X of them (the user's targeted tokens ticked
 * first), and with *Et Soi* his own row is ticked too; every target left out — an empty slot of
 * X, or the attacker's own row unticked — costs 1 *Épuisement* (paid by the action through the
 * rules' `areaTargets`). Modifier field; closing cancels.
 */
import type { AttackChoice, AttackDialogInput } from "../../dice/score-dialogs";
import {
  DIALOG_TEMPLATE_ROOT,
  formDialog,
  modifierOf,
  refuse,
  type FormValues,
  type Refusal,
  type ModeChoice,
} from "./form-dialog";
import { formatPlural, pluralKey } from "../../utils/plural";

const OUT_OF_RANGE = "TACTICA.Chat.attack.outOfRange";

/** The dialog's keys with `one`/`other` forms (src/utils/plural.ts) share this prefix. */
const DIALOG_KEYS = "TACTICA.Dialog.attack.";

/** The attack dialog's context (exported for the tests): plain data, labels as lang keys. */
export function attackDialogContext(input: AttackDialogInput) {
  const area = input.area;
  const preselected = new Set(input.preselected ?? []);
  return {
    itemName: input.itemName,
    subAptitudeLabel: input.subAptitudeLabel,
    score: input.score,
    area: area !== null,
    // The hint's plural form for the slots (src/utils/plural.ts), localised by the template.
    areaHint: area ? { key: pluralKey(`${DIALOG_KEYS}areaHint`, area.slots), count: area.slots } : null,
    noTargets: input.targets.length === 0,
    targets: input.targets.map((t, index) => {
      const self = area?.self !== null && area?.self !== undefined && t.tokenUuid === area.self;
      return {
        index,
        name: t.name,
        img: t.img ?? null,
        self,
        // De zone: the attacker's own row is ticked (Et Soi), an occupant when preselected.
        checked: area !== null && (self || preselected.has(t.tokenUuid)),
        distance: t.distance ?? null,
        distanceKnown: !self && t.distance !== null && t.distance !== undefined,
        penalty: -(t.modifier ?? 0),
        outOfRange: t.note === OUT_OF_RANGE,
        range: input.range,
        // The other notes (no scene, no place, unreachable) are whole sentences already.
        note: t.note && t.note !== OUT_OF_RANGE ? t.note : "",
      };
    }),
  };
}

/** The form read back: the modifier, the occupants ticked and, unticked, the attacker (*Et Soi*). */
export function readAttack(input: AttackDialogInput, values: FormValues): AttackChoice | Refusal {
  const modifier = modifierOf(values);
  if (typeof modifier !== "number") return modifier;
  const area = input.area;
  if (!area) return { modifier, chosen: [], spared: [] };
  const ticked = (i: number) => !!values[`hit-${i}`];
  const chosen = input.targets.filter((t, i) => t.tokenUuid !== area.self && ticked(i)).map((t) => t.tokenUuid);
  if (chosen.length > area.slots)
    return refuse(pluralKey(`${DIALOG_KEYS}tooMany`, area.slots), { count: String(area.slots) });
  const selfIndex = area.self === null ? -1 : input.targets.findIndex((t) => t.tokenUuid === area.self);
  const spared = selfIndex >= 0 && !ticked(selfIndex) ? [area.self!] : [];
  return { modifier, chosen, spared };
}

/** D-38: the *Épuisement* of a choice — each empty slot of X and each spared target, 1. */
export function leftOutCost(input: AttackDialogInput, choice: AttackChoice): number {
  return input.area ? input.area.slots - choice.chosen.length + choice.spared.length : 0;
}

/** The live line: the attack score with the modifier, and what leaving targets out costs. */
export function attackSummaryLine(input: AttackDialogInput, values: FormValues): string {
  const choice = readAttack(input, values);
  const i18n = game.i18n;
  if (!i18n || "refused" in choice) return "";
  const line = i18n.format("TACTICA.Dialog.attack.summary", { score: String(input.score + choice.modifier) });
  if (!input.area) return line;
  return `${line} ${formatPlural(i18n, `${DIALOG_KEYS}spareCost`, leftOutCost(input, choice))}`;
}

/** Asks for the attack's options in `opener`'s window; resolves them, or null when closed. */
export async function attackDialog(
  input: AttackDialogInput,
  opener: unknown = null,
): Promise<(AttackChoice & ModeChoice) | null> {
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
