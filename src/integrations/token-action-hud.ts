/**
 * Tactica's system handler for Token Action HUD Core, registered through TAH Core's public API
 * when that module is active (Larkinabout/fvtt-token-action-hud-core 2.x: `module/core/api.mjs`,
 * `module/main.mjs`, `module/managers/system-manager.mjs`, `module/handlers/action-handlers/action-handler.mjs`,
 * `module/handlers/roll-handlers/roll-handler.mjs`; a system module's side as in
 * Dragodoth/token-action-hud-draw-steel `scripts/init.js`, `system-manager.js`, `action-handler.js`,
 * `roll-handler.js`):
 * - on `ready` TAH Core sets `game.modules.get("token-action-hud-core").api` — `ActionHandler`,
 *   `RollHandler`, `SystemManager`, `Utils`… — and calls `tokenActionHudCoreApiReady` with the module;
 * - a system then calls `tokenActionHudSystemReady` with `{ api: { requiredCoreModuleVersion,
 *   SystemManager } }`; TAH Core checks the version (major, and minor and patch when given), makes
 *   the SystemManager and asks it for its defaults (`registerDefaults`: the layout of groups), its
 *   action handler and its roll handler;
 * - the action handler's `buildSystemActions(groupIds)` reads `this.actor` (the selected token's,
 *   undefined when several are selected) and adds actions with `this.addActions(actions, { id, type:
 *   "system" })`; an action is `{ id, name, img, info1: { text }, cssClass, system }`;
 * - a click calls the roll handler's `handleActionClick(event, encodedValue)` with the clicked
 *   action in `this.action`; `isRenderItem()` (a right click) and `renderItem(actor, itemId)` open
 *   the item's sheet.
 *
 * Every action is a roll the sheet offers (./hud-actions.ts); a click goes through the sheet's own
 * `rollRequest` and `dispatchRoll`, with the roll dialog skipped when the *Skip the roll dialog* key
 * is held (src/config/keybindings.ts).
 */
import { SYSTEM_ID } from "../config/settings";
import { skipsDialog, type ModifierEvent } from "../config/keybindings";
import { actorSheetContext } from "../applications/sheets/context/actor-context";
import { gameI18n } from "../applications/sheets/context/row-buttons";
import { readModules } from "../applications/sheets/context/shared";
import { sheetLang } from "../applications/sheets/sheet-helpers";
import { dispatchRoll, rollRequest } from "../applications/sheets/actions";
import { ROLL_ACTIONS, type RollInputs } from "../applications/sheets/actions";
import { isOneOf } from "../rules/keys";
import { isRecord } from "../rules/records";
import { TacticaActor } from "../documents/actor";
import { HUD_LAYOUT, hudActions, type HudAction, type HudRequest } from "./hud-actions";

/** The TAH Core versions this handler is written for (any 2.x: TAH compares the major only). */
export const REQUIRED_CORE_MODULE_VERSION = "2";

/** TAH Core's action handler, as Tactica's subclass uses it. */
export interface TahActionHandler {
  readonly actor?: Actor.Implementation | null;
  addActions(actions: object[], groupData: { id: string; type: string }): void;
}

/** TAH Core's roll handler, as Tactica's subclass uses it. */
export interface TahRollHandler {
  readonly actor?: Actor.Implementation | null;
  action?: { system?: unknown } | null;
  isRenderItem?(): boolean;
  renderItem?(actor: Actor.Implementation, itemId: string): boolean;
}

/** What TAH Core's `api` offers to a system (the members Tactica uses). */
export interface TahCoreApi {
  ActionHandler: new () => TahActionHandler;
  RollHandler: new () => TahRollHandler;
  SystemManager: new (...args: never[]) => object;
}

/** The selected actor, when it is Tactica's. */
function tacticaActor(actor: unknown): TacticaActor | null {
  return actor instanceof TacticaActor ? actor : null;
}

/** The HUD's actions for `actor`: the sheet's rolls, as its owner sees them. */
export function actionsFor(actor: TacticaActor): HudAction[] {
  const i18n = gameI18n();
  const context = actorSheetContext(actor, {
    editable: actor.isOwner,
    mode: "play",
    modules: readModules(),
    lang: sheetLang(),
    i18n,
  });
  return context ? hudActions(context, i18n) : [];
}

/** An action in TAH's shape. */
function tahAction(action: HudAction): object {
  return {
    id: action.id,
    name: action.name,
    ...(action.img ? { img: action.img } : {}),
    ...(action.info ? { info1: { text: action.info } } : {}),
    ...(action.disabled ? { cssClass: "disabled" } : {}),
    system: { request: action.request, disabled: action.disabled },
  };
}

/** The text values of `value` (an action's saved data may hold anything: the roll checks it again). */
function texts(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/**
 * The request a clicked action carries, rebuilt from what TAH kept (its layouts are saved in
 * flags), or null for anything else (another module's action).
 */
function requestOf(system: unknown): { request: HudRequest; disabled: boolean } | null {
  if (!isRecord(system) || !isRecord(system.request)) return null;
  const { method, data, inputs } = system.request;
  if (!isOneOf(ROLL_ACTIONS, method)) return null;
  const given = texts(inputs);
  const read: RollInputs = { ...given, charging: isRecord(inputs) && inputs.charging === true };
  return { request: { method, data: texts(data), inputs: read }, disabled: system.disabled === true };
}

/** A click on a HUD action: the sheet's roll for that button (right click on an item: its sheet). */
export async function runHudAction(
  actor: TacticaActor,
  system: unknown,
  event: ModifierEvent | null,
  handler?: TahRollHandler,
): Promise<unknown> {
  const clicked = requestOf(system);
  if (!clicked || clicked.disabled) return null;
  const { method, data, inputs } = clicked.request;
  if (data.itemId && handler?.isRenderItem?.()) return handler.renderItem?.(actor, data.itemId) ?? null;
  return dispatchRoll(actor, rollRequest(method, data, inputs), { fastForward: skipsDialog(event) });
}

/** The layout TAH starts from: one tab per sheet tab, one list per group of rolls. */
export function hudDefaults(): { layout: object[]; groups: object[] } {
  const i18n = gameI18n();
  const group = ({ id, label }: { id: string; label: string }) => ({ id, name: i18n.localize(label), type: "system" });
  return {
    layout: HUD_LAYOUT.map((tab) => ({
      nestId: tab.id,
      id: tab.id,
      name: i18n.localize(tab.label),
      groups: tab.groups.map((g) => ({ ...group(g), nestId: `${tab.id}_${g.id}` })),
    })),
    groups: HUD_LAYOUT.flatMap((tab) => tab.groups.map(group)),
  };
}

/** Tactica's SystemManager over TAH Core's classes. */
export function tacticaSystemManager(api: TahCoreApi): new (...args: never[]) => object {
  class TacticaActionHandler extends api.ActionHandler {
    async buildSystemActions(_groupIds: string[]): Promise<void> {
      const actor = tacticaActor(this.actor);
      if (!actor) return;
      const byGroup = new Map<string, object[]>();
      for (const action of actionsFor(actor))
        byGroup.set(action.group, [...(byGroup.get(action.group) ?? []), tahAction(action)]);
      for (const [id, actions] of byGroup) this.addActions(actions, { id, type: "system" });
    }
  }
  class TacticaRollHandler extends api.RollHandler {
    async handleActionClick(event: ModifierEvent | null, _encodedValue: string): Promise<void> {
      const actor = tacticaActor(this.actor);
      if (actor) await runHudAction(actor, this.action?.system, event, this);
    }
  }
  return class TacticaSystemManager extends api.SystemManager {
    getActionHandler(): TahActionHandler {
      return new TacticaActionHandler();
    }
    getAvailableRollHandlers(): Record<string, string> {
      return { core: game.i18n?.localize("TACTICA.SystemTitle") ?? SYSTEM_ID };
    }
    getRollHandler(_rollHandlerId: string): TahRollHandler {
      return new TacticaRollHandler();
    }
    async registerDefaults(): Promise<object> {
      return hudDefaults();
    }
    registerSettings(): void {}
  };
}

/** `tokenActionHudCoreApiReady` (src/hooks/integrations.ts): Tactica's handler joins TAH Core. */
export function registerTokenActionHud(coreModule: { api?: Partial<TahCoreApi> } | null | undefined): void {
  const { ActionHandler, RollHandler, SystemManager: CoreManager } = coreModule?.api ?? {};
  if (!ActionHandler || !RollHandler || !CoreManager) return;
  const SystemManager = tacticaSystemManager({ ActionHandler, RollHandler, SystemManager: CoreManager });
  Hooks.call("tokenActionHudSystemReady", {
    id: SYSTEM_ID,
    api: { requiredCoreModuleVersion: REQUIRED_CORE_MODULE_VERSION, SystemManager },
  });
}
