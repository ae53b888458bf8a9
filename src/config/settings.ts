/**
 * World settings of RULES.md (S-modules, S-nat10, S-degree, S-push-scores, S-stun-literal,
 * S-combat-mode, S-threshold), Tactica's own (`keepEndedPressure`) and the data schema version used
 * by migrations.
 */
import { RULE_MODULES, type RuleModule } from "./config";
import { isV14 } from "../compat/generation";

export const SYSTEM_ID = "tactica";

/** Combat clocks of RULES §7.1 (D-32). */
export const COMBAT_MODES = {
  tours: "TACTICA.Settings.combatMode.tours",
  timeline: "TACTICA.Settings.combatMode.timeline",
} as const;
export type CombatMode = keyof typeof COMBAT_MODES;

/** The setting key of a rule module's visibility (S-modules). */
export const moduleSettingKey = (module: RuleModule) => `module.${module}` as const;

/** Registers every world setting. Called once, on `init`. */
export function registerSettings(): void {
  const settings = game.settings!;
  for (const module of RULE_MODULES) {
    settings.register(SYSTEM_ID, moduleSettingKey(module), {
      name: `TACTICA.Settings.module.${module}.name`,
      hint: `TACTICA.Settings.module.${module}.hint`,
      scope: "world",
      config: true,
      type: Boolean,
      default: true,
      requiresReload: true,
    });
  }
  settings.register(SYSTEM_ID, "nat10", {
    name: "TACTICA.Settings.nat10.name",
    hint: "TACTICA.Settings.nat10.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
  settings.register(SYSTEM_ID, "degreeSize", {
    name: "TACTICA.Settings.degreeSize.name",
    hint: "TACTICA.Settings.degreeSize.hint",
    scope: "world",
    config: true,
    type: Number,
    range: { min: 1, max: 20, step: 1 },
    default: 5,
  });
  settings.register(SYSTEM_ID, "pushScores", {
    name: "TACTICA.Settings.pushScores.name",
    hint: "TACTICA.Settings.pushScores.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
  settings.register(SYSTEM_ID, "stunLiteral", {
    name: "TACTICA.Settings.stunLiteral.name",
    hint: "TACTICA.Settings.stunLiteral.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
  settings.register(SYSTEM_ID, "combatMode", {
    name: "TACTICA.Settings.combatMode.name",
    hint: "TACTICA.Settings.combatMode.hint",
    scope: "world",
    config: true,
    type: String,
    choices: COMBAT_MODES,
    default: "tours",
  });
  settings.register(SYSTEM_ID, "thresholdEvery", {
    name: "TACTICA.Settings.thresholdEvery.name",
    hint: "TACTICA.Settings.thresholdEvery.hint",
    scope: "world",
    config: true,
    type: Number,
    range: { min: 1, max: 100, step: 1 },
    default: 10,
  });
  registerKeepEndedPressure(settings);
  settings.register(SYSTEM_ID, "schemaVersion", {
    name: "TACTICA.Settings.schemaVersion.name",
    scope: "world",
    config: false,
    type: Number,
    default: 0,
  });
}

/** `keepEndedPressure`: v14 only (v13 has no expired state: ended bonuses are deleted there), so shown on v14 only. */
function registerKeepEndedPressure(settings: NonNullable<typeof game.settings>): void {
  settings.register(SYSTEM_ID, "keepEndedPressure", {
    name: "TACTICA.Settings.keepEndedPressure.name",
    hint: "TACTICA.Settings.keepEndedPressure.hint",
    scope: "world",
    config: isV14(),
    type: Boolean,
    default: false,
  });
}

/**
 * `keepEndedPressure` (v14): whether an ended pressure bonus stays on the sheet, marked expired,
 * instead of being deleted when its window closes (src/effects/pressure-windows.ts). Off by default.
 */
export function keepEndedPressure(): boolean {
  return game.settings?.get(SYSTEM_ID, "keepEndedPressure") === true;
}
