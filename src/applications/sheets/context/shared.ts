/**
 * Pieces every sheet context shares: the rule modules a world shows (S-modules), the edit/play
 * mode, the tabs kept from core v13's prepared ones, and small formatting helpers. Plain functions, so the
 * contexts are built and tested in Node without an application.
 */
import { RULE_MODULES, type RuleModule } from "../../../config/config";
import { ruleModuleOn } from "../../../config/settings";

/** Localisation as the sheet contexts use it: Foundry's `game.i18n`. */
export interface SheetI18n {
  localize(key: string): string;
  format(key: string, data: Record<string, string>): string;
}

/** Which rule modules the world shows (RULES §1, S-modules); hidden ones keep their data. */
export type ModuleFlags = Record<RuleModule, boolean>;

/** Every module shown: the default of the settings, and what tests start from. */
export const ALL_MODULES: Readonly<ModuleFlags> = Object.freeze({
  pressure: true,
  pool: true,
  psy: true,
  morale: true,
  tactical: true,
} satisfies ModuleFlags);

/** Reads the S-modules world settings; a setting that cannot be read counts as shown. */
export function readModules(): ModuleFlags {
  const flags = { ...ALL_MODULES };
  for (const module of RULE_MODULES) flags[module] = ruleModuleOn(module);
  return flags;
}

/** The two ways a sheet shows its document: values and roll buttons, or inputs. */
export type SheetMode = "play" | "edit";

/** What every sheet context is built from besides its document. */
export interface SheetOptions {
  /** The user may change the document (owner, not locked in a compendium): also who may roll for an actor. */
  editable: boolean;
  /** The user has exactly LIMITED permission: header and biography only. */
  limited?: boolean;
  mode: SheetMode;
  modules: ModuleFlags;
  /** The interface language, for attribute chips written in the reader's words. */
  lang: "fr" | "en";
  /** Where labels computed in the context are localised; `game.i18n` by default. */
  i18n?: SheetI18n;
}

/**
 * One tab as core's `ApplicationV2#_prepareTabs` prepares it from `static TABS` (ApplicationTab,
 * https://foundryvtt.com/api/v13/interfaces/foundry.applications.types.ApplicationTab.html and its v14 page):
 * `icon`, `label` and `tooltip` only where the tab's configuration gives them (fvtt-types also lets a
 * configuration give `null`); `cssClass` is "active" for the active tab and absent otherwise (core spreads the
 * configured value, which Tactica's tabs do not set).
 */
export interface SheetTab {
  id: string;
  group: string;
  icon?: string | null;
  label?: string | null;
  tooltip?: string | null;
  active: boolean;
  cssClass?: string;
}

/** One entry of a sheet's `TABS.primary.tabs`, with the module that must be shown for it. */
export interface TabDefinition {
  id: string;
  icon: string;
  /** Its label key. */
  label: string;
  module?: RuleModule;
}

/** The ids of the tabs shown: every definition whose rule module is shown (S-modules). */
export function shownTabIds(definitions: readonly TabDefinition[], modules: ModuleFlags): string[] {
  return definitions.filter((d) => !d.module || modules[d.module]).map((d) => d.id);
}

/**
 * Core's prepared tabs of `group` (`_prepareTabs`) kept to the `shown` ones, in core's order.
 * When the active tab is not shown (a hidden module, a LIMITED view), the first shown tab becomes
 * the active one — in the tabs AND in `tabGroups`, so core's tab switching and the next render
 * agree on it.
 */
export function keepTabs(
  prepared: Readonly<Record<string, SheetTab>>,
  shown: readonly string[],
  tabGroups: Record<string, string | null>,
  group = "primary",
): Record<string, SheetTab> {
  const ids = Object.keys(prepared).filter((id) => shown.includes(id));
  const active = ids.includes(tabGroups[group] ?? "") ? tabGroups[group]! : (ids[0] ?? null);
  tabGroups[group] = active;
  const tabs: Record<string, SheetTab> = {};
  for (const id of ids) {
    const isActive = id === active;
    tabs[id] = { ...prepared[id]!, active: isActive, cssClass: isActive ? "active" : undefined };
  }
  return tabs;
}

/** A percentage for a gauge bar, 0–100, 0 when there is no maximum. */
export function percent(value: number, max: number): number {
  if (max <= 0) return 0;
  return Math.round(Math.min(1, Math.max(0, value / max)) * 100);
}
