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
import type { MigrationRecord } from "../data/migration/capture";
import type { CombatFlags } from "../combat/state";
import type { PressureFlag } from "../effects/pressure-windows";
import type { TimelineCost } from "../rules/timeline";
import type { RollHookConfig } from "../dice/pipeline";
import type { PoolRoll, PressureRoll, ProfileTest, PsyRoll, ScoreRoll } from "../dice/index";
import type { QuenchLike } from "../contract/quench";
import type { Dice3d } from "../dice/dsn";
import type { PlaceBehaviorType } from "../places/place-model";

/**
 * The exactly-once records of what cards did to a document (`flags.tactica.cards.<messageId>`,
 * src/data/card-keys.ts): read defensively there, so each record stays `unknown` inside.
 */
type CardRecords = Record<string, Record<string, unknown>>;

/** The flags a migration keeps on any document with a `system` (src/migrations). */
interface MigratedFlags {
  /** `system` keys a migration found and the current schema does not know (never dropped). */
  legacy?: Record<string, unknown>;
  /**
   * What the last document-level migration did (a {@link MigrationRecord}: bookkeeping, never
   * stored); an update deletes it with v14's deletion operator as the value (src/compat/deletion.ts).
   */
  migration?: MigrationRecord | unknown;
  /** a v13 `-=key` deletion in an update */
  [deletion: `-=${string}`]: unknown;
}

/** `flags.tactica` of an actor (src/actions/activation.ts, src/data/card-keys.ts). */
interface ActorFlags extends MigratedFlags {
  castThisActivation?: string[];
  maintainedThisActivation?: string[];
  fearTestedThisActivation?: boolean;
  ralliedThisActivation?: boolean;
  cards?: CardRecords;
}

/** `flags.tactica` of a chat message: what a card that spends AC says it cost (S-12). */
interface ChatMessageFlags extends MigratedFlags {
  timelineCost?: TimelineCost;
}

/** `flags.tactica` of an Active Effect: a pressure bonus's card and window (src/effects/pressure-windows.ts). */
interface ActiveEffectFlags {
  sourceMessage?: string;
  pressure?: PressureFlag;
}

/** `flags.tactica` of a region: the place data of old versions (src/places/migration.ts), card records. */
interface RegionFlags {
  place?: Record<string, unknown> | null;
  cards?: CardRecords;
}

declare global {
  /* ------------------------------------------------------------------ v14: data operators */

  /**
   * v14's deletion operator: an update value that deletes its key, the global instance of
   * `foundry.data.operators.ForcedDeletion` (https://foundryvtt.com/api/modules/foundry.data.operators.html);
   * absent on v13 (src/compat/deletion.ts writes and reads it).
   */
  var _del: object | undefined;

  /* -------------------------------------------------------------------------------- settings */

  interface SettingConfig {
    /**
     * v14's client setting for the user's message mode, which replaces v13's `core.rollMode`
     * (https://foundryvtt.com/api/v14/variables/CONFIG.ChatMessage.html lists its keys; dnd5e's
     * `BasicRoll.getMessageMode` reads it on v14): registered on v14 only, read through
     * src/compat/message-mode.ts on v14 only.
     */
    "core.messageMode": string;
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
    "tactica.keepEndedPressure": boolean;
    "tactica.schemaVersion": number;
  }

  /**
   * Tactica's code runs from `init` on (src/tactica.ts registers everything in that hook), so
   * `game` is at least the initialised game for the type checker.
   */
  interface AssumeHookRan {
    init: never;
  }

  interface CONFIG {
    TACTICA: TacticaConfig;
  }

  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace CONFIG {
    /** The roll classes, each with its configuration dialog (`DIALOG`), for modules (src/setup/registration.ts). */
    interface Dice {
      PoolRoll: typeof PoolRoll;
      PressureRoll: typeof PressureRoll;
      ProfileTest: typeof ProfileTest;
      PsyRoll: typeof PsyRoll;
      ScoreRoll: typeof ScoreRoll;
    }
  }

  /** What Tactica reads on `game` (set on `init`, src/tactica.ts), in every state from `init` on. */
  interface TacticaGame {
    tactica: TacticaApi;
    /** Dice So Nice's API, when that module is active (src/dice/dsn.ts). */
    dice3d?: Dice3d;
  }
  // Merged into fvtt-types' game states; the members are TacticaGame's.
  /* eslint-disable @typescript-eslint/no-empty-object-type */
  interface InitGame extends TacticaGame {}
  interface I18nInitGame extends TacticaGame {}
  interface SetupGame extends TacticaGame {}
  interface ReadyGame extends TacticaGame {}
  /* eslint-enable @typescript-eslint/no-empty-object-type */

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
    /** A place (RULES §7.4): system.json `documentTypes.RegionBehavior`, src/places/register.ts. */
    RegionBehavior: { "tactica.place": typeof PlaceBehaviorType };
  }

  /** `flags.tactica`: what the migration keeps of data a schema no longer knows (src/migrations). */
  interface FlagConfig {
    Actor: { tactica: ActorFlags };
    Item: { tactica: MigratedFlags & { cards?: CardRecords } };
    ChatMessage: { tactica: ChatMessageFlags };
    Combat: { tactica: CombatFlags & { cards?: CardRecords } };
    ActiveEffect: { tactica: ActiveEffectFlags };
    Region: { tactica: RegionFlags };
    /** a place behaviour: the exactly-once record of a *Tectonique* hit (src/chat/hit-follow-ups.ts) */
    RegionBehavior: { tactica: { cards?: CardRecords } };
    /** the compendium's panic table and its results (RULES §5, src/actions/morale.ts) */
    RollTable: { tactica: { panicTable?: boolean } };
    TableResult: { tactica: { panicResult?: string } };
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
      /**
       * src/dice/pipeline.ts: before a roll and its dialog; a handler may change `config`
       * (`fastForward` skips the dialog), `false` cancels.
       */
      "tactica.preRoll": (config: RollHookConfig) => boolean | void;
      /** src/dice/pipeline.ts: a roll was evaluated (before its card is posted). */
      "tactica.roll": (roll: unknown, config: RollHookConfig) => void;
      /** The Quench module announces itself (src/hooks/quench.ts listens; the batches: src/contract/quench.ts). */
      quenchReady: (quench: QuenchLike) => void;
      /**
       * Core's region window lists its header controls (ApplicationV2 `getHeaderControls<Class>`,
       * src/places/register.ts).
       */
      getHeaderControlsRegionConfig: (app: { document?: unknown }, controls: unknown) => void;
      /**
       * Core's token bar edit, as the v13 and v14 API pages document it (three arguments, the actor
       * last; fired by `Actor#modifyTokenAttribute`, src/documents/actor.ts):
       * https://foundryvtt.com/api/v13/functions/hookEvents.modifyTokenAttribute.html,
       * https://foundryvtt.com/api/v14/functions/hookEvents.modifyTokenAttribute.html
       */
      // The actor is optional and the result boolean only to stay within fvtt-types' deprecated
      // two-argument entry, which this one extends.
      modifyTokenAttribute: (
        data: { attribute: string; isBar: boolean; isDelta: boolean; value: number },
        updates: Record<string, unknown>,
        actor?: Actor.Implementation,
      ) => boolean;
      /** Dice So Nice is ready for colour sets (src/dice/dsn.ts). */
      diceSoNiceReady: (dice3d: Dice3d) => void;
    }
  }
}

export {};
