/**
 * Score test — RULES §6.1 (D-22): 2d6 + score (aptitude's current value + sub-aptitude +
 * modifiers) against a difficulty, with degrees of success or failure of S-degree points each.
 * An attack has no difficulty of its own (D-25: defenders roll against it), so its card shows the
 * total only; an *Etourdissante* test also shows how far the target's marker moves (§6.4, D-29).
 */
import { score, scoreTest, stunDelay, DEFAULT_DEGREE_SIZE, type ScoreTestResult } from "../rules/scores";
import { assertInteger, invalid } from "../rules/errors";
import type { AptitudeKey, SubAptitudeKey } from "../rules/keys";
import { TacticaRoll, type BaseRollOptions, type CardBody } from "./base";
import {
  CHAT_TEMPLATE_ROOT,
  dieBadge,
  inputRow,
  modifierRows,
  note,
  passFail,
  pluralNote,
  type InputRow,
  type LocalNote,
  type ModifierEntry,
  type Outcome,
} from "./card";

export const SCORE_PURPOSES = ["test", "attack", "defence", "reflection", "stun"] as const;
export type ScorePurpose = (typeof SCORE_PURPOSES)[number];

export interface ScoreRollOptions extends BaseRollOptions {
  purpose?: ScorePurpose;
  aptitude?: AptitudeKey | null;
  /** the aptitude's current value (value − damage) */
  aptitudeValue?: number;
  subAptitude?: SubAptitudeKey | null;
  subAptitudeValue?: number;
  modifiers?: ModifierEntry[];
  /** null for an attack, which defenders oppose (D-25) */
  difficulty?: number | null;
  /** world setting S-degree (default 5) */
  degreeSize?: number;
  /** world setting S-stun-literal (stun tests only) */
  stunLiteral?: boolean;
}

export class ScoreRoll extends TacticaRoll<ScoreRollOptions> {
  static override readonly KIND: string = "score";
  static override CHAT_TEMPLATE = `${CHAT_TEMPLATE_ROOT}/score.hbs`;

  /** `2d6 + score` (or `2d6 - n` for a negative score), so the roll's total is the test's total. */
  static formulaFor(options: ScoreRollOptions): string {
    const value = ScoreRoll.scoreOf(options);
    return value < 0 ? `2d6 - ${-value}` : `2d6 + ${value}`;
  }

  /** RULES §6.1: the score these options describe. */
  static scoreOf(o: ScoreRollOptions): number {
    const modifier = (o.modifiers ?? []).reduce((sum, m, i) => sum + assertInteger(`modifiers[${i}]`, m.value), 0);
    return score(o.aptitudeValue ?? 0, o.subAptitudeValue ?? 0, modifier);
  }

  static override assertOptions(options: ScoreRollOptions): void {
    if (options.purpose !== undefined && !SCORE_PURPOSES.includes(options.purpose)) invalid("unknown score purpose", options.purpose);
    if (options.difficulty !== undefined && options.difficulty !== null) assertInteger("difficulty", options.difficulty);
    assertInteger("degree size", options.degreeSize ?? DEFAULT_DEGREE_SIZE, 1);
    if (options.purpose === "stun" && (options.difficulty ?? null) === null) invalid("a stun test needs a difficulty", options);
    ScoreRoll.scoreOf(options);
  }

  get purpose(): ScorePurpose {
    return this.options.purpose ?? "test";
  }

  get score(): number {
    return ScoreRoll.scoreOf(this.options);
  }

  get difficulty(): number | null {
    return this.options.difficulty ?? null;
  }

  /** The two natural d6. */
  get faces(): number[] {
    this.assertEvaluated();
    return this.activeFaces();
  }

  /** 2d6 + score, from the dice themselves (whatever numeric terms the formula holds). */
  get testTotal(): number {
    return this.faces.reduce((sum, face) => sum + face, 0) + this.score;
  }

  /** RULES §6.1 (D-22): success and degrees; null for a roll with no difficulty (an attack). */
  get scoreResult(): ScoreTestResult | null {
    const difficulty = this.difficulty;
    if (difficulty === null) return null;
    return scoreTest(this.testTotal, difficulty, this.options.degreeSize ?? DEFAULT_DEGREE_SIZE);
  }

  get isSuccess(): boolean | null {
    return this.scoreResult?.success ?? null;
  }

  /** Degrees of success or of failure (see {@link isSuccess}); null with no difficulty. */
  get degrees(): number | null {
    return this.scoreResult?.degrees ?? null;
  }

  /** RULES §6.4 (D-29): positions a failed stun test moves the target later; null otherwise. */
  get stunDelay(): number | null {
    const difficulty = this.difficulty;
    if (this.purpose !== "stun" || difficulty === null) return null;
    return stunDelay(this.testTotal, difficulty, {
      degreeSize: this.options.degreeSize ?? DEFAULT_DEGREE_SIZE,
      literal: this.options.stunLiteral ?? false,
    });
  }

  protected override get kindLabel(): string {
    return `TACTICA.Roll.score.${this.purpose}`;
  }

  private inputs(): InputRow[] {
    const o = this.options;
    const rows: InputRow[] = [];
    if (o.aptitude) rows.push(inputRow(`TACTICA.Aptitude.${o.aptitude}`, o.aptitudeValue ?? 0));
    if (o.subAptitude) rows.push(inputRow(`TACTICA.SubAptitude.${o.subAptitude}`, o.subAptitudeValue ?? 0));
    rows.push(...modifierRows(o.modifiers));
    rows.push(inputRow("TACTICA.Card.score.score", this.score));
    return rows;
  }

  private outcome(): Outcome {
    const result = this.scoreResult;
    const total = this.testTotal;
    if (!result) {
      return { success: null, cssClass: "neutral", label: "TACTICA.Card.total", value: total, signed: false, details: [] };
    }
    const kind = result.success ? "degreesSuccess" : "degreesFailure";
    const details: LocalNote[] = [pluralNote(`TACTICA.Card.score.${kind}`, result.degrees)];
    details.push(note("TACTICA.Card.score.degreeSize", this.options.degreeSize ?? DEFAULT_DEGREE_SIZE));
    const delay = this.stunDelay;
    if (delay !== null && delay > 0) details.push(pluralNote("TACTICA.Card.score.stunDelay", delay));
    return passFail(result.success, details, total);
  }

  protected override cardBody(): CardBody {
    const dice = this.faces.map((face, i) => dieBadge(i, face, 6, "d6", "TACTICA.Card.die.d6"));
    return {
      inputs: this.inputs(),
      target: this.difficulty === null ? null : { label: "TACTICA.Card.score.difficulty", value: this.difficulty },
      diceRows: [{ label: "TACTICA.Card.dice", groups: [{ kind: "d6", label: "TACTICA.Card.die.d6", dice }] }],
      outcome: this.outcome(),
      actions: [],
      extra: {
        purpose: this.purpose,
        testTotal: this.testTotal,
        stunDelay: this.stunDelay,
      },
    };
  }
}
