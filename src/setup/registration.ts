/**
 * Registration on `init` ({@link configureSystem}): `CONFIG.TACTICA`, settings, document classes,
 * data models (one map per document class, src/data/index.ts), status effects, token attributes,
 * roll classes, the combat's and the places' classes, the chat cards' executors, sheets,
 * Handlebars helpers, templates and `game.tactica`. The hooks are listened to in src/hooks/.
 *
 * This is the ONE file allowed casts to satisfy fvtt-types (where the registered maps meet the
 * typed `CONFIG`). With the declarations of src/setup/fvtt-config.ts none is needed today: the maps
 * built from `metadata.type` type-check as they are. Keep any future cast here, with its reason.
 */
import { actorModels, chatMessageModels, itemModels } from "../data/index";
import { TacticaActiveEffect } from "../documents/active-effect";
import { TacticaActor } from "../documents/actor";
import { TacticaChatMessage } from "../documents/chat-message";
import { TacticaItem } from "../documents/item";
import { tokenDocumentClass } from "../documents/token";
import { CORE_STATUS_ROLES, curatedStatusEffects } from "../effects/status-effects";
import {
  CHAT_PARTIALS,
  CHAT_TEMPLATES,
  DICE_ROLLS,
  PoolRoll,
  PressureRoll,
  ProfileTest,
  PsyRoll,
  ScoreRoll,
} from "../dice/index";
import { INFO_CARD_TEMPLATE } from "../chat/kinds/kind";
import { registerCardWriter } from "../chat/gm";
import { DIALOG_TEMPLATES } from "../applications/dialogs/form-dialog";
import { registerSheets, SHEET_TEMPLATES } from "../applications/register-sheets";
import { COMBAT_UI_TEMPLATES } from "../applications/combat/register";
import { endActionWithPrompt } from "../applications/combat/end-action";
import { registerPlaceConfig } from "../applications/combat/place-config";
import { TACTICA } from "../config/config";
import { registerSettings } from "../config/settings";
import { createApi } from "../api/index";
import { registerCombat } from "../combat/register";
import { setEndAction } from "../combat/combat";
import { registerPlaces } from "../places/register";
import { registerPressureWindows } from "../effects/pressure-windows";
import { registerPluralHelper } from "../utils/plural";
import { setMoveDialog } from "../actions/move";
import { poolDialog } from "../applications/dialogs/pool-dialog";
import { pressureDialog } from "../applications/dialogs/pressure-dialog";
import { profileDialog } from "../applications/dialogs/profile-dialog";
import { psyDialog } from "../applications/dialogs/psy-dialog";
import { scoreDialog } from "../applications/dialogs/score-dialog";
import { attackDialog } from "../applications/dialogs/attack-dialog";
import { moveDialog } from "../applications/dialogs/move-dialog";
import { registerSignedHelper } from "../utils/signed";

/** Everything the system sets up on `init`, before its listeners (src/tactica.ts). */
export function configureSystem(): void {
  CONFIG.TACTICA = TACTICA;
  registerSettings();
  registerDataLayer();
  registerDice();
  // The layers below reach the ones above through what is set here: the move its dialog, the
  // combat its End-action dialog (the roll classes get theirs in registerDice).
  setMoveDialog(moveDialog);
  registerCombat();
  setEndAction(endActionWithPrompt);
  registerPlaces();
  registerPlaceConfig();
  registerCardWriter();
  registerPressureWindows();
  registerSheets();
  registerPluralHelper();
  registerSignedHelper();
  void preloadTemplates();
  game.tactica = createApi();
}

export function registerDataLayer(): void {
  CONFIG.Actor.documentClass = TacticaActor;
  CONFIG.Item.documentClass = TacticaItem;
  CONFIG.ChatMessage.documentClass = TacticaChatMessage;
  CONFIG.ActiveEffect.documentClass = TacticaActiveEffect;
  // Built on the running core class: a unit's derived headcount bar is editable (src/documents/token.ts).
  CONFIG.Token.documentClass = tokenDocumentClass();

  CONFIG.Actor.dataModels = actorModels;
  CONFIG.Item.dataModels = itemModels;
  CONFIG.ChatMessage.dataModels = chatMessageModels;

  registerStatusEffects();
  CONFIG.Actor.trackableAttributes = TRACKABLE_ATTRIBUTES;
}

/**
 * Core's list replaced by the curated one (src/effects/status-effects.ts). Core's special roles
 * (`CONFIG.specialStatusEffects`: BURROW, HOVER and FLY as well as DEFEATED, INVISIBLE and BLIND) are
 * all kept, and Tactica's assignments set beside them; a role whose status left the list points at
 * an id no token carries. Running it twice gives the same list.
 */
function registerStatusEffects(): void {
  CONFIG.statusEffects = curatedStatusEffects(CONFIG.statusEffects);
  Object.assign(CONFIG.specialStatusEffects, CORE_STATUS_ROLES);
}

/**
 * What a token can show as a bar or a value, per actor type, as paths under `system`
 * (`CONFIG.Actor.trackableAttributes`: a `bar` path names an object with `value` and `max`, a
 * `value` path a number; dnd5e `dnd5e.mjs` `_configureTrackableAttributes`). A unit's headcount
 * is the bar `figures` (derived from its strength, src/data/actor/unit.ts), the first bar of a
 * new unit's token; a token edit of it goes to `strength.current` (TacticaActor#modifyTokenAttribute).
 */
export const TRACKABLE_ATTRIBUTES = {
  character: {
    bar: ["profile.pv"],
    value: ["willpower.value", "exhaustion", "actions.spent", "gauges.disruptif", "gauges.incendiaire"],
  },
  npc: {
    bar: ["profile.pv"],
    value: ["willpower.value", "exhaustion", "actions.spent", "gauges.disruptif", "gauges.incendiaire"],
  },
  unit: {
    bar: ["figures", "profile.pv"],
    value: ["actions.spent", "gauges.disruptif", "gauges.incendiaire", "choir.chanting"],
  },
};

/**
 * Roll classes: saved messages rebuild their rolls by class name from `CONFIG.Dice.rolls`. Each is
 * also `CONFIG.Dice.<ClassName>` with its configuration dialog as its `DIALOG` (dnd5e's
 * `CONFIG.Dice.D20Roll` and its dialog class): a module replaces a dialog, or a roll class, there.
 */
export function registerDice(): void {
  for (const cls of DICE_ROLLS) if (!CONFIG.Dice.rolls.includes(cls)) CONFIG.Dice.rolls.push(cls);
  PoolRoll.DIALOG = poolDialog;
  PressureRoll.DIALOG = pressureDialog;
  ProfileTest.DIALOG = profileDialog;
  PsyRoll.DIALOG = psyDialog;
  ScoreRoll.DIALOG = scoreDialog;
  ScoreRoll.ATTACK_DIALOG = attackDialog;
  Object.assign(CONFIG.Dice, { PoolRoll, PressureRoll, ProfileTest, PsyRoll, ScoreRoll });
}

/** Shared partials outside the sheets' and cards' own lists (the aptitude colour swatch). */
export const SHARED_PARTIALS = ["systems/tactica/templates/partials/aptitude-swatch.hbs"];

/** Every template the system renders, preloaded on init (cards include their parts by path). */
export const SYSTEM_TEMPLATES: string[] = [
  ...new Set([
    ...SHARED_PARTIALS,
    ...CHAT_PARTIALS,
    INFO_CARD_TEMPLATE,
    ...CHAT_TEMPLATES,
    ...DIALOG_TEMPLATES,
    ...SHEET_TEMPLATES,
    ...COMBAT_UI_TEMPLATES,
  ]),
];

export function preloadTemplates(): Promise<unknown> {
  return foundry.applications.handlebars.loadTemplates(SYSTEM_TEMPLATES);
}
