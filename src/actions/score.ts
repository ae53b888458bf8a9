/**
 * RULES §6.1: score tests and attacks. An attack card has one row per target: *Portée* checked
 * (a clear note when out of range or not measurable), the *Imprécis* penalty from the distance
 * when places are known, *De zone* hitting the occupants of the target's place the attacker
 * chose (D-38; + the attacker with *Et Soi*, never checked for *Portée*, C7), *Requis* exhaustion
 * gained on use (D-39), *Différé* recorded on the card.
 */
import { ScoreRoll, type ScoreRollOptions } from "../dice/score-roll";
import type { AttackChoice, AttackDialogInput, CardTargetSource } from "../dice/score-dialogs";
import { CharacterModel } from "../data/actor/character";
import { GrenadeModel } from "../data/item/grenade";
import { WeaponModel } from "../data/item/weapon";
import { aptitudeOf, type SubAptitudeKey } from "../rules/keys";
import { aptitudeCurrent } from "../rules/scores";
import { areaTargets, attributesOf, imprecisPenalty, inRange, type Attribute } from "../rules/attributes";
import { measureTokens, placeOccupants, tokenPlace } from "../places/measure";
import { notifyRulesError, refused } from "../utils/notify";
import { requisOf, mayRollFor, postCard, subjectOf, tooManyTargets, type RollMethodOptions } from "./common";
import type { ScoreRequest } from "../dice/score-roll";
import { degreeSize, stunLiteral } from "../config/settings";

/** The score options of `actor` for `request`. */
export function scoreOptions(actor: Actor.Implementation, request: ScoreRequest): ScoreRollOptions | null {
  const system = actor.system;
  if (!(system instanceof CharacterModel)) return null;
  const aptitude = request.aptitude ?? aptitudeOf(request.subAptitude);
  const apt = system.aptitudes[aptitude];
  return {
    purpose: request.purpose ?? "test",
    aptitude,
    aptitudeValue: aptitudeCurrent(apt.value, apt.damage),
    subAptitude: request.subAptitude,
    subAptitudeValue: system.subAptitudes[request.subAptitude].value,
    difficulty: request.difficulty ?? null,
    modifiers: request.modifier ? [{ value: request.modifier }] : [],
    degreeSize: degreeSize(),
    stunLiteral: stunLiteral(),
    subject: subjectOf(actor),
  };
}

/**
 * RULES §6.1 (D-22): a score test against a difficulty. The score dialog (its roll class's) opens
 * in the pipeline, after `tactica.preRoll`, unless fast-forwarded.
 */
export async function rollScore(
  actor: Actor.Implementation,
  request: ScoreRequest,
  options: RollMethodOptions = {},
): Promise<ChatMessage.Implementation | null> {
  if (!mayRollFor(actor)) return null;
  const rollOptions = scoreOptions(actor, request);
  if (!rollOptions) return refused("TACTICA.Chat.refused.noPool", { name: actor.name });
  const asked = {
    subAptitude: request.subAptitude,
    ...(request.aptitude ? { aptitude: request.aptitude } : {}),
    difficulty: request.difficulty ?? null,
  };
  const posted = await postCard(
    actor,
    {
      rollClass: ScoreRoll,
      formula: (o) => ScoreRoll.formulaFor(o),
      options: rollOptions,
      fastForward: options.fastForward ?? false,
      dialog: {
        open: ScoreRoll.DIALOG,
        input: { actor, request: asked },
        opener: options.opener,
        apply: ({ subAptitude, difficulty, modifier }, config) => {
          config.options = scoreOptions(actor, { ...request, subAptitude, difficulty, modifier }) ?? config.options;
          return true;
        },
      },
    },
    { kind: rollOptions.purpose === "attack" ? "attack" : "score" },
  );
  return posted?.message ?? null;
}

/** What the places say of one target of an attack (RULES §6.4): distance, *Portée*, *Imprécis*. */
export interface RowFacts {
  distance: number | null;
  /** a language key: why the target is out of range, or "" */
  note: string;
  /** the *Imprécis* penalty (≤ 0) */
  modifier: number;
}

/**
 * RULES §6.4: measured from the attacker's token to the target's — *Portée* checked (a target out
 * of range, or whose range cannot be measured, is missed), *Imprécis* penalty from the distance.
 */
export function rowFacts(
  from: TokenDocument | null,
  to: TokenDocument | null,
  attributes: readonly Attribute[],
): RowFacts {
  const measure = measureTokens(from, to);
  const facts: RowFacts = { distance: measure.distance, note: "", modifier: 0 };
  const range = attributesOf(attributes, "range")[0];
  if (
    range &&
    !inRange({ x: range.x, ...(range.y !== undefined && range.y !== null ? { y: range.y } : {}) }, measure.distance)
  ) {
    facts.note =
      measure.distance === null
        ? `TACTICA.Chat.attack.${measure.reason ?? "noPlace"}`
        : "TACTICA.Chat.attack.outOfRange";
  }
  const inaccurate = attributesOf(attributes, "inaccurate")[0];
  if (inaccurate && measure.distance !== null) facts.modifier = -imprecisPenalty(inaccurate.x, measure.distance);
  return facts;
}

/** RULES §6.4: one target row — range checked, *Imprécis* penalty from the distance. */
function targetRow(
  from: TokenDocument | null,
  token: TokenDocument,
  attributes: readonly Attribute[],
): CardTargetSource {
  const facts = rowFacts(from, token, attributes);
  const row: CardTargetSource = {
    actorUuid: token.actor?.uuid ?? "",
    tokenUuid: token.uuid,
    name: token.name,
    modifier: facts.modifier,
    distance: facts.distance,
    note: facts.note,
  };
  if (facts.note) row.outcome = "miss";
  return row;
}

/** The tokens an attack may hit, and how leaving some of them out is priced (RULES §6.4, D-38). */
interface Aim {
  /**
   * The tokens offered: the user's targets, or for *De zone* the occupants of the place then the attacker (*Et Soi*).
   */
  tokens: TokenDocument[];
  /** *De zone*: how many occupants must be hit (min(X, occupants), or all), and the attacker's token with *Et Soi*. */
  area: { slots: number; self: string | null } | null;
  /**
   * The occupants chosen when nobody asks (a fast-forwarded attack): the user's targets first, then the place's order.
   */
  preselected: string[];
  /** The tokens hit and the *Épuisement* owed for `chosen` occupants and `spared` targets (token uuids). */
  resolve(choice: { chosen: readonly string[]; spared: readonly string[] }): {
    tokens: TokenDocument[];
    exhaustion: number;
  };
}

const uuidOf = (token: TokenDocument): string => token.uuid;

/**
 * The tokens an attack aims at: the user's targets, or for *De zone* the occupants of the first
 * target's place (the attacker never among them), hit through the rules' `areaTargets`: up to X
 * of them chosen by the attacker (D-38), the attacker added by *Et Soi* when it has a token.
 */
function aimTokens(attacker: TokenDocument | null, attributes: readonly Attribute[]): Aim {
  const targeted = [...(game.user?.targets ?? [])].map((t) => t.document);
  const area = attributesOf(attributes, "area")[0];
  if (!area)
    return { tokens: targeted, area: null, preselected: [], resolve: () => ({ tokens: targeted, exhaustion: 0 }) };
  const attackerUuid = attacker ? uuidOf(attacker) : "";
  const place = targeted[0] ? tokenPlace(targeted[0]) : null;
  const occupants = (place?.id ? placeOccupants(place.id) : targeted).filter((t) => uuidOf(t) !== attackerUuid);
  const self = !!area.self && attacker !== null;
  const byUuid = new Map(occupants.map((t) => [uuidOf(t), t] as const));
  if (attacker) byUuid.set(attackerUuid, attacker);
  const x = typeof area.x === "number" ? area.x : undefined;
  const ids = occupants.map(uuidOf);
  const slots = x === undefined ? ids.length : Math.min(x, ids.length);
  const wanted = new Set(targeted.map(uuidOf));
  const preselected = [...ids.filter((id) => wanted.has(id)), ...ids.filter((id) => !wanted.has(id))].slice(0, slots);
  const resolve = (choice: { chosen: readonly string[]; spared: readonly string[] }) => {
    const result = areaTargets({
      occupants: ids,
      attacker: attackerUuid,
      area: { ...(x !== undefined ? { x } : {}), self },
      chosen: choice.chosen,
      spared: choice.spared,
    });
    return { tokens: result.targets.map((id) => byUuid.get(id)!), exhaustion: result.exhaustion };
  };
  return {
    tokens: self ? [...occupants, attacker!] : occupants,
    area: { slots, self: self ? attackerUuid : null },
    preselected,
    resolve,
  };
}

/** A token's portrait for the dialog: its own image, else its actor's. */
function tokenImg(token: TokenDocument): string | null {
  return token.texture?.src || token.actor?.img || null;
}

/** The weapon's *Portée* as written on it ("2", "2-4"), "" without one. */
function rangeText(attributes: readonly Attribute[]): string {
  const range = attributesOf(attributes, "range")[0];
  if (!range) return "";
  return range.y !== undefined && range.y !== null ? `${range.x}-${range.y}` : String(range.x);
}

/**
 * The card's title: the item's name, with its FOR in effect — the damage of a hit (D-35; RULES §2: pressure included).
 */
function attackTitle(name: string, item: WeaponModel | GrenadeModel | null): string {
  if (!item || item.strengthTotal <= 0) return name;
  return `${name} — ${game.i18n?.localize("TACTICA.Profile.for.abbr") ?? "FOR"} ${item.strengthTotal}`;
}

/**
 * RULES §6.4 *Et Soi* (D-28, D-38, C7): the attacker's own row — no *Portée* check and no
 * *Imprécis* (wherever the targeted place is, the attacker is added to the targets).
 */
export const SELF_ROW: RowFacts = { distance: 0, note: "", modifier: 0 };

/** The weapon or grenade `itemId` of `actor` an attack is made with, or null (refused, said). */
function attackItemOf(actor: Actor.Implementation, itemId: string) {
  const item = actor.items.get(itemId);
  const system = item?.system;
  const weapon = system instanceof WeaponModel ? system : null;
  const grenade = system instanceof GrenadeModel ? system : null;
  if (!(actor.system instanceof CharacterModel) || !item || !(weapon ?? grenade))
    return refused("TACTICA.Chat.refused.noItem");
  if (grenade && grenade.quantity < 1) return refused("TACTICA.Chat.attack.noGrenade", { name: item.name });
  const model = weapon ?? grenade!;
  return { item, weapon, grenade, model, sub: weapon ? weapon.governingSubAptitude : grenade!.subAptitude };
}

/** What the attack dialog opens with: the weapon, its attack score, and every row measured. */
function attackInput(
  item: { name: string; sub: SubAptitudeKey; attributes: readonly Attribute[] },
  base: ScoreRollOptions,
  rows: readonly CardTargetSource[],
  aim: Aim,
): AttackDialogInput {
  return {
    itemName: item.name,
    subAptitudeLabel: `TACTICA.SubAptitude.${item.sub}`,
    score: ScoreRoll.scoreOf(base),
    range: rangeText(item.attributes),
    targets: rows.map((row, i) => ({ ...row, img: tokenImg(aim.tokens[i]!) })),
    area: aim.area,
    preselected: aim.preselected,
  };
}

/** The tokens an attack hits for `choice` (RULES §6.4, D-38), or null when the rules refuse it (said). */
function hitFor(aim: Aim, choice: AttackChoice): { tokens: TokenDocument[]; exhaustion: number } | null {
  try {
    return aim.resolve(choice);
  } catch (err) {
    notifyRulesError(err);
    return null;
  }
}

/**
 * RULES §6.1 (D-25): attacks with a weapon or grenade; the targets defend from the card. The attack
 * dialog (its roll class's) opens in the pipeline, after `tactica.preRoll`, unless fast-forwarded:
 * the targets it leaves ticked are the card's rows.
 */
export async function attack(
  actor: Actor.Implementation,
  itemId: string,
  options: RollMethodOptions = {},
): Promise<ChatMessage.Implementation | null> {
  if (!mayRollFor(actor)) return null;
  const armed = attackItemOf(actor, itemId);
  if (!armed) return null;
  const { item, grenade, model, sub } = armed;
  const attributes = model.attributeList;
  // A world actor with no token on the scene has no place: range notes say so.
  const attacker = (actor.getActiveTokens?.() ?? [])[0]?.document ?? null;
  const aim = aimTokens(attacker, attributes);
  const selfUuid = aim.area?.self ?? null;
  const rows = aim.tokens.map((token) =>
    uuidOf(token) === selfUuid ? selfRow(token) : targetRow(attacker, token, attributes),
  );
  const base: ScoreRollOptions = {
    ...scoreOptions(actor, { subAptitude: sub, purpose: "attack" })!,
    title: attackTitle(item.name, model),
  };
  const rowsHit = (hit: { tokens: TokenDocument[] } | null) =>
    rows.filter((row) => hit?.tokens.some((token) => uuidOf(token) === row.tokenUuid) ?? false);
  // The targets of the attack as asked; the dialog's answer chooses them again.
  const asked = { modifier: 0, chosen: aim.preselected, spared: [] };
  let hit = options.fastForward ? hitFor(aim, asked) : null;
  if (options.fastForward && (!hit || tooManyTargets(rowsHit(hit).length))) return null;
  const posted = await postCard(
    actor,
    {
      rollClass: ScoreRoll,
      formula: (o) => ScoreRoll.formulaFor(o),
      options: base,
      fastForward: options.fastForward ?? false,
      dialog: {
        open: ScoreRoll.ATTACK_DIALOG,
        input: attackInput({ name: item.name, sub, attributes }, base, rows, aim),
        opener: options.opener,
        apply: (answer, config) => {
          hit = hitFor(aim, answer);
          if (!hit || tooManyTargets(rowsHit(hit).length)) return false;
          config.options = { ...base, modifiers: answer.modifier ? [{ value: answer.modifier }] : [] };
          return true;
        },
      },
    },
    { kind: "attack", itemUuid: item.uuid, delayed: attributesOf(attributes, "delayed")[0]?.x ?? null },
    () => ({ targets: rowsHit(hit) }),
  );
  if (!posted) return null;
  // Requis and the targets left out are one gain of Épuisement: one write, one Focalisé check.
  const exhaustion = requisOf(actor, attributes) + (hit?.exhaustion ?? 0);
  if (exhaustion > 0) await actor.gainExhaustion(exhaustion);
  if (grenade) await item.update({ system: { quantity: grenade.quantity - 1 } });
  return posted.message;
}

/** RULES §6.4 *Et Soi*: the attacker's own row (see {@link SELF_ROW}). */
function selfRow(token: TokenDocument): CardTargetSource {
  return {
    actorUuid: token.actor?.uuid ?? "",
    tokenUuid: token.uuid,
    name: token.name,
    modifier: SELF_ROW.modifier,
    distance: SELF_ROW.distance,
    note: SELF_ROW.note,
  };
}
