/**
 * fvtt-types configuration: the one place that tells the type checker what this system adds to
 * Foundry's globals (settings, CONFIG.TACTICA, game.tactica). Everything else stays strictly typed.
 */
import type { TacticaConfig } from "./config";
import type { TacticaApi } from "./api";
import type { CombatMode } from "./settings";

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
}

export {};
