/**
 * What every roll method shares: posting a roll through the one pipeline (src/dice/pipeline.ts)
 * as a card message (type `rollCard`) naming the actor and item, posting the cards without a roll
 * (the same subtype, another `kind`), and the refusals — first of all, an actor the user does not
 * own: the API, the macros and the actor's methods roll only for its owners.
 */
import { rollPipeline, type RollPipelineConfig } from "../dice/pipeline";
import type { BaseRollOptions, TacticaRoll } from "../dice/base";
import type { InfoKind, RollKind } from "../data/chat/roll-card";
import { notifyError, notifyRulesError, refused } from "../utils/notify";
import { BOUNDS } from "../data/fields";
import { CharacterModel } from "../data/actor/character";
import { UnitModel } from "../data/actor/unit";
import { AttributeItemModel } from "../data/item/base";
import { attributesOf, requisExhaustion, type Attribute } from "../rules/attributes";
import { aptitudeCurrent } from "../rules/scores";
import type { CardTargetSource } from "../dice/score-dialogs";

/** The last argument of every roll method (shift-click skips the dialog). */
export interface RollMethodOptions {
  fastForward?: boolean;
  /** The window the roll was asked from (a sheet): its dialog opens beside it (v14 pop-outs). */
  opener?: unknown;
}

/** What the card records besides the roll. */
export interface CardSource {
  kind: RollKind;
  itemUuid?: string;
  targets?: CardTargetSource[];
  acSpent?: number | null;
  delayed?: number | null;
  notes?: string[];
  followUpDone?: boolean;
}

/** What a card without a roll records (src/data/chat/roll-card.ts). */
export interface InfoCardSource {
  kind: InfoKind;
  actorUuid?: string;
  itemUuid?: string;
  acSpent?: number | null;
  sourceMessage?: string;
  unshakeable?: boolean;
  label?: string;
  notice?: { key: string; data: Record<string, string> };
  threshold?: Record<string, unknown> | null;
  move?: { pursuit: boolean; mou: number; mouBonus: number; requis: number; armour: string } | null;
}

/** An item's attributes (RULES §6.4), none for an item that carries none. */
export function itemAttributes(item: Item.Implementation | null | undefined): Attribute[] {
  return item?.system instanceof AttributeItemModel ? item.system.attributeList : [];
}

/** D-39: the *Épuisement* an item's *Requis* charges `actor` for one use (0 for a unit: no aptitudes). */
export function requisOf(actor: Actor.Implementation, attributes: readonly Attribute[]): number {
  const system = actor.system;
  if (!(system instanceof CharacterModel)) return 0;
  return attributesOf(attributes, "requires").reduce(
    (sum, r) =>
      sum +
      requisExhaustion(aptitudeCurrent(system.aptitudes[r.aptitude].value, system.aptitudes[r.aptitude].damage), r.x),
    0,
  );
}

/** The card's subject (header): the actor's name and portrait. */
export function subjectOf(actor: Actor.Implementation): { name: string; img: string | null } {
  return { name: actor.name, img: actor.img ?? null };
}

/**
 * True when the current user owns `actor`; otherwise says so (localised) and is false. Every roll
 * method asks first: a card speaks for its actor, and the one writer acts only for the cards of
 * actors their authors own (src/chat/authority.ts).
 */
export function mayRollFor(actor: Actor.Implementation): boolean {
  if (actor.isOwner) return true;
  notifyError("TACTICA.Chat.refused.notOwner", { name: actor.name });
  return false;
}

/** The speaker of a card about `actor`: its token when it has one (core's `getSpeaker`, as dnd5e does). */
export function speakerOf(actor: Actor.Implementation): ChatMessage.SpeakerData {
  const token = actor.token ?? undefined;
  return ChatMessage.implementation.getSpeaker({ actor, ...(token ? { token } : {}) });
}

/**
 * A card's stored `content`: a plain-text summary, one paragraph per line, escaped — what the chat
 * log's export and other modules read. The card itself is rendered from its data (src/chat/kinds/index.ts);
 * the summary also keeps core from rendering the rolls itself (it does so only for empty content).
 * Core's `ChatMessage#_preCreate` (v13) turns every `[[…]]` of string content into an inline roll,
 * rolled on the creating client, and `escapeHTML` leaves brackets alone: they are written as the
 * entities `&#91;` and `&#93;`, which read the same and which core's pattern never matches (a name
 * holding `[[1d6]]` stays text).
 */
export function summaryContent(lines: readonly string[]): string {
  const text = (line: string) => foundry.utils.escapeHTML(line).replace(/\[/g, "&#91;").replace(/\]/g, "&#93;");
  return lines.map((line) => `<p>${text(line)}</p>`).join("");
}

/** Posts a card without a roll (the morale prompt, a maintenance, a threshold, a notice, a due action). */
export async function postInfoCard(
  card: InfoCardSource,
  o: {
    summary: readonly string[];
    speaker?: ChatMessage.SpeakerData;
    whisper?: string[];
    flags?: ChatMessage.CreateData["flags"];
  },
): Promise<ChatMessage.Implementation | null> {
  const data: ChatMessage.CreateData = {
    type: "rollCard",
    content: summaryContent(o.summary),
    system: card,
    ...(o.speaker ? { speaker: o.speaker } : {}),
    ...(o.whisper ? { whisper: o.whisper } : {}),
    ...(o.flags ? { flags: o.flags } : {}),
  };
  const message = await ChatMessage.implementation.create(data);
  return message ?? null;
}

/**
 * The card's model holds at most BOUNDS.cardRows target rows: more (a player who targeted a whole
 * crowd) is refused, localised, before any die is rolled, rather than by core's validation. True
 * (and said) when `count` rows are too many.
 */
export function tooManyTargets(count: number): boolean {
  if (count <= BOUNDS.cardRows) return false;
  refused("TACTICA.Chat.refused.tooManyTargets", { count, max: BOUNDS.cardRows });
  return true;
}

/**
 * Runs the pipeline and posts the roll as a roll card of `actor`. Resolves the message, or null
 * when cancelled or refused (too many targets; a rules error shown localised). Whether the user
 * may roll for `actor` at all is the use case's first question ({@link mayRollFor}), asked once.
 */
export async function postCard<O extends BaseRollOptions, R extends TacticaRoll<O>, I, A>(
  actor: Actor.Implementation,
  config: RollPipelineConfig<O, R, I, A>,
  card: CardSource,
  /** what the card records once the roll is known (a failed test's note), in the same creation */
  cardFor?: (roll: R) => Partial<CardSource>,
): Promise<{ roll: R; message: ChatMessage.Implementation } | null> {
  if (tooManyTargets(card.targets?.length ?? 0)) return null;
  const system = {
    rollerId: game.user?.id ?? "",
    actorUuid: actor.uuid,
    itemUuid: "",
    pushes: 0,
    consequencesApplied: false,
    ...card,
  };
  const title = config.options.title;
  const content = summaryContent([title ? `${actor.name} — ${title}` : actor.name]);
  const messageData = { type: "rollCard", speaker: speakerOf(actor), content, system, ...(config.messageData ?? {}) };
  const messageDataFor = cardFor ? (roll: R) => ({ system: { ...system, ...cardFor(roll) } }) : null;
  try {
    const result = await rollPipeline({ ...config, messageData, messageDataFor });
    // The pipeline posts through `Roll#toMessage`, which creates the message with the registered
    // class, or resolves undefined when a `preCreateChatMessage` handler (a module) cancels the
    // creation (`Document.create`, https://foundryvtt.com/api/v13/classes/foundry.abstract.Document.html#create):
    // then there is no card, and nothing that follows from one happens.
    const message = result?.message;
    return result && message instanceof CONFIG.ChatMessage.documentClass ? { roll: result.roll, message } : null;
  } catch (err) {
    notifyRulesError(err);
    return null;
  }
}

/**
 * D-42: how `actor`'s AC are counted now — and whether it has an activation at all: the "once
 * per activation" limits (a power cast or maintained, a fear test, a rally) hold only for an
 * actor fighting in the viewed, started combat, whose activation start clears them.
 * - `tours`: it fights in that combat in *tours* mode — AC are the activation's budget (spent,
 *   refused when short, reset at its next activation);
 * - `timeline`: it fights on a running timeline — an AC cost is a duration (RULES §7.1), nothing
 *   is spent or refused;
 * - `none`: outside combat — AC never block anything.
 */
export type AcClock = "tours" | "timeline" | "none";

export function acClock(actor: Actor.Implementation): AcClock {
  const combats = game.combats;
  const combat = combats?.viewed;
  // A combat deleted a moment ago (its end) is no fight, even while a window still shows it.
  if (!combat?.started || (combat.id && combats?.get && combats.get(combat.id) !== combat)) return "none";
  const fights = [...(combat.combatants ?? [])].some((c) => !!c.actor && c.actor.uuid === actor.uuid);
  if (!fights) return "none";
  // The viewed combat is a TacticaCombat (its `mode` getter); read the member without importing it.
  const mode = "mode" in combat ? combat.mode : undefined;
  return mode === "timeline" ? "timeline" : "tours";
}

/** What an actor's AC allow now (D-42): `remaining` is a limit in *tours* mode only. */
export interface AcBudget {
  clock: AcClock;
  /** AC left in the activation; Infinity when AC are no budget (timeline, outside combat). */
  remaining: number;
  /** AC spent so far in the activation (0 when no budget). */
  spent: number;
}

export function acBudget(actor: Actor.Implementation): AcBudget {
  const clock = acClock(actor);
  const system = actor.system;
  const actions = system instanceof CharacterModel || system instanceof UnitModel ? system.actions : undefined;
  if (clock !== "tours" || !actions) return { clock, remaining: Number.POSITIVE_INFINITY, spent: 0 };
  return { clock, remaining: actions.remaining, spent: actions.spent };
}

/**
 * D-42: the update that spends `ac` of `actor`'s activation — only in *tours* mode (empty
 * otherwise: on a timeline the cost is the action's duration, outside combat nothing counts).
 */
export function spendUpdate(actor: Actor.Implementation, ac: number): { system?: { actions: { spent: number } } } {
  const budget = acBudget(actor);
  return budget.clock === "tours" && ac > 0 ? { system: { actions: { spent: budget.spent + ac } } } : {};
}

/** The refusal when `needed` AC exceed what the activation has left (D-42: *tours* mode only). */
export function acShort(actor: Actor.Implementation, needed: number): null | false {
  const { remaining } = acBudget(actor);
  if (needed <= remaining) return false;
  return refused("TACTICA.Errors.Actions.NotEnough", { name: actor.name, needed, remaining });
}
