/**
 * RULES §6.1: score tests and attacks. An attack card has one row per target: *Portée* checked
 * (a clear note when out of range or not measurable), the *Imprécis* penalty from the distance
 * when places are known, *De zone* hitting the occupants of the target's place (+ the attacker
 * with *Et Soi*), *Requis* exhaustion gained on use, *Différé* recorded on the card.
 */
import { ScoreRoll, type ScorePurpose, type ScoreRollOptions } from "../dice/score-roll";
import { CharacterModel } from "../data/actor/character";
import { AttributeItemModel } from "../data/item/base";
import { GrenadeModel } from "../data/item/grenade";
import { WeaponModel } from "../data/item/weapon";
import { aptitudeOf, type AptitudeKey, type SubAptitudeKey } from "../rules/keys";
import { aptitudeCurrent, DEFAULT_DEGREE_SIZE } from "../rules/scores";
import { attributesOf, imprecisPenalty, inRange, requisExhaustion, type Attribute } from "../rules/attributes";
import { measureTokens, placeOccupants, tokenPlace } from "../places/measure";
import type { TacticaActor } from "../documents/actor";
import type { TacticaChatMessage } from "../documents/chat-message";
import { viewedTimeline } from "../chat/timeline-link";
import { requestCardAction } from "../chat/gm";
import { notifyError } from "../utils/notify";
import { postCard, refused, subjectOf, type CardTargetSource, type RollMethodOptions } from "./common";

/** What a score test is made of (RULES §6.1). */
export interface ScoreRequest {
  subAptitude: SubAptitudeKey;
  aptitude?: AptitudeKey;
  difficulty?: number | null;
  purpose?: ScorePurpose;
}

/** The score options of `actor` for `request`. */
export function scoreOptions(actor: TacticaActor, request: ScoreRequest): ScoreRollOptions | null {
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
    degreeSize: game.settings?.get("tactica", "degreeSize") ?? DEFAULT_DEGREE_SIZE,
    stunLiteral: game.settings?.get("tactica", "stunLiteral") ?? false,
    subject: subjectOf(actor),
  };
}

/** RULES §6.1 (D-22): a score test against a difficulty. */
export async function rollScore(actor: TacticaActor, request: ScoreRequest, options: RollMethodOptions = {}): Promise<TacticaChatMessage | null> {
  const rollOptions = scoreOptions(actor, request);
  if (!rollOptions) return refused("TACTICA.Chat.refused.noPool", { name: actor.name });
  const posted = await postCard(actor, { rollClass: ScoreRoll, formula: (o) => ScoreRoll.formulaFor(o), options: rollOptions, fastForward: options.fastForward ?? true }, { kind: rollOptions.purpose === "attack" ? "attack" : "score" });
  return posted?.message ?? null;
}

/** A token as read here. */
interface TokenView {
  uuid: string;
  name: string;
  actor: { uuid: string; name: string } | null;
}

/** RULES §6.4: one target row — range checked, *Imprécis* penalty from the distance. */
function targetRow(from: TokenDocument | null, token: TokenDocument, attributes: readonly Attribute[]): CardTargetSource {
  const view = token as unknown as TokenView;
  const row: CardTargetSource = { actorUuid: view.actor?.uuid ?? "", tokenUuid: view.uuid, name: view.name, modifier: 0, distance: null, note: "" };
  const measure = measureTokens(from, token);
  row.distance = measure.distance;
  const range = attributesOf(attributes, "range")[0];
  if (range && !inRange({ x: range.x, ...(range.y !== undefined && range.y !== null ? { y: range.y } : {}) }, measure.distance)) {
    row.note = measure.distance === null ? `TACTICA.Chat.attack.${measure.reason ?? "noPlace"}` : "TACTICA.Chat.attack.outOfRange";
    row.outcome = "miss";
  }
  const inaccurate = attributesOf(attributes, "inaccurate")[0];
  if (inaccurate && measure.distance !== null) row.modifier = -imprecisPenalty(inaccurate.x, measure.distance);
  return row;
}

/** The tokens an attack aims at: the user's targets, or the occupants of their place (*De zone*). */
function aimedTokens(attacker: TokenDocument | null, attributes: readonly Attribute[]): TokenDocument[] {
  const targeted = [...((game.user?.targets ?? new Set()) as Iterable<{ document: TokenDocument }>)].map((t) => t.document);
  const area = attributesOf(attributes, "area")[0];
  if (!area) return targeted;
  const place = targeted[0] ? tokenPlace(targeted[0]) : null;
  let tokens = place?.id ? placeOccupants(place.id) : targeted;
  if (area.x !== undefined && area.x !== null) tokens = tokens.slice(0, area.x);
  if (area.self && attacker && !tokens.includes(attacker)) tokens.push(attacker);
  return tokens;
}

/**
 * RULES §7.2 *Différé*: asks the one writer to place the card's action marker when the viewed
 * combat runs a timeline (outside one, the card's "resolves later" line is for the GM).
 */
async function declareOnTimeline(message: TacticaChatMessage): Promise<void> {
  if (!viewedTimeline() || !message.id) return;
  const result = await requestCardAction({ action: "declareDelayed", messageId: message.id });
  if (!result.ok && result.reason) notifyError(result.reason);
}

/** The card's title: the item's name, with a weapon's FOR in effect (RULES §2: pressure included). */
function attackTitle(name: string, weapon: WeaponModel | null): string {
  if (!weapon || weapon.strengthTotal <= 0) return name;
  return `${name} — ${game.i18n?.localize("TACTICA.Profile.for.abbr") ?? "FOR"} ${weapon.strengthTotal}`;
}

/** RULES §6.1 (D-25): attacks with a weapon or grenade; the targets defend from the card. */
export async function attack(actor: TacticaActor, itemId: string, options: RollMethodOptions = {}): Promise<TacticaChatMessage | null> {
  const system = actor.system;
  const item = actor.items.get(itemId);
  if (!(system instanceof CharacterModel) || !item || !(item.system instanceof AttributeItemModel)) return refused("TACTICA.Chat.refused.noItem");
  const weapon = item.system instanceof WeaponModel ? item.system : null;
  const grenade = item.system instanceof GrenadeModel ? item.system : null;
  if (!weapon && !grenade) return refused("TACTICA.Chat.refused.noItem");
  if (grenade && grenade.quantity < 1) return refused("TACTICA.Chat.attack.noGrenade", { name: item.name });
  const sub = weapon ? weapon.governingSubAptitude : grenade!.subAptitude;
  const attributes = item.system.attributeList;
  // A world actor with no token on the scene has no place: range notes say so.
  const tokens = (actor as unknown as { getActiveTokens?: () => { document: TokenDocument }[] }).getActiveTokens?.() ?? [];
  const attacker = tokens[0]?.document ?? null;
  const targets = aimedTokens(attacker, attributes).map((token) => targetRow(attacker, token, attributes));
  const delayed = attributesOf(attributes, "delayed")[0]?.x ?? null;
  const rollOptions: ScoreRollOptions = { ...scoreOptions(actor, { subAptitude: sub, purpose: "attack" })!, title: attackTitle(item.name, weapon) };
  const posted = await postCard(actor, { rollClass: ScoreRoll, formula: (o) => ScoreRoll.formulaFor(o), options: rollOptions, fastForward: options.fastForward ?? true }, { kind: "attack", itemUuid: item.uuid, targets, delayed });
  if (!posted) return null;
  const exhaustion = attributesOf(attributes, "requires").reduce((sum, r) => sum + requisExhaustion(aptitudeCurrent(system.aptitudes[r.aptitude].value, system.aptitudes[r.aptitude].damage), r.x), 0);
  if (exhaustion > 0) await actor.gainExhaustion(exhaustion);
  if (grenade) await item.update({ system: { quantity: grenade.quantity - 1 } } as never);
  if (delayed !== null) await declareOnTimeline(posted.message);
  return posted.message;
}
