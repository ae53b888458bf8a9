/**
 * What every roll method shares: posting a roll through the one pipeline (src/dice/pipeline.ts)
 * as a roll card message (type `rollCard`) naming the actor and item, and the refusals.
 */
import { rollPipeline, type RollPipelineConfig } from "../dice/pipeline";
import type { BaseRollOptions, TacticaRoll } from "../dice/base";
import type { RollKind } from "../data/chat/roll-card";
import type { TacticaActor } from "../documents/actor";
import type { TacticaChatMessage } from "../documents/chat-message";
import { notifyError, notifyRulesError } from "../utils/notify";

/** The last argument of every roll method (shift-click skips the dialog). */
export interface RollMethodOptions {
  fastForward?: boolean;
}

/** One target row as the card stores it at creation. */
export interface CardTargetSource {
  actorUuid: string;
  tokenUuid: string;
  name: string;
  modifier?: number;
  distance?: number | null;
  note?: string;
  outcome?: string;
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

/** The card's subject (header): the actor's name and portrait. */
export function subjectOf(actor: TacticaActor): { name: string; img: string | null } {
  return { name: actor.name, img: actor.img ?? null };
}

/**
 * Runs the pipeline and posts the roll as a roll card of `actor`. Resolves the message, or null
 * when cancelled; a rules error (bad input) is shown localised and resolves null.
 */
export async function postCard<O extends BaseRollOptions, R extends TacticaRoll<O>>(
  actor: TacticaActor,
  config: RollPipelineConfig<O, R>,
  card: CardSource,
): Promise<{ roll: R; message: TacticaChatMessage } | null> {
  const system = {
    rollerId: game.user?.id ?? "",
    actorUuid: actor.uuid,
    itemUuid: "",
    pushes: 0,
    consequencesApplied: false,
    ...card,
  };
  const messageData = { type: "rollCard", speaker: { actor: actor.id, alias: actor.name }, system, ...(config.messageData ?? {}) };
  try {
    const result = await rollPipeline({ ...config, messageData });
    return result ? { roll: result.roll, message: result.message as TacticaChatMessage } : null;
  } catch (err) {
    notifyRulesError(err);
    return null;
  }
}

/** A refusal: a localised message, nothing changed, null returned. */
export function refused(key: string, data: Record<string, string | number> = {}): null {
  notifyError(key, data);
  return null;
}

/**
 * True while the viewed combat has started: the "once per activation" limits (a power cast, a
 * fear test) only mean something inside a combat, whose activation start clears them.
 */
export function inCombat(): boolean {
  const combats = game.combats as unknown as { viewed?: { started?: boolean } | null } | undefined;
  return combats?.viewed?.started === true;
}
