/**
 * fvtt-types configuration: the one place that tells the type checker what this system adds to
 * Foundry's globals (settings, CONFIG.TACTICA, game.tactica, data models, document classes, hooks).
 * Everything else stays strictly typed.
 */
import type { TacticaConfig } from "../config/config";
import type { TacticaApi } from "../api/index";
import type { CombatMode } from "../config/settings";
import type {
  ArmorModel,
  CharacterModel,
  ForceFieldModel,
  GearModel,
  GrenadeModel,
  NpcModel,
  PowerModel,
  RollCardModel,
  UnitModel,
  WeaponModel,
} from "../data/index";
import type { TacticaActor } from "../documents/actor";
import type { TacticaItem } from "../documents/item";
import type { TacticaChatMessage } from "../documents/chat-message";
import type { TacticaActiveEffect } from "../documents/active-effect";

/** Tactica's flags on documents. */
interface TacticaFlags {
  /** `system` keys a migration found and the current schema does not know (never dropped). */
  legacy?: Record<string, unknown>;
  [key: string]: unknown;
}

declare global {
  interface SettingConfig {
    "tactica.module.pressure": boolean;
    "tactica.module.pool": boolean;
    "tactica.module.psy": boolean;
    "tactica.module.morale": boolean;
    "tactica.module.tactical": boolean;
    "tactica.nat10": boolean;
    "tactica.degreeSize": number;
    "tactica.pushScores": boolean;
    "tactica.stunLiteral": boolean;
    "tactica.combatMode": CombatMode;
    "tactica.thresholdEvery": number;
    "tactica.schemaVersion": number;
  }

  interface CONFIG {
    TACTICA: TacticaConfig;
  }

  interface Game {
    tactica: TacticaApi;
  }

  /** `system` per subtype (system.json documentTypes). */
  interface DataModelConfig {
    Actor: { character: typeof CharacterModel; npc: typeof NpcModel; unit: typeof UnitModel };
    Item: {
      weapon: typeof WeaponModel;
      armor: typeof ArmorModel;
      forceField: typeof ForceFieldModel;
      grenade: typeof GrenadeModel;
      gear: typeof GearModel;
      power: typeof PowerModel;
    };
    ChatMessage: { rollCard: typeof RollCardModel };
  }

  /** `flags.tactica`: what the migration keeps of data a schema no longer knows (src/migrations). */
  interface FlagConfig {
    Actor: { tactica: TacticaFlags };
    Item: { tactica: TacticaFlags };
    ChatMessage: { tactica: TacticaFlags };
  }

  interface DocumentClassConfig {
    Actor: typeof TacticaActor;
    Item: typeof TacticaItem;
    ChatMessage: typeof TacticaChatMessage;
    ActiveEffect: typeof TacticaActiveEffect;
  }
}

declare module "fvtt-types/configuration" {
  // fvtt-types declares hook signatures in its `Hooks` namespace; augmenting it takes one.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Hooks {
    interface HookConfig {
      /** RULES §7.2 *Focalisé*: an actor gained *Épuisement* (src/documents/actor.ts). */
      "tactica.exhaustionGained": (actor: TacticaActor, amount: number) => void;
    }
  }
}

export {};
