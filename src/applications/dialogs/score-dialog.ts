/**
 * RULES §6.1: the score test dialog — sub-aptitude (each option names its governing aptitude),
 * difficulty (empty for a plain total), modifier, and the exact P(2d6 + score ≥ difficulty).
 */
import { CharacterModel } from "../../data/actor/character";
import { aptitudeOf, isOneOf, SUB_APTITUDE_KEYS, type AptitudeKey, type SubAptitudeKey } from "../../rules/keys";
import { aptitudeCurrent, score } from "../../rules/scores";
import {
  DIALOG_TEMPLATE_ROOT,
  formDialog,
  modifierOf,
  percent,
  refuse,
  wholeNumber,
  type FormValues,
  type OddsLine,
  type Refusal,
  type ModeChoice,
} from "./form-dialog";
import { scoreNeeded, scoreSuccessChance } from "../../rules/score-odds";
import type { ScoreChoice, ScoreDialogInput } from "../../dice/score-dialogs";

/** What the score dialog opens with for its test. */
type ScoreDialogRequest = ScoreDialogInput["request"];

/** One sub-aptitude option: its value and the aptitude the test would add to it. */
export interface ScoreOption {
  key: SubAptitudeKey;
  label: string;
  value: number;
  aptitude: AptitudeKey;
  aptitudeLabel: string;
  aptitudeValue: number;
  selected: boolean;
}

/** The score dialog's context (exported for the tests): plain data, labels as lang keys. */
export function scoreDialogContext(system: CharacterModel, request: ScoreDialogRequest) {
  const options: ScoreOption[] = SUB_APTITUDE_KEYS.map((key) => {
    const aptitude = request.aptitude ?? aptitudeOf(key);
    const apt = system.aptitudes[aptitude];
    return {
      key,
      label: `TACTICA.SubAptitude.${key}`,
      value: system.subAptitudes[key].value,
      aptitude,
      aptitudeLabel: `TACTICA.Aptitude.${aptitude}`,
      aptitudeValue: aptitudeCurrent(apt.value, apt.damage),
      selected: key === request.subAptitude,
    };
  });
  return { subAptitudes: options, difficulty: request.difficulty ?? "", modifier: 0 };
}

/**
 * The form read back; a refusal when the sub-aptitude is not one of the 11 or the difficulty is
 * not a whole number of 0 or more (empty: a plain total).
 */
export function readScore(values: FormValues): ScoreChoice | Refusal {
  const sub = String(values.subAptitude ?? "");
  if (!isOneOf(SUB_APTITUDE_KEYS, sub)) return refuse("TACTICA.Dialog.invalid");
  const difficulty = wholeNumber(values.difficulty, -1);
  const empty = String(values.difficulty ?? "").trim() === "";
  if (!empty && (difficulty === null || difficulty < 0)) return refuse("TACTICA.Dialog.score.badDifficulty");
  const modifier = modifierOf(values);
  if (typeof modifier !== "number") return modifier;
  return { subAptitude: sub, difficulty: empty ? null : difficulty, modifier };
}

const isChoice = (value: ScoreChoice | Refusal): value is ScoreChoice => !("refused" in value);

/**
 * The live line (RULES §6.1): with a difficulty, the exact chance and what the 2d6 must show
 * ("Chances de réussite : 17 % — il faut 12+ sur 2d6"), the score's parts and the formula in its
 * tooltip; without one, the score's parts.
 */
export function scoreOddsLine(options: readonly ScoreOption[], values: FormValues): OddsLine {
  const choice = readScore(values);
  if (!isChoice(choice)) return "";
  const option = options.find((o) => o.key === choice.subAptitude);
  if (!option || !game.i18n) return "";
  const total = score(option.aptitudeValue, option.value, choice.modifier);
  const data = {
    score: String(total),
    aptitude: game.i18n.localize(option.aptitudeLabel),
    aptitudeValue: String(option.aptitudeValue),
    subAptitude: game.i18n.localize(option.label),
    subValue: String(option.value),
    modifier: choice.modifier < 0 ? `− ${-choice.modifier}` : `+ ${choice.modifier}`,
  };
  if (choice.difficulty === null) return game.i18n.format("TACTICA.Dialog.score.total", data);
  const chance = percent(scoreSuccessChance(total, choice.difficulty));
  const needed = scoreNeeded(total, choice.difficulty);
  const key = needed <= 2 ? "sure" : needed > 12 ? "impossible" : "odds";
  return {
    text: game.i18n.format(`TACTICA.Dialog.score.${key}`, { chance, needed: String(needed) }),
    tooltip: game.i18n.format("TACTICA.Dialog.score.formula", {
      ...data,
      difficulty: String(choice.difficulty),
      chance,
    }),
  };
}

/**
 * Asks for the score test's options in `opener`'s window; resolves them, or null when closed. A
 * refused input (a negative difficulty) keeps the dialog open with its message.
 */
export async function scoreDialog(
  { actor, request }: ScoreDialogInput,
  opener: unknown = null,
): Promise<(ScoreChoice & ModeChoice) | null> {
  if (!(actor.system instanceof CharacterModel)) return null;
  const context = scoreDialogContext(actor.system, request);
  return formDialog(
    {
      title: game.i18n?.localize("TACTICA.Sheet.Action.rollScore") ?? "",
      template: `${DIALOG_TEMPLATE_ROOT}/score.hbs`,
      context,
      read: readScore,
      odds: (values) => scoreOddsLine(context.subAptitudes, values),
    },
    opener,
  );
}
