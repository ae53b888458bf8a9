/**
 * A STAND-IN for Token Action HUD Core's public API, built from TAH Core 2.1's own code — not TAH.
 * Sources (Larkinabout/fvtt-token-action-hud-core):
 * - `module/main.mjs`: TAH listens to `tokenActionHudSystemReady` from its script's load, and on
 *   `ready` calls `registerApi`; `registerCoreModule(systemModule)` returns without a word when
 *   `Utils.isSystemModuleCompatible(systemModule.api?.requiredCoreModuleVersion)` is false, then
 *   makes `new systemModule.api.SystemManager(MODULE.ID)` and `init()`s it;
 * - `module/core/api.mjs`: `registerApi` sets `game.modules.get("token-action-hud-core").api` to
 *   `{ ActionHandler, RollHandler, SystemManager, Utils, … }` and calls
 *   `Hooks.callAll("tokenActionHudCoreApiReady", module)`;
 * - `module/core/utils.mjs` `isSystemModuleCompatible`: no required version passes; else the
 *   majors must be equal, and the minor and patch when the system gives them;
 * - `module/managers/system-manager.mjs`: `init()` awaits `registerDefaults()` (its `layout` and
 *   `groups`), then the settings; `getActionHandler()` and `getRollHandler(id)` are the system's;
 * - `module/handlers/action-handlers/action-handler.mjs`: the handler reads `actor` from its HUD
 *   manager; `buildSystemActions(groupIds)` is the system's; `addActions(actions, groupData)` keys
 *   the actions by `id`, keeps `id`, `name`, `img`, `info1`, `cssClass` and `system`, and files them
 *   in the groups of `groupData.id` and type (`"system"` when none is given) — in none when no such
 *   group exists;
 * - `module/handlers/roll-handlers/roll-handler.mjs`: `handleActionClickCore(event, action)` sets
 *   `this.action` then calls the system's `handleActionClick(event, buttonValue)`; `isRenderItem()`
 *   is a right click without Alt, Control or Shift; `renderItem(actor, itemId)` renders the item's
 *   sheet.
 * Not modelled: the HUD window and its layout editing, saved user and actor layouts, compendium and
 * macro actions, the extenders, tooltips, sorting, socketlib.
 */
import type { FakeFoundry } from "../fake";

type Obj = Record<string, unknown>;

/** An action as the stand-in keeps it (the members TAH Core keeps, as far as read here). */
export interface TahStandInAction {
  id: string;
  name: string;
  img?: string;
  info1?: { text?: string };
  cssClass?: string;
  system: unknown;
}

/** What the handlers read of the HUD manager: the selected actor and the click's buttons and keys. */
interface HudManager {
  actor: unknown;
  isRightClick: boolean;
  isAlt: boolean;
  isCtrl: boolean;
  isShift: boolean;
}

class ActionHandler {
  hudManager: HudManager | null = null;
  /** The groups TAH made from the defaults (id → actions). */
  groups = new Map<string, TahStandInAction[]>();
  readonly availableActions = new Map<string, TahStandInAction>();

  get actor(): unknown {
    return this.hudManager?.actor;
  }

  async buildSystemActions(_groupIds: string[]): Promise<void> {}

  addActions(actionsData: Obj[], groupData: { id?: string; type?: string }): void {
    if (!actionsData.length) return;
    const actions = actionsData.map((a) => ({
      id: String(a.id),
      name: String(a.name ?? a.id ?? ""),
      ...(a.img ? { img: String(a.img) } : {}),
      ...(a.info1 ? { info1: a.info1 as { text?: string } } : {}),
      ...(a.cssClass ? { cssClass: String(a.cssClass) } : {}),
      system: a.system ?? {},
    }));
    for (const action of actions) this.availableActions.set(action.id, action);
    if (!groupData?.id || (groupData.type ?? "system") !== "system") return;
    this.groups.get(groupData.id)?.push(...actions);
  }
}

class RollHandler {
  hudManager: HudManager | null = null;
  action: TahStandInAction | null = null;
  /** Item sheets `renderItem` opened (actor id, item id). */
  readonly rendered: string[] = [];

  get actor(): unknown {
    return this.hudManager?.actor;
  }
  get isRightClick(): boolean {
    return this.hudManager?.isRightClick === true;
  }

  handleActionClick(_event: unknown, _buttonValue: string | null): unknown {
    return undefined;
  }

  async handleActionClickCore(event: unknown, action: TahStandInAction): Promise<void> {
    this.action = action;
    await this.handleActionClick(event, null);
  }

  isRenderItem(): boolean {
    const m = this.hudManager;
    return this.isRightClick && !(m?.isAlt || m?.isCtrl || m?.isShift);
  }

  renderItem(actor: { id?: string | null; items?: { get(id: string): unknown } }, itemId: string): boolean {
    const item = actor?.items?.get(itemId) as { sheet?: { render(force: boolean): unknown } } | undefined;
    if (!item) return false;
    this.rendered.push(`${actor.id}.${itemId}`);
    return true;
  }
}

class SystemManager {
  defaults: { layout?: Obj[]; groups?: Obj[] } = {};
  constructor(readonly coreModuleId: string) {}
  async registerDefaults(): Promise<object> {
    return {};
  }
  getActionHandler(): ActionHandler | undefined {
    return undefined;
  }
  getRollHandler(_id: string): RollHandler | false {
    return false;
  }
  getAvailableRollHandlers(): Record<string, string> {
    return {};
  }
  registerSettings(_onChange: () => void): void {}
  async init(): Promise<void> {
    this.defaults = ((await this.registerDefaults()) ?? {}) as SystemManager["defaults"];
    this.getAvailableRollHandlers();
    this.registerSettings(() => {});
  }
}

/** TAH Core's version check (`Utils.isSystemModuleCompatible`). */
export function isSystemModuleCompatible(required: string | undefined, installed: string): boolean {
  if (!required) return true;
  const [major, minor, patch] = required.split(".");
  const [hasMajor, hasMinor, hasPatch] = installed.split(".");
  return major === hasMajor && (!minor || minor === hasMinor) && (!patch || patch === hasPatch);
}

/** A system handler TAH Core accepted. */
export interface RegisteredSystem {
  systemModule: { id?: string; api?: { requiredCoreModuleVersion?: string } };
  manager: SystemManager & { defaults: { layout?: Obj[]; groups?: Obj[] } };
}

/** The stand-in of an active TAH Core in one fake world. */
export class TokenActionHudStandIn {
  readonly module: Obj & { id: string; active: boolean; version: string; api?: Obj };
  readonly systems: RegisteredSystem[] = [];
  readonly refused: unknown[] = [];
  private readonly pending: Promise<void>[] = [];

  constructor(
    private readonly fake: FakeFoundry,
    version = "2.1.0",
  ) {
    this.module = { id: "token-action-hud-core", active: true, version };
    // TAH Core listens from its script's load, before any `ready`.
    fake.hooks.on("tokenActionHudSystemReady", (systemModule) => void this.pending.push(this.register(systemModule)));
  }

  /** `registerCoreModule` (see the module comment). */
  private async register(systemModule: unknown): Promise<void> {
    const sys = systemModule as RegisteredSystem["systemModule"] & { api?: { SystemManager?: unknown } };
    if (!isSystemModuleCompatible(sys.api?.requiredCoreModuleVersion, this.module.version)) {
      this.refused.push(systemModule);
      return;
    }
    const Manager = sys.api?.SystemManager as (new (id: string) => RegisteredSystem["manager"]) | undefined;
    if (typeof Manager !== "function") return;
    const manager = new Manager(this.module.id);
    await manager.init();
    this.systems.push({ systemModule: sys, manager });
  }

  /** What TAH Core does on `ready` (`registerApi`); resolves once the systems that answered are registered. */
  async ready(): Promise<void> {
    this.module.api = { ActionHandler, RollHandler, SystemManager, Utils: {} };
    this.fake.hooks.callAll("tokenActionHudCoreApiReady", this.module);
    await Promise.all(this.pending);
  }

  /** The HUD built for `actor` by the first registered system: its groups (from the defaults) and their actions. */
  async build(actor: unknown): Promise<Map<string, TahStandInAction[]>> {
    const manager = this.systems[0]?.manager;
    const handler = manager?.getActionHandler();
    if (!manager || !handler) throw new Error("Token Action HUD stand-in: no system handler");
    handler.hudManager = { actor, isRightClick: false, isAlt: false, isCtrl: false, isShift: false };
    for (const group of manager.defaults.groups ?? []) handler.groups.set(String(group.id), []);
    await handler.buildSystemActions([...handler.groups.keys()]);
    return handler.groups;
  }

  /** A click on `action` for `actor` (`handleActionClickCore`); returns the roll handler, to read what it did. */
  async click(
    actor: unknown,
    action: TahStandInAction,
    event: { shiftKey?: boolean; ctrlKey?: boolean; altKey?: boolean; button?: number } = {},
  ): Promise<RollHandler> {
    const handler = this.systems[0]?.manager.getRollHandler("core");
    if (!handler) throw new Error("Token Action HUD stand-in: no roll handler");
    handler.hudManager = {
      actor,
      isRightClick: event.button === 2,
      isAlt: event.altKey === true,
      isCtrl: event.ctrlKey === true,
      isShift: event.shiftKey === true,
    };
    await handler.handleActionClickCore(event, action);
    return handler;
  }
}

/** Installs an active TAH Core on a fake world, before the entry's `init` (its `game.modules` entry, its listener). */
export function installTokenActionHud(fake: FakeFoundry, version?: string): TokenActionHudStandIn {
  const tah = new TokenActionHudStandIn(fake, version);
  const modules = (fake.game.modules as Map<string, unknown> | undefined) ?? new Map<string, unknown>();
  modules.set(tah.module.id, tah.module);
  fake.game.modules = modules;
  return tah;
}
