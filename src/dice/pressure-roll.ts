/**
 * Pressure roll (*jet de pression*) — RULES §2: 1d6 (or several d6 with a special ability, D-46,
 * the player choosing which natural result counts — D-4), bonus from the table, halved for PEUR,
 * capped at the printed value (D-5).
 */
import { bestPressureFace, pressureBreakdown, type PressureBreakdown, type PressureTarget } from "../rules/pressure";
import { invalid } from "../rules/errors";
import { TacticaRoll, type BaseRollOptions, type CardBody } from "./base";
import type { RollDialog } from "./pipeline";
import { CHAT_TEMPLATE_ROOT, dieBadge, inputRow, modifierRow, note, type CardButtons, type LocalNote } from "./card";

export interface PressureRollOptions extends BaseRollOptions {
  /** what the boiler-linked item raises */
  target: PressureTarget;
  /** the characteristic's printed value (the stored base, never an effect-raised value) */
  printedValue: number;
  /** index of the die the player chose; absent means the best die (D-4) */
  chosen?: number | null;
  /** RULES §2 (C15): a MOU bonus for the next pursuit move only; absent: the target's own window */
  window?: "pursuit" | null;
}

/** Language key naming a pressure target (weapon FOR is split by melee / ranged). */
export function pressureTargetLabel(target: PressureTarget): string {
  return target === "meleeStrength" || target === "rangedStrength"
    ? `TACTICA.Card.pressure.target.${target}`
    : `TACTICA.Profile.${target}.label`;
}

/** RULES §2 (D-4, D-46): what the pressure dialog opens with — the item, the dice proposed and granted. */
export interface PressureDialogInput {
  itemName: string;
  dice: number;
  /** D-46: the most d6 a special ability grants here (1 without one) */
  max: number;
}

export class PressureRoll extends TacticaRoll<PressureRollOptions> {
  static override readonly KIND: string = "pressure";
  /** The pressure dialog (how many d6): set on init; `CONFIG.Dice.PressureRoll.DIALOG`. */
  static DIALOG: RollDialog<PressureDialogInput, { dice: number }> | null = null;
  static override CHAT_TEMPLATE = `${CHAT_TEMPLATE_ROOT}/pressure.hbs`;

  /** The formula of a pressure roll: one d6, or `count` d6 with a special ability. */
  static formulaFor(count = 1): string {
    if (!Number.isInteger(count) || count < 1) invalid("a pressure roll needs at least one d6", count);
    return `${count}d6`;
  }

  static override assertOptions(options: PressureRollOptions): void {
    // A bad target or printed value throws RulesRangeError, before any die is rolled.
    pressureBreakdown(1, options.target, options.printedValue);
  }

  /** Every natural d6 face, in order. */
  get faces(): number[] {
    this.assertEvaluated();
    return this.activeFaces();
  }

  /** The die that counts: the player's choice, else the best one (D-4). */
  get chosen(): { index: number; face: number } {
    const faces = this.faces;
    const choice = this.options.chosen;
    if (choice !== undefined && choice !== null) {
      const face = faces[choice];
      if (face === undefined) invalid("the chosen pressure die does not exist", choice);
      return { index: choice, face };
    }
    const best = bestPressureFace(faces, this.options.target, this.options.printedValue);
    return { index: best.index, face: best.face };
  }

  /** Every step from the table to the capped bonus (RULES §2, D-5). */
  get breakdown(): PressureBreakdown {
    return pressureBreakdown(this.chosen.face, this.options.target, this.options.printedValue);
  }

  /** The pressure bonus this roll grants. */
  get bonus(): number {
    return this.breakdown.bonus;
  }

  /** True when the printed value lowered the bonus. */
  get capped(): boolean {
    return this.breakdown.capped;
  }

  /**
   * Records the player's choice of die (D-4). The roll changes in place: the caller saves it by
   * updating the chat message's rolls.
   */
  choose(index: number): this {
    const faces = this.faces;
    if (!Number.isInteger(index) || faces[index] === undefined)
      invalid("the chosen pressure die does not exist", index);
    this.options.chosen = index;
    return this;
  }

  protected override cardBody(buttons: CardButtons): CardBody {
    const { target, printedValue } = this.options;
    const steps = this.breakdown;
    const chosen = this.chosen.index;
    const choosable = buttons.chooseDie === true && this.faces.length > 1;
    const dice = this.faces.map((face, i) =>
      dieBadge(i, face, 6, "pressure", "TACTICA.Card.die.pressure", i === chosen ? ["chosen"] : ["unused"], choosable),
    );
    const inputs = [
      inputRow(pressureTargetLabel(target), printedValue, { note: note("TACTICA.Card.pressure.printed") }),
      modifierRow("TACTICA.Card.pressure.table", steps.table, { note: note("TACTICA.Card.pressure.face", steps.face) }),
    ];
    if (target === "peur") inputs.push(modifierRow("TACTICA.Card.pressure.halved", steps.halved));
    const details: LocalNote[] = [];
    if (steps.capped) details.push(note("TACTICA.Card.pressure.capped", printedValue));
    details.push(note(`TACTICA.Card.pressure.lasts.${target}`));
    if (dice.length > 1) details.push(note("TACTICA.Card.pressure.several"));
    return {
      inputs,
      target: null,
      diceRows: [
        { label: "TACTICA.Card.dice", groups: [{ kind: "pressure", label: "TACTICA.Card.die.pressure", dice }] },
      ],
      outcome: {
        success: null,
        cssClass: "neutral",
        label: "TACTICA.Card.pressure.bonus",
        value: steps.bonus,
        signed: true,
        details,
      },
      // Choosing is done on the dice themselves (each a button), not in the footer.
      withheld: choosable ? [] : ["chooseDie"],
      extra: { pressureTarget: target, bonus: steps.bonus },
    };
  }
}
