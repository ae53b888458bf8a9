/**
 * Psychic power roll — RULES §4: casting (level + mastery + concentration + chant + modifier)
 * or cancelling an effect in play (level + 1 + concentration + modifier; mastery never counts),
 * both a d10 roll-under where a natural 10 always fails.
 */
import {
  cancelCostAc,
  cancelTarget,
  CANCEL_BONUS,
  castCostAc,
  castTarget,
  chantBonus,
  CONCENTRATION_BONUS,
  isPsySuccess,
} from "../rules/psy";
import { assertInteger, invalid } from "../rules/errors";
import type { ProfileKey } from "../rules/keys";
import { TacticaRoll, type BaseRollOptions, type CardBody } from "./base";
import type { RollDialog } from "./pipeline";
import { applyDieAppearance } from "./appearance";
import {
  CHAT_TEMPLATE_ROOT,
  d10DiceRow,
  inputRow,
  type InputRow,
  type LocalNote,
  modifierRow,
  note,
  passFail,
  pluralNote,
} from "./card";

/** RULES §4: a power is resisted with a FOR, END or CO profile test. */
export type ResistKey = Extract<ProfileKey, "for" | "end" | "co">;

export interface PsyRollOptions extends BaseRollOptions {
  /** cast a power, or cancel an effect in play */
  mode: "cast" | "cancel";
  /** the power's level (cast) or the level of the effect being cancelled (cancel), 1–8 */
  level: number;
  /** the caster's mastery, 0–4 (cast only; ignored when cancelling) */
  mastery?: number;
  /** one extra AC spent for +1 */
  concentration?: boolean;
  /** chanting neophytes, the roller included (D-12) */
  chanters?: number;
  /** other modifiers, GM-granted */
  modifier?: number;
  /** the power's use cost in AC (cast), to show the total cost */
  cost?: number | null;
  /** the characteristic a target resists with, if the power allows it */
  resist?: ResistKey | null;
}

/** RULES §4: what the cast dialog opens with. */
export interface PsyDialogInput {
  name: string;
  level: number;
  mastery: number;
  canConcentrate: boolean;
  isChoir: boolean;
  chanters: number;
}

/** RULES §4: what the cast dialog answers. */
export interface PsyChoice {
  concentration: boolean;
  chanters: number;
  modifier: number;
}

export class PsyRoll extends TacticaRoll<PsyRollOptions> {
  static override readonly KIND: string = "psy";
  /** The cast dialog (concentration, chanters, modifier): set on init; `CONFIG.Dice.PsyRoll.DIALOG`. */
  static DIALOG: RollDialog<PsyDialogInput, PsyChoice> | null = null;
  static override CHAT_TEMPLATE = `${CHAT_TEMPLATE_ROOT}/psy.hbs`;

  static formulaFor(): string {
    return "1d10";
  }

  static override assertOptions(options: PsyRollOptions): void {
    if (options.mode !== "cast" && options.mode !== "cancel") invalid("psy mode must be cast or cancel", options.mode);
    if (options.cost !== undefined && options.cost !== null) assertInteger("use cost", options.cost, 0);
    // Impossible casts (a chanting master, a concentrating choir…) throw here, before any die.
    PsyRoll.targetOf(options);
  }

  constructor(formula: string, data: Record<string, never> = {}, options: PsyRollOptions) {
    super(formula, data, options);
    // The psychic d10 in its Dice So Nice colour (src/dice/appearance.ts).
    applyDieAppearance(this.dice, "psy");
  }

  /** RULES §4: the number to roll under. */
  get target(): number {
    return PsyRoll.targetOf(this.options);
  }

  /** RULES §4: the number to roll under for these options (throws on an impossible cast). */
  static targetOf(o: PsyRollOptions): number {
    if (o.mode === "cancel")
      return cancelTarget({ level: o.level, concentration: o.concentration, modifier: o.modifier });
    return castTarget({
      level: o.level,
      mastery: o.mastery ?? 0,
      concentration: o.concentration,
      chanters: o.chanters,
      modifier: o.modifier,
    });
  }

  /** The natural d10. */
  get natural(): number {
    this.assertEvaluated();
    return this.activeFaces()[0] ?? invalid("a psy roll needs its d10", this.formula);
  }

  /** A natural 10 always fails (RULES §4, D-14). */
  get isNatural10(): boolean {
    return this.natural === 10;
  }

  get isSuccess(): boolean {
    return isPsySuccess(this.natural, this.target);
  }

  /** RULES §4: AC the attempt costs; null for a cast whose use cost was not given. */
  get costAc(): number | null {
    const o = this.options;
    if (o.mode === "cancel") return cancelCostAc(o.concentration ?? false);
    return o.cost === undefined || o.cost === null ? null : castCostAc(o.cost, o.concentration ?? false);
  }

  protected override get kindLabel(): string {
    return `TACTICA.Roll.psy.${this.options.mode}`;
  }

  private inputs(): InputRow[] {
    const o = this.options;
    const rows = [inputRow("TACTICA.Card.psy.level", o.level)];
    if (o.mode === "cast") rows.push(modifierRow("TACTICA.Card.psy.mastery", o.mastery ?? 0));
    else rows.push(modifierRow("TACTICA.Card.psy.cancelBonus", CANCEL_BONUS));
    if (o.concentration) rows.push(modifierRow("TACTICA.Card.psy.concentration", CONCENTRATION_BONUS));
    if (o.mode === "cast" && (o.chanters ?? 0) > 0) {
      const chanters = o.chanters ?? 0;
      rows.push(
        modifierRow("TACTICA.Card.psy.chant", chantBonus(chanters), {
          note: pluralNote("TACTICA.Card.psy.chanters", chanters),
        }),
      );
    }
    if (o.modifier) rows.push(modifierRow("TACTICA.Card.modifier", o.modifier));
    const cost = this.costAc;
    if (cost !== null) rows.push(inputRow("TACTICA.Card.psy.cost", cost, { note: note("TACTICA.Profile.ac.abbr") }));
    return rows;
  }

  protected override cardBody(): CardBody {
    const success = this.isSuccess;
    const natural = this.natural;
    const classes = [success ? "success" : "failure"];
    if (natural === 10) classes.push("natural-10");
    // What happens first (the power takes effect or not, the effect ends or not), then why.
    const details: LocalNote[] = [];
    if (natural === 10) details.push(note("TACTICA.Card.natural10"));
    const cast = this.options.mode === "cast";
    details.push(
      note(
        cast
          ? success
            ? "TACTICA.Card.psy.takesEffect"
            : "TACTICA.Card.psy.noEffect"
          : success
            ? "TACTICA.Card.psy.cancelled"
            : "TACTICA.Card.psy.notCancelled",
      ),
    );
    details.push(note("TACTICA.Card.rollUnder", this.target));
    const resist = this.options.mode === "cast" && success ? (this.options.resist ?? null) : null;
    return {
      inputs: this.inputs(),
      target: { label: "TACTICA.Card.targetUnder", value: this.target },
      diceRows: [d10DiceRow(natural, classes)],
      outcome: passFail(success, details),
      extra: {
        mode: this.options.mode,
        isNatural10: natural === 10,
        resistLabel: resist ? `TACTICA.Profile.${resist}.abbr` : null,
        resist,
      },
    };
  }
}
