/**
 * Score test — RULES §6.1 (D-22): 2d6 + score (aptitude's current value + sub-aptitude +
 * modifiers) against a difficulty, with degrees of success or failure of S-degree points each.
 * An attack has no difficulty of its own (D-25: defenders roll against it), so its card shows the
 * total only; an *Etourdissante* test also shows how far the target's marker moves (§6.4, D-29).
 *
 * D-43 (setting S-push-scores): a score test — not an attack, already opposed by its defences, nor
 * a stun test, the target's own — can be pushed once like a pool roll: its two d6 are base dice
 * (6s and 1s kept, the others rerolled), each 1 after the push is a point of damage to the
 * aptitude of the score, WP as a pool's base 1s give it. As for a pool, the push is a NEW
 * ScoreRoll of the rerolled dice only, carrying the faces before and after and the consequences;
 * the pusher rolls it ({@link ScoreRoll.pushDice}), the one writer applies it
 * ({@link ScoreRoll.pushedWith}), reading only the faces of the rerolled dice.
 */
import { score, scoreTest, stunDelay, DEFAULT_DEGREE_SIZE, type ScoreTestResult } from "../rules/scores";
import { assertInteger, invalid } from "../rules/errors";
import {
  isScorePushable,
  pushScoreFaces,
  scorePushConsequences,
  scorePushOdds,
  scoreRerolled,
} from "../rules/score-push";
import type { PushConsequences } from "../rules/pool";
import { facesOf } from "./shape";
import { poolConsequenceRows } from "./pool-card";
import type { PushActor } from "./pool-roll";
import type { AptitudeKey, SubAptitudeKey } from "../rules/keys";
import { TacticaRoll, type BaseRollOptions, type CardBody } from "./base";
import type { RollDialog } from "./pipeline";
import type { AttackChoice, AttackDialogInput, ScoreChoice, ScoreDialogInput } from "./score-dialogs";

import {
  CHAT_TEMPLATE_ROOT,
  dieBadge,
  formatNumber,
  oneDecimal,
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
import { pushScoresOn } from "../config/settings";
import { MINUS } from "../utils/signed";

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
  // — push state (D-43), written by pushedWith() on the new roll —
  /** pushes made (0 or 1) */
  pushes?: number;
  /** the two faces of the first roll */
  first?: number[] | null;
  /** the two faces after the push */
  pushed?: number[] | null;
  /** the actor as it was when pushing */
  pushActor?: PushActor | null;
  /** what the push cost and gave */
  consequences?: PushConsequences | null;
}

/** What a score test is asked for (RULES §6.1): the actor's values it is made of are read at roll time. */
export interface ScoreRequest {
  subAptitude: SubAptitudeKey;
  aptitude?: AptitudeKey;
  difficulty?: number | null;
  purpose?: ScorePurpose;
  /** a modifier to the score (the dialog's field) */
  modifier?: number;
}

/** The purposes a push may follow (D-43): never an attack (opposed by recorded defences) or a stun test. */
const PUSHABLE_PURPOSES: readonly ScorePurpose[] = ["test", "reflection", "defence"];

export class ScoreRoll extends TacticaRoll<ScoreRollOptions> {
  static override readonly KIND: string = "score";
  /** The score test dialog (sub-aptitude, difficulty, modifier): set on init; `CONFIG.Dice.ScoreRoll.DIALOG`. */
  static DIALOG: RollDialog<ScoreDialogInput, ScoreChoice> | null = null;
  /** An attack's dialog (modifier, the occupants an area attack hits): set on init; `…ScoreRoll.ATTACK_DIALOG`. */
  static ATTACK_DIALOG: RollDialog<AttackDialogInput, AttackChoice> | null = null;
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
    if (options.purpose !== undefined && !SCORE_PURPOSES.includes(options.purpose))
      invalid("unknown score purpose", options.purpose);
    if (options.difficulty !== undefined && options.difficulty !== null)
      assertInteger("difficulty", options.difficulty);
    assertInteger("degree size", options.degreeSize ?? DEFAULT_DEGREE_SIZE, 1);
    if (options.purpose === "stun" && (options.difficulty ?? null) === null)
      invalid("a stun test needs a difficulty", options);
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

  /** The two natural d6 of the first roll. */
  get firstFaces(): number[] {
    if (this.options.first) return this.options.first;
    this.assertEvaluated();
    return this.activeFaces();
  }

  /** The two d6 on the table: after the push, if any (D-43). */
  get faces(): number[] {
    return this.options.pushed ?? this.firstFaces;
  }

  /** 2d6 + score, from the dice themselves (whatever numeric terms the formula holds). */
  get testTotal(): number {
    return this.faces.reduce((sum, face) => sum + face, 0) + this.score;
  }

  /** The test's total, also for a pushed roll whose own dice are only the rerolled ones (D-43). */
  override get total(): number | undefined {
    return this._evaluated ? this.testTotal : undefined;
  }

  /** D-43: pushes made (0 or 1). */
  get pushes(): number {
    return this.options.pushes ?? 0;
  }

  /** D-43: what the push cost and gave; null before it. */
  get consequences(): PushConsequences | null {
    return this.options.consequences ?? null;
  }

  /**
   * D-43: the test may be pushed now — a purpose that can be, not pushed yet, a die showing 2–5.
   * Whether the world allows it (S-push-scores) is asked apart ({@link pushScoresOn}).
   */
  get pushable(): boolean {
    return PUSHABLE_PURPOSES.includes(this.purpose) && this.pushes === 0 && isScorePushable(this.faces);
  }

  /** D-43: the rerolled dice, not rolled yet (the pusher's client evaluates them). */
  pushDice(): ScoreRoll {
    if (!this.pushable) invalid("this test cannot be pushed", { pushes: this.pushes, faces: this.faces });
    return new ScoreRoll(`${scoreRerolled(this.faces)}d6`, {}, { ...this.options });
  }

  /**
   * D-43: applies a push rolled elsewhere — `rerolled` must be exactly the dice {@link pushDice}
   * asks for — and returns a NEW evaluated ScoreRoll (the rerolled dice, the faces before and
   * after, the consequences for `actor`) that the message appends. This roll is unchanged.
   * @throws RulesRangeError when the test cannot be pushed, or `rerolled` is not that push's dice.
   */
  pushedWith(rerolled: unknown, actor: PushActor): ScoreRoll {
    if (!this.pushable) invalid("this test cannot be pushed", { pushes: this.pushes, faces: this.faces });
    const count = scoreRerolled(this.faces);
    const roll = rerolled instanceof ScoreRoll ? rerolled : null;
    const faces = roll ? facesOf(roll, [{ count, faces: 6 }]) : null;
    if (!roll || !faces) invalid("the push's dice are not the dice this push rerolls", count);
    const fresh = faces.flat();
    const pushed = pushScoreFaces(this.faces, () => fresh.shift() ?? invalid("the push rolled too few dice", count));
    const options: ScoreRollOptions = {
      ...this.options,
      pushes: 1,
      first: this.firstFaces,
      pushed,
      pushActor: { willpower: actor.willpower, gainsWillpower: actor.gainsWillpower },
      consequences: scorePushConsequences(pushed, actor),
    };
    // Core's serialised roll (`toJSON`) with the new options, which `fromData` rebuilds the roll from.
    // fvtt-types 13.345 types `fromData`'s input as a shape `toJSON`'s result does not match (it
    // asks for a `results` key core's `Roll#toJSON` does not write), so the data goes in as `never`.
    const data = { ...roll.toJSON(), options } as never;
    return ScoreRoll.fromData(data);
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

  /**
   * RULES §6.1 (ux m3): the score as one row with what it is made of, « Score 5 = Vivacité 3 +
   * Précision 2 + 1 », as the score dialog writes it, so no part reads as an addend of the total.
   * A roll with no aptitude (a defence, its score given whole) lists its modifiers as rows.
   */
  private inputs(): InputRow[] {
    const o = this.options;
    if (!o.aptitude || !o.subAptitude)
      return [...modifierRows(o.modifiers), inputRow("TACTICA.Card.score.score", this.score)];
    const i18n = game.i18n;
    const modifier = (o.modifiers ?? []).reduce((sum, m) => sum + m.value, 0);
    const text = i18n?.format("TACTICA.Card.score.breakdown", {
      aptitude: i18n.localize(`TACTICA.Aptitude.${o.aptitude}`),
      aptitudeValue: String(o.aptitudeValue ?? 0),
      subAptitude: i18n.localize(`TACTICA.SubAptitude.${o.subAptitude}`),
      subValue: String(o.subAptitudeValue ?? 0),
      modifier: modifier === 0 ? "" : ` ${modifier < 0 ? MINUS : "+"} ${Math.abs(modifier)}`,
    });
    return [inputRow("TACTICA.Card.score.score", this.score, { detail: text ?? null })];
  }

  private outcome(): Outcome {
    const result = this.scoreResult;
    const total = this.testTotal;
    if (!result) {
      return {
        success: null,
        cssClass: "neutral",
        label: "TACTICA.Card.total",
        value: total,
        signed: false,
        details: [],
      };
    }
    const kind = result.success ? "degreesSuccess" : "degreesFailure";
    // A margin under one degree reads as a narrow result, not "0 degrés d'échec" (ux m13).
    const details: LocalNote[] = [
      result.degrees === 0
        ? note(`TACTICA.Card.score.narrow.${result.success ? "success" : "failure"}`)
        : pluralNote(`TACTICA.Card.score.${kind}`, result.degrees),
    ];
    details.push(pluralNote("TACTICA.Card.score.degreeSize", this.options.degreeSize ?? DEFAULT_DEGREE_SIZE));
    const delay = this.stunDelay;
    if (delay !== null && delay > 0) details.push(pluralNote("TACTICA.Card.score.stunDelay", delay));
    return passFail(result.success, details, total);
  }

  /** D-43: the push line of a test the world lets push (empty when it may not), and whether it can be pushed now. */
  private pushPart(): { pushable: boolean; extra: Record<string, unknown> } {
    const pushed = this.pushes > 0;
    if (!pushScoresOn() || !PUSHABLE_PURPOSES.includes(this.purpose))
      return {
        pushable: false,
        extra: { pushed, pushable: false, odds: null, consequences: pushed ? this.consequenceRows() : [] },
      };
    const odds = this.pushable ? scorePushOdds(this.faces, this.score, this.difficulty) : null;
    return {
      pushable: odds !== null,
      extra: {
        pushed,
        pushable: odds !== null,
        odds: odds && {
          chance: odds.successChance === null ? null : formatNumber(odds.successChance * 100, 0),
          damage: oneDecimal(odds.expectedAptitudeDamage),
        },
        notPushable: odds ? null : note(pushed ? "TACTICA.Card.pool.pushLimit" : "TACTICA.Card.pool.notPushable"),
        consequences: pushed ? this.consequenceRows() : [],
      },
    };
  }

  /** D-43: the push's consequences as a pool card lists them (aptitude damage, WP). */
  private consequenceRows() {
    const o = this.options;
    if (!o.aptitude) return [];
    return poolConsequenceRows({
      aptitude: o.aptitude,
      aptitudeValue: o.aptitudeValue ?? 0,
      consequences: o.consequences ?? null,
      pushActor: o.pushActor ?? null,
      gear: null,
    });
  }

  protected override cardBody(): CardBody {
    const dice = (faces: number[], rerolled: number[] | null) =>
      faces.map((face, i) =>
        dieBadge(
          i,
          face,
          6,
          "d6",
          "TACTICA.Card.die.d6",
          rerolled ? [rerolled.includes(i) ? "rerolled" : "kept", ...(face === 1 ? ["bane"] : [])] : [],
        ),
      );
    const pushed = this.pushes > 0;
    const first = this.firstFaces;
    const rows = [
      {
        label: pushed ? "TACTICA.Card.pool.firstRoll" : "TACTICA.Card.dice",
        groups: [{ kind: "d6", label: "TACTICA.Card.die.d6", dice: dice(first, null) }],
      },
    ];
    if (pushed) {
      const rerolled = first.map((face, i) => (face === 6 || face === 1 ? -1 : i)).filter((i) => i >= 0);
      rows.push({
        label: "TACTICA.Card.pool.afterPush",
        groups: [{ kind: "d6", label: "TACTICA.Card.die.d6", dice: dice(this.faces, rerolled) }],
      });
    }
    const push = this.pushPart();
    return {
      inputs: this.inputs(),
      target: this.difficulty === null ? null : { label: "TACTICA.Card.score.difficulty", value: this.difficulty },
      diceRows: rows,
      outcome: this.outcome(),
      withheld: push.pushable ? [] : ["push"],
      extra: { purpose: this.purpose, testTotal: this.testTotal, stunDelay: this.stunDelay, ...push.extra },
    };
  }
}
