/**
 * Registration on `init`: document classes, data models (one map per document class,
 * src/data/index.ts), status effects, roll classes and templates.
 *
 * This is the ONE file allowed casts to satisfy fvtt-types (where the registered maps meet the
 * typed `CONFIG`). With the declarations of src/fvtt-config.ts none is needed today: the maps
 * built from `metadata.type` type-check as they are. Keep any future cast here, with its reason.
 */
import { actorModels, chatMessageModels, itemModels } from "./data/index";
import { TacticaActiveEffect } from "./documents/active-effect";
import { TacticaActor } from "./documents/actor";
import { TacticaChatMessage } from "./documents/chat-message";
import { TacticaItem } from "./documents/item";
import { STATUS_EFFECTS } from "./status-effects";
import { CHAT_PARTIALS, CHAT_TEMPLATES, DICE_ROLLS } from "./dice/index";
import { COMBAT_TEMPLATES } from "./combat/register";
import { CARD_STATE_TEMPLATE } from "./chat/card-state";
import { DIALOG_TEMPLATES } from "./applications/dialogs/form-dialog";
import { SHEET_TEMPLATES } from "./applications/register-sheets";

export function registerDataLayer(): void {
  CONFIG.Actor.documentClass = TacticaActor;
  CONFIG.Item.documentClass = TacticaItem;
  CONFIG.ChatMessage.documentClass = TacticaChatMessage;
  CONFIG.ActiveEffect.documentClass = TacticaActiveEffect;

  CONFIG.Actor.dataModels = actorModels;
  CONFIG.Item.dataModels = itemModels;
  CONFIG.ChatMessage.dataModels = chatMessageModels;

  // Appended to core's list (Foundry's own conditions stay); a second init adds nothing twice.
  const known = new Set(CONFIG.statusEffects.map((effect) => effect.id));
  for (const effect of STATUS_EFFECTS) if (!known.has(effect.id)) CONFIG.statusEffects.push(effect);
}

/** Roll classes: saved messages rebuild their rolls by class name from `CONFIG.Dice.rolls`. */
export function registerDice(): void {
  for (const cls of DICE_ROLLS) if (!CONFIG.Dice.rolls.includes(cls)) CONFIG.Dice.rolls.push(cls);
}

/** Every template the system renders, preloaded on init (cards include their parts by path). */
export const SYSTEM_TEMPLATES: string[] = [
  ...CHAT_PARTIALS,
  CARD_STATE_TEMPLATE,
  ...CHAT_TEMPLATES,
  ...DIALOG_TEMPLATES,
  ...SHEET_TEMPLATES,
  ...COMBAT_TEMPLATES,
];

export function preloadTemplates(): Promise<unknown> {
  return foundry.applications.handlebars.loadTemplates(SYSTEM_TEMPLATES);
}
