/**
 * World settings of RULES.md (S-modules, S-nat10, S-degree, S-push-scores, S-stun-literal,
 * S-combat-mode, S-threshold), Tactica's own (`keepEndedPressure`) and the data schema version used
 * by migrations, with one accessor per setting.
 */
import { RULE_MODULES, type RuleModule } from "./config";
import { isV14 } from "../compat/generation";
import { DEFAULT_DEGREE_SIZE } from "../rules/scores";

/** S-threshold's default: a threshold every 10 positions (RULES §7.3). */
const DEFAULT_THRESHOLD_EVERY = 10;

export const SYSTEM_ID = "tactica";

/** Combat clocks of RULES §7.1 (D-32). */
export const COMBAT_MODES = {
  tours: "TACTICA.Settings.combatMode.tours",
  timeline: "TACTICA.Settings.combatMode.timeline",
} as const;
export type CombatMode = keyof typeof COMBAT_MODES;

/** The setting key of a rule module's visibility (S-modules). */
export const moduleSettingKey = (module: RuleModule) => `module.${module}` as const;

/** Core's settings registry, as `game.settings` holds it once the game is initialised. */
type ClientSettings = NonNullable<typeof game.settings>;

/** Registers every world setting. Called once, on `init`. */
export function registerSettings(): void {
  const settings = game.settings!;
  registerRuleModules(settings);
  registerRuleSettings(settings);
  registerCombatSettings(settings);
  registerKeepEndedPressure(settings);
  settings.register(SYSTEM_ID, "schemaVersion", {
    name: "TACTICA.Settings.schemaVersion.name",
    scope: "world",
    config: false,
    type: Number,
    default: 0,
  });
}

/** S-modules: one switch per rule module (RULES §1–§7), shown on the sheets when on. */
function registerRuleModules(settings: ClientSettings): void {
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
}

/** The rule options of RULES.md: S-nat10, S-degree, S-push-scores, S-stun-literal. */
function registerRuleSettings(settings: ClientSettings): void {
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
    default: DEFAULT_DEGREE_SIZE,
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
}

/** The combat's settings: S-combat-mode, S-threshold. */
function registerCombatSettings(settings: ClientSettings): void {
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
    default: DEFAULT_THRESHOLD_EVERY,
  });
}

/** `keepEndedPressure`: v14 only (v13 has no expired state: ended bonuses are deleted there), so shown on v14 only. */
function registerKeepEndedPressure(settings: ClientSettings): void {
  settings.register(SYSTEM_ID, "keepEndedPressure", {
    name: "TACTICA.Settings.keepEndedPressure.name",
    hint: "TACTICA.Settings.keepEndedPressure.hint",
    scope: "world",
    config: isV14(),
    type: Boolean,
    default: false,
  });
}

/*
 * One accessor per setting: the code reads a setting through these, never by its string key. Each
 * answers the setting's default when no world is loaded (`game.settings` absent) or the stored
 * value is not one the setting allows.
 */

/** S-modules: whether rule module `module` is shown (on unless switched off; shown too before init registers it). */
export function ruleModuleOn(module: RuleModule): boolean {
  try {
    return game.settings?.get(SYSTEM_ID, moduleSettingKey(module)) !== false;
  } catch {
    // Settings are registered on init; what is read before that (a sheet opened early) shows everything.
    return true;
  }
}

/** S-nat10 (RULES §1): a natural 10 fails every d10 test. */
export function natural10Fails(): boolean {
  return game.settings?.get(SYSTEM_ID, "nat10") === true;
}

/** S-degree (RULES §6.1): the size of a degree of success. */
export function degreeSize(): number {
  const size = game.settings?.get(SYSTEM_ID, "degreeSize");
  return typeof size === "number" && Number.isInteger(size) && size >= 1 ? size : DEFAULT_DEGREE_SIZE;
}

/** S-push-scores (RULES §6.1, D-43, default off): a score test may be pushed. */
export function pushScoresOn(): boolean {
  return game.settings?.get(SYSTEM_ID, "pushScores") === true;
}

/** S-stun-literal (RULES §6.4): the stun delay read literally. */
export function stunLiteral(): boolean {
  return game.settings?.get(SYSTEM_ID, "stunLiteral") === true;
}

/** S-combat-mode (RULES §7.1): the mode a new combat starts in. */
export function defaultCombatMode(): CombatMode {
  const mode = game.settings?.get(SYSTEM_ID, "combatMode");
  return mode === "timeline" ? "timeline" : "tours";
}

/** S-threshold (RULES §7.3): the spacing of timeline thresholds. */
export function thresholdEvery(): number {
  const every = Number(game.settings?.get(SYSTEM_ID, "thresholdEvery"));
  return Number.isInteger(every) && every >= 1 ? every : DEFAULT_THRESHOLD_EVERY;
}

/**
 * `keepEndedPressure` (v14): whether an ended pressure bonus stays on the sheet, marked expired,
 * instead of being deleted when its window closes (src/effects/pressure-windows.ts). Off by default.
 */
export function keepEndedPressure(): boolean {
  return game.settings?.get(SYSTEM_ID, "keepEndedPressure") === true;
}

/** The data schema version the world was last migrated to (0 for a world never migrated). */
export function schemaVersion(): number {
  return game.settings?.get(SYSTEM_ID, "schemaVersion") ?? 0;
}

/** Records the data schema version the world is migrated to. */
export async function setSchemaVersion(version: number): Promise<void> {
  await game.settings!.set(SYSTEM_ID, "schemaVersion", version);
}
