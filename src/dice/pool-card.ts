/**
 * The parts of a pool roll's chat card (RULES §3): input rows, dice rows with each die's kind
 * and state, and the consequences of a push. Kept apart from the roll class so each file stays
 * small; every number comes from src/rules.
 */
import {
  afterPushLoss,
  POOL_DIE_KINDS,
  pushableDice,
  WILLPOWER_MAX,
  type PoolDieKind,
  type PoolFaces,
} from "../rules/pool";
import { dieBadge, inputRow, note, type DiceRow, type InputRow, type LocalNote } from "./card";
import type { PoolRollOptions } from "./pool-options";

/** One consequence of a push: what changed, by how much, from what to what. */
export interface ConsequenceRow {
  /** language key */
  label: string;
  /** language key naming what was hit (the aptitude), or null */
  subLabel: string | null;
  /** user text naming what was hit (the item), or null */
  text: string | null;
  delta: number;
  from: number;
  to: number;
  note: LocalNote | null;
}

/** The pool's inputs: one row per kind of die, then the successes needed. */
export function poolInputs(options: PoolRollOptions, required: number): InputRow[] {
  const rows = [
    inputRow(`TACTICA.Aptitude.${options.aptitude}`, options.aptitudeValue, {
      note: note("TACTICA.Card.pool.baseDice"),
    }),
  ];
  if (options.subAptitude) {
    rows.push(
      inputRow(`TACTICA.SubAptitude.${options.subAptitude}`, options.subAptitudeValue ?? 0, {
        note: note("TACTICA.Card.pool.skillDice"),
      }),
    );
  }
  if (options.gear) {
    rows.push(
      inputRow("TACTICA.Card.pool.gear", options.gear.bonus, {
        text: options.gear.name,
        note: note("TACTICA.Card.pool.gearDice"),
      }),
    );
  }
  rows.push(inputRow("TACTICA.Card.pool.required", required));
  return rows;
}

/**
 * A row of pool dice grouped by kind. After a push, dice the push rerolled are marked
 * `rerolled`, the others `kept`, and 1s on base and gear dice are banes; before a push a 1 has
 * no effect yet and is only marked `one`.
 */
export function poolDiceRow(label: string, faces: PoolFaces, afterPush: boolean, before: PoolFaces | null): DiceRow {
  const rerolled = new Set(before ? pushableDice(before).map((d) => `${d.kind}:${d.index}`) : []);
  const stateOf = (kind: PoolDieKind, face: number, index: number): string[] => {
    const classes: string[] = [];
    if (face === 6) classes.push("success");
    if (face === 1 && kind !== "skill") classes.push(afterPush ? "bane" : "one");
    if (afterPush) classes.push(rerolled.has(`${kind}:${index}`) ? "rerolled" : "kept");
    return classes;
  };
  const groups = POOL_DIE_KINDS.filter((kind) => faces[kind].length > 0).map((kind) => ({
    kind,
    label: `TACTICA.Card.die.${kind}`,
    dice: faces[kind].map((face, i) => dieBadge(i, face, 6, kind, `TACTICA.Card.die.${kind}`, stateOf(kind, face, i))),
  }));
  return { label, groups };
}

/**
 * The consequences of the last push, as the card lists them (RULES §3, D-9, D-10): aptitude
 * damage, WP gained (capped at 10; never for an `npc`), gear bonus lost. Empty when the push cost
 * nothing.
 */
export function poolConsequenceRows(options: PoolRollOptions): ConsequenceRow[] {
  const result = options.consequences;
  const actor = options.pushActor;
  if (!result || !actor) return [];
  const rows: ConsequenceRow[] = [];
  const base = { subLabel: null, text: null, note: null };
  if (result.aptitudeDamage > 0) {
    rows.push({
      ...base,
      label: "TACTICA.Card.pool.aptitudeDamage",
      subLabel: `TACTICA.Aptitude.${options.aptitude}`,
      delta: -result.aptitudeDamage,
      from: options.aptitudeValue,
      to: afterPushLoss(options.aptitudeValue, result.aptitudeDamage),
    });
    let why: LocalNote | null = null;
    if (!actor.gainsWillpower) why = note("TACTICA.Card.pool.npcNoWillpower");
    else if (result.willpowerCapped) why = note("TACTICA.Card.pool.willpowerCapped", WILLPOWER_MAX);
    rows.push({
      ...base,
      label: "TACTICA.Card.pool.willpower",
      delta: result.willpowerGained,
      from: actor.willpower,
      to: result.willpowerAfter,
      note: why,
    });
  }
  if (result.gearDamage > 0 && options.gear) {
    rows.push({
      ...base,
      label: "TACTICA.Card.pool.gearDamage",
      text: options.gear.name,
      delta: -result.gearDamage,
      from: options.gear.bonus,
      to: afterPushLoss(options.gear.bonus, result.gearDamage),
    });
  }
  return rows;
}
