/**
 * Dice pool roll and its push (*pousser son jet*) — RULES §3: base dice (aptitude), skill dice
 * (sub-aptitude) and gear dice (one item's bonus); each 6 is a success; after a push every 1 on a
 * base or gear die costs something.
 *
 * The first roll's formula is `Nd6[base] + Nd6[skill] + Nd6[gear]` (kinds with no die left out),
 * so real dice (and Dice So Nice, each kind in its colour) show each kind. A push is a NEW PoolRoll
 * whose formula is the rerolled dice only, by kind again, and whose options carry the faces before
 * and after the push and its consequences: the chat message is updated with the pushed roll
 * appended, and the last PoolRoll of a message always knows the whole story.
 *
 * The push is rolled by the player who pushes ({@link PoolRoll.pushDice}, on their client, with
 * their dice settings) and applied by the one writer ({@link PoolRoll.pushedWith}), which reads
 * only the faces of the rerolled dice, checked against what the push rerolls.
 */
import {
  afterPushLoss,
  isPoolSuccess,
  isPushable,
  poolSuccesses,
  POOL_DIE_KINDS,
  pushableDice,
  pushConsequences,
  pushOdds,
  pushPool,
  type PoolDieKind,
  type PoolFaces,
  type PushConsequences,
  type PushOdds,
} from "../rules/pool";
import { assertInteger, invalid } from "../rules/errors";
import { applyDieAppearance } from "./appearance";
import { facesOf } from "./shape";
import { TacticaRoll, type CardBody } from "./base";
import { poolConsequenceRows, poolDiceRow, poolInputs } from "./pool-card";
import { CHAT_TEMPLATE_ROOT, formatNumber, note, oneDecimal, passFail, pluralNote, type LocalNote } from "./card";
import type { PoolRequest, PoolRollOptions, PushActor } from "./pool-options";
import type { RollDialog } from "./pipeline";

export type { PoolRollOptions, PushActor };

/** RULES §3: what the pool's dialog opens with — the actor (its aptitudes and gear) and the pool asked for. */
export interface PoolDialogInput {
  actor: Actor.Implementation;
  request: PoolRequest;
}

export class PoolRoll extends TacticaRoll<PoolRollOptions> {
  static override readonly KIND: string = "pool";
  /** The pool's dialog (aptitude, sub-aptitude, gear, successes): set on init; `CONFIG.Dice.PoolRoll.DIALOG`. */
  static DIALOG: RollDialog<PoolDialogInput, PoolRequest> | null = null;
  static override CHAT_TEMPLATE = `${CHAT_TEMPLATE_ROOT}/pool.hbs`;

  /** The formula of a first roll: one term per kind that has dice, flavoured with the kind. */
  static formulaFor(options: Pick<PoolRollOptions, "aptitudeValue" | "subAptitudeValue" | "gear">): string {
    const counts = PoolRoll.sizes(options);
    const terms = POOL_DIE_KINDS.filter((kind) => counts[kind] > 0).map((kind) => `${counts[kind]}d6[${kind}]`);
    if (terms.length === 0) invalid("a pool roll needs at least one die", counts);
    return terms.join(" + ");
  }

  /** Number of dice of each kind (RULES §3). */
  static sizes(
    options: Pick<PoolRollOptions, "aptitudeValue" | "subAptitudeValue" | "gear">,
  ): Record<PoolDieKind, number> {
    return {
      base: assertInteger("aptitude value", options.aptitudeValue, 0),
      skill: assertInteger("sub-aptitude value", options.subAptitudeValue ?? 0, 0),
      gear: assertInteger("gear bonus", options.gear?.bonus ?? 0, 0),
    };
  }

  static override assertOptions(options: PoolRollOptions): void {
    PoolRoll.sizes(options);
    assertInteger("required successes", options.required ?? 1, 1);
    assertInteger("max pushes", options.maxPushes ?? 1, 0);
  }

  constructor(formula: string, data: Record<string, never> = {}, options: PoolRollOptions) {
    super(formula, data, options);
    // Each kind of die in its Dice So Nice colour (src/dice/appearance.ts).
    applyDieAppearance(this.dice);
  }

  /**
   * RULES §3: a pool's result is its count of successes, not the sum of its d6 — core's `total`,
   * which is the message's fallback content and what modules read.
   */
  override get total(): number | undefined {
    return this._evaluated ? this.successes : undefined;
  }

  /** D-7: successes needed. */
  get required(): number {
    return this.options.required ?? 1;
  }

  /** Pushes made so far. */
  get pushes(): number {
    return this.options.pushes ?? 0;
  }

  get isPushed(): boolean {
    return this.pushes > 0;
  }

  /** Faces of the first roll (before any push). */
  get firstFaces(): PoolFaces {
    if (this.options.first) return this.options.first;
    this.assertEvaluated();
    return { base: this.activeFaces("base"), skill: this.activeFaces("skill"), gear: this.activeFaces("gear") };
  }

  /** Faces now on the table (after the last push, if any). */
  get faces(): PoolFaces {
    return this.options.pushed ?? this.firstFaces;
  }

  /** RULES §3: every 6 is a success. */
  get successes(): number {
    return poolSuccesses(this.faces);
  }

  /** RULES §3 (D-7): at least `required` successes. */
  get isSuccess(): boolean {
    return isPoolSuccess(this.faces, this.required);
  }

  /** RULES §3 (D-8): pushes remain and at least one die would be rerolled. */
  get pushable(): boolean {
    return !this.pushLimitReached && isPushable(this.faces);
  }

  /**
   * D-8: the pushes this roll was made with (default 1). The card's author writes the roll: a value
   * that is no count reads as the default, so it never lifts a limit (`Math.min` with `NaN` would).
   */
  get maxPushes(): number {
    const max = this.options.maxPushes;
    return typeof max === "number" && Number.isInteger(max) && max >= 0 ? max : 1;
  }

  /** D-8: no push left on this roll. */
  get pushLimitReached(): boolean {
    return this.pushes >= this.maxPushes;
  }

  /** RULES §3: exact odds of pushing now, for the "if you push" line; null when not pushable. */
  get odds(): PushOdds | null {
    return this.pushable ? pushOdds(this.faces, this.required) : null;
  }

  /** What the last push cost and gave; null before any push. */
  get consequences(): PushConsequences | null {
    return this.options.consequences ?? null;
  }

  /**
   * The dice a push rerolls (RULES §3), not rolled yet: one d6 per eligible die, by kind (base,
   * then skill, then gear, left to right, as the rules' pushPool asks for them). The pushing
   * player's client evaluates it.
   * @throws RulesRangeError when the roll cannot be pushed (no eligible die, or no push left).
   */
  pushDice(): PoolRoll {
    if (!this.pushable) invalid("this roll cannot be pushed", { pushes: this.pushes, faces: this.faces });
    const counts = PoolRoll.rerolledCounts(this.faces);
    const formula = POOL_DIE_KINDS.filter((kind) => counts[kind] > 0)
      .map((kind) => `${counts[kind]}d6[${kind}]`)
      .join(" + ");
    return new PoolRoll(formula, {}, { ...this.options });
  }

  /** How many dice of each kind a push of `faces` rerolls. */
  static rerolledCounts(faces: PoolFaces): Record<PoolDieKind, number> {
    const counts: Record<PoolDieKind, number> = { base: 0, skill: 0, gear: 0 };
    for (const die of pushableDice(faces)) counts[die.kind]++;
    return counts;
  }

  /**
   * Applies a push rolled elsewhere (RULES §3, D-8, D-9): `rerolled` must hold exactly the dice
   * {@link pushDice} asks for (kind by kind, faces 1–6); the kept dice are this roll's own. Returns
   * a NEW evaluated PoolRoll — the rerolled dice, with the faces before and after, the push count
   * and the consequences for `actor` — that the message appends. This roll is unchanged.
   * `maxPushes` is the pusher's limit as the writer reads it from the actor (D-8), not this roll's.
   * @throws RulesRangeError when the roll cannot be pushed, or `rerolled` is not that push's dice.
   */
  pushedWith(rerolled: unknown, actor: PushActor, maxPushes = this.maxPushes): PoolRoll {
    if (this.pushes >= maxPushes || !isPushable(this.faces))
      invalid("this roll cannot be pushed", { pushes: this.pushes, faces: this.faces });
    const before = this.faces;
    const counts = PoolRoll.rerolledCounts(before);
    const kinds = POOL_DIE_KINDS.filter((kind) => counts[kind] > 0);
    const roll = rerolled instanceof PoolRoll ? rerolled : null;
    const faces = roll
      ? facesOf(
          roll,
          kinds.map((kind) => ({ count: counts[kind], faces: 6, flavor: kind })),
        )
      : null;
    if (!roll || !faces) invalid("the push's dice are not the dice this push rerolls", counts);
    const fresh = faces.flat();
    const pushed = pushPool(before, () => fresh.shift() ?? invalid("the push rolled too few dice", counts));
    const options: PoolRollOptions = {
      ...this.options,
      maxPushes,
      pushes: this.pushes + 1,
      first: this.firstFaces,
      before,
      pushed,
      pushActor: { willpower: actor.willpower, gainsWillpower: actor.gainsWillpower },
      consequences: PoolRoll.consequencesOf(before, pushed, actor, this.pushes + 1),
    };
    // Core's serialised roll (`toJSON`) with the new options, which `fromData` rebuilds the roll from.
    // fvtt-types 13.345 types `fromData`'s input as a shape `toJSON`'s result does not match (it
    // asks for a `results` key core's `Roll#toJSON` does not write), so the data goes in as `never`.
    const data = { ...roll.toJSON(), options } as never;
    return PoolRoll.fromData(data);
  }

  /** Rolls a push here and applies it (the whole push on one client: tests, samples, benchmarks). */
  async push(actor: PushActor): Promise<PoolRoll> {
    const dice = await this.pushDice().evaluate();
    return this.pushedWith(dice, actor);
  }

  /**
   * RULES §3, D-10: consequences of one push. The first push counts every 1 on the table (kept
   * ones included), as the rules say. A later push (homebrew, D-8) charges only the 1s it rolled
   * itself: the kept ones were paid by the push that showed them.
   */
  static consequencesOf(before: PoolFaces, pushed: PoolFaces, actor: PushActor, push: number): PushConsequences {
    if (push === 1) return pushConsequences(pushed, actor);
    const fresh: PoolFaces = { base: [], skill: [], gear: [] };
    for (const die of pushableDice(before)) fresh[die.kind].push(pushed[die.kind][die.index] ?? 0);
    return { ...pushConsequences(fresh, actor), successes: poolSuccesses(pushed) };
  }

  protected override cardBody(): CardBody {
    const pushed = this.isPushed;
    const rows = [poolDiceRow("TACTICA.Card.pool.firstRoll", this.firstFaces, false, null)];
    if (pushed) rows.push(poolDiceRow("TACTICA.Card.pool.afterPush", this.faces, true, this.options.before ?? null));
    const details: LocalNote[] = [pluralNote("TACTICA.Card.pool.successes", this.successes)];
    if (this.required > 1) details.push(note("TACTICA.Card.pool.requiredNote", this.required));
    const odds = this.odds;
    return {
      inputs: poolInputs(this.options, this.required),
      target: null,
      diceRows: rows,
      outcome: passFail(this.isSuccess, details, this.successes),
      withheld: odds === null ? ["push"] : [],
      extra: {
        pushed,
        pushable: odds !== null,
        notPushable:
          odds !== null
            ? null
            : note(this.pushLimitReached ? "TACTICA.Card.pool.pushLimit" : "TACTICA.Card.pool.notPushable"),
        odds: odds && {
          chance: formatNumber(odds.successChance * 100, 0),
          damage: oneDecimal(odds.expectedAptitudeDamage),
          rerolled: odds.rerolled,
        },
        consequences: pushed ? poolConsequenceRows(this.options) : [],
        willpowerCapped: this.consequences?.willpowerCapped ?? false,
        noWillpower: pushed && this.options.pushActor?.gainsWillpower === false,
      },
    };
  }

  /** The aptitude's current value after this roll's push damage (never below 0). */
  get aptitudeAfter(): number {
    return afterPushLoss(this.options.aptitudeValue, this.consequences?.aptitudeDamage ?? 0);
  }
}
