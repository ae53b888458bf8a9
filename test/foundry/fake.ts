/**
 * A SMALL, HONEST FAKE of the Foundry VTT v13 API surface Tactica uses — not Foundry.
 *
 * It implements only what our code calls, with the same shapes and the same observable behaviour
 * that matter to our tests. Anything only real Foundry can prove is in docs/manual-checks.md.
 * Install it with {@link installFoundryFake} BEFORE importing the entry module, then fire the
 * lifecycle hooks with {@link fireLifecycle}.
 *
 * Every fake file lists the Foundry behaviours it models in its header, under "Behaviours", each
 * with its source and the contract case (src/contract/, run on the fake by vitest and in Foundry by
 * Quench) that pins it, or the manual check that does: test/foundry/fake-behaviours.test.ts holds
 * them to it.
 *
 * Behaviours:
 * - Hooks: `on`, `once`, `off`; handlers run in registration order; `call` stops at the first
 *   handler answering `false` and answers `false`; `callAll` runs them all. Source: core v13 client
 *   `helpers/hooks.mjs`; https://foundryvtt.com/api/v13/classes/foundry.helpers.Hooks.html.
 *   Contract: `hooks.call`.
 * - `game.i18n`: `localize` answers the key itself when unknown, `format` fills `{name}` from its
 *   data, `has` knows a key. Source: https://foundryvtt.com/api/v13/classes/foundry.helpers.Localization.html.
 *   Contract: `i18n.format`.
 * - `game.settings`: a setting registered with its config answers its default until set; a value
 *   outside `choices` is refused. Source: https://foundryvtt.com/api/v13/classes/foundry.helpers.ClientSettings.html.
 *   Contract: none — manual check "the module toggles and the optional rules are listed".
 * - `foundry.applications.parseHTML(html)`: "a single HTMLElement is returned if the provided
 *   string contains only a single top-level element"; several top-level elements are a collection
 *   (an array here); v14 answers null when no element was parsable; the fake throws for a string
 *   with no element on v13 (not modelled). The HTML is parsed as fake-apps-dom.ts parses it.
 *   Source: https://foundryvtt.com/api/v13/functions/foundry.applications.parseHTML.html,
 *   https://foundryvtt.com/api/v14/functions/foundry.utils.parseHTML.html. Contract:
 *   `applications.parse-html`.
 * - The world loads with `init`, `i18nInit`, `setup`, then `ready` (`game.ready` true). Source:
 *   https://foundryvtt.com/api/v13/functions/hookEvents.init.html, …setup.html, …ready.html.
 *   Contract: none — manual check "Create a world with Tactica and launch it".
 */

import { installDataFake } from "./fake-data";
import { installOperators } from "./fake-operators";
import { installDiceFake } from "./fake-dice";
import { installAppsFake } from "./fake-apps";
import { parseHTML, type FakeElement } from "./fake-apps-dom";
import { installCombatFake } from "./fake-combat";
import { installRegionsFake } from "./fake-regions";
import { installChatFake } from "./fake-chat";
import { installKeysFake, type FakeKeybindings } from "./fake-keys";
import { installCanvasFake } from "./fake-canvas";
import { RELEASES, defaultGeneration, resetGenerationState, setFakeGeneration } from "./fake-generation";

type HookFn = (...args: unknown[]) => unknown;

/** `foundry.applications.parseHTML` (see the Behaviours list). */
function parseHtmlString(html: string, generation: number): FakeElement | FakeElement[] | null {
  const roots = parseHTML(html);
  if (roots.length === 1) return roots[0]!;
  if (roots.length > 1) return roots;
  if (generation >= 14) return null;
  throw new Error("fake: what v13's parseHTML answers for a string with no element is not modelled");
}

/** The `foundry` namespace as far as the fake goes; each fake-*.ts file fills its own part. */
export interface FakeNamespace {
  abstract: Record<string, unknown>;
  data: Record<string, unknown>;
  dice: Record<string, unknown>;
  documents: Record<string, unknown>;
  applications: Record<string, unknown>;
  utils: Record<string, unknown>;
  helpers: Record<string, unknown>;
}

/** Hooks: `on`, `once`, `call`, `callAll`, `off`, as in foundry.helpers.Hooks. */
export class FakeHooks {
  private readonly events = new Map<string, { fn: HookFn; once: boolean; id: number }[]>();
  private nextId = 1;
  readonly fired: string[] = [];

  on(event: string, fn: HookFn): number {
    const id = this.nextId++;
    const list = this.events.get(event) ?? [];
    list.push({ fn, once: false, id });
    this.events.set(event, list);
    return id;
  }

  once(event: string, fn: HookFn): number {
    const id = this.on(event, fn);
    const entry = this.events.get(event)!.find((e) => e.id === id)!;
    entry.once = true;
    return id;
  }

  off(event: string, fnOrId: HookFn | number): void {
    const list = this.events.get(event) ?? [];
    this.events.set(
      event,
      list.filter((e) => (typeof fnOrId === "number" ? e.id !== fnOrId : e.fn !== fnOrId)),
    );
  }

  /** Calls every handler; the first one returning `false` stops the chain and `call` returns false. */
  call(event: string, ...args: unknown[]): boolean {
    this.fired.push(event);
    for (const entry of [...(this.events.get(event) ?? [])]) {
      if (entry.once) this.off(event, entry.id);
      if (entry.fn(...args) === false) return false;
    }
    return true;
  }

  callAll(event: string, ...args: unknown[]): true {
    this.fired.push(event);
    for (const entry of [...(this.events.get(event) ?? [])]) {
      if (entry.once) this.off(event, entry.id);
      entry.fn(...args);
    }
    return true;
  }

  count(event: string): number {
    return this.events.get(event)?.length ?? 0;
  }

  /**
   * Every handler still registered, in registration order (a test helper, not Foundry API: the
   * test world uses it to register what the entry module registered on a fresh fake).
   */
  registrations(): { event: string; fn: HookFn; once: boolean }[] {
    return [...this.events.entries()]
      .flatMap(([event, list]) => list.map((e) => ({ event, ...e })))
      .sort((a, b) => a.id - b.id)
      .map(({ event, fn, once }) => ({ event, fn, once }));
  }
}

/** A registered setting's config, as passed to `game.settings.register`. */
export interface FakeSettingConfig {
  name?: string;
  hint?: string;
  scope: "world" | "client" | "user";
  config?: boolean;
  type?: unknown;
  default?: unknown;
  choices?: Record<string, string>;
  range?: { min: number; max: number; step?: number };
  requiresReload?: boolean;
  onChange?: (value: unknown) => void;
}

/** `game.settings`: register / get / set, keeping values in memory. */
export class FakeSettings {
  readonly settings = new Map<string, FakeSettingConfig & { namespace: string; key: string }>();
  private readonly values = new Map<string, unknown>();
  /** Called before every read and write (the chat fake checks core's mode settings per generation). */
  guard: (namespace: string, key: string) => void = () => {};

  register(namespace: string, key: string, config: FakeSettingConfig): void {
    const id = `${namespace}.${key}`;
    if (this.settings.has(id)) throw new Error(`setting ${id} registered twice`);
    this.settings.set(id, { ...config, namespace, key });
  }

  get(namespace: string, key: string): unknown {
    this.guard(namespace, key);
    const id = `${namespace}.${key}`;
    const config = this.settings.get(id);
    if (!config) throw new Error(`"${id}" is not a registered game setting`);
    return this.values.has(id) ? this.values.get(id) : config.default;
  }

  async set(namespace: string, key: string, value: unknown): Promise<unknown> {
    this.guard(namespace, key);
    const id = `${namespace}.${key}`;
    const config = this.settings.get(id);
    if (!config) throw new Error(`"${id}" is not a registered game setting`);
    if (config.choices && !(String(value) in config.choices))
      throw new Error(`invalid choice ${String(value)} for ${id}`);
    this.values.set(id, value);
    config.onChange?.(value);
    return value;
  }
}

const pathTables = new WeakMap<object, Map<string, unknown>>();

/**
 * Every dotted path of `translations` (`TACTICA`, `TACTICA.Chat`, … down to each string) and what
 * it leads to: the same answers as walking the object key by key, made once per object.
 */
function pathTable(translations: Record<string, unknown>): Map<string, unknown> {
  let table = pathTables.get(translations);
  if (table === undefined) {
    const paths = new Map<string, unknown>();
    const walk = (node: Record<string, unknown>, prefix: string): void => {
      for (const [key, value] of Object.entries(node)) {
        // A key with a dot in it is out of reach of a key-by-key walk: it stays so.
        if (key.includes(".")) continue;
        paths.set(prefix + key, value);
        if (value !== null && typeof value === "object") walk(value as Record<string, unknown>, `${prefix}${key}.`);
      }
    };
    walk(translations, "");
    table = paths;
    pathTables.set(translations, table);
  }
  return table;
}

/** `game.i18n` backed by the real language file, with Foundry's `{name}` formatting. */
export class FakeI18n {
  constructor(
    readonly lang: string,
    private readonly translations: Record<string, unknown>,
  ) {}

  /** The language file, when it is frozen (test/helpers/lang.ts): its answers never change. */
  get frozenSource(): object | undefined {
    return Object.isFrozen(this.translations) ? this.translations : undefined;
  }

  has(key: string): boolean {
    return typeof this.lookup(key) === "string";
  }

  localize(key: string): string {
    const value = this.lookup(key);
    return typeof value === "string" ? value : key;
  }

  format(key: string, data: Record<string, unknown> = {}): string {
    return this.localize(key).replace(/\{([^}]+)\}/g, (whole, name: string) =>
      name in data ? String(data[name]) : whole,
    );
  }

  private lookup(key: string): unknown {
    // A frozen file (test/helpers/lang.ts) cannot change: read it through its table of paths.
    if (Object.isFrozen(this.translations)) return pathTable(this.translations).get(key);
    let node: unknown = this.translations;
    for (const part of key.split(".")) {
      if (node === null || typeof node !== "object") return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    return node;
  }
}

export interface FakeFoundry {
  foundry: FakeNamespace;
  /** Template paths passed to `foundry.applications.handlebars.loadTemplates`. */
  preloaded: string[];
  hooks: FakeHooks;
  settings: FakeSettings;
  game: Record<string, unknown> & { settings: FakeSettings; i18n: FakeI18n };
  CONFIG: Record<string, unknown>;
}

/**
 * Installs a fresh fake on `globalThis` (`Hooks`, `game`, `CONFIG`) and returns it: a new world,
 * of the generation the environment asks for (fake-generation.ts), as after a page reload (no document, write,
 * notification, setting value, hook, open window or
 * queued die of an earlier install survives). Call before importing the module under test; the
 * test world (world.ts) imports the entry once per test file and registers its hooks again on
 * each new fake.
 */
export function installFoundryFake(translations: Record<string, unknown> = {}, lang = "fr"): FakeFoundry {
  resetGenerationState();
  const hooks = new FakeHooks();
  const settings = new FakeSettings();
  // `game.release` (foundry.config.ReleaseData: generation, build…), set by core before any system
  // code runs: https://foundryvtt.com/api/v13/classes/foundry.config.ReleaseData.html — a v13
  // stable build (13.351, the build draw-steel 0.11.1 and dnd5e 5.3 verify against) until the
  // generation is set below (fake-generation.ts).
  const release = { ...RELEASES[13] };
  const game = { settings, i18n: new FakeI18n(lang, translations), ready: false, release } as FakeFoundry["game"];
  const CONFIG: Record<string, unknown> = {
    Dice: { rolls: [] },
    Actor: { dataModels: {} },
    Item: { dataModels: {} },
    ChatMessage: { dataModels: {} },
    statusEffects: [],
  };
  const preloaded: string[] = [];
  const foundry: FakeNamespace = {
    abstract: {},
    data: {},
    dice: {},
    documents: {},
    applications: {
      handlebars: {
        /** Records what the system preloads; tests check that every path exists. */
        loadTemplates: async (paths: string[] | Record<string, string>) => {
          preloaded.push(...(Array.isArray(paths) ? paths : Object.values(paths)));
          return [];
        },
        renderTemplate: async (path: string) => {
          throw new Error(`fake: no template renderer installed for ${path} (see test/templates/harness.ts)`);
        },
      },
      parseHTML: (html: string) => parseHtmlString(html, (game.release as { generation: number }).generation),
    },
    utils: {},
    helpers: {},
  };
  const fake: FakeFoundry = { foundry, hooks, settings, game, CONFIG, preloaded };
  Object.assign(globalThis, { Hooks: hooks, game, CONFIG, foundry });
  installDataFake(fake);
  installOperators(fake);
  installDiceFake(fake);
  installAppsFake(fake);
  installChatFake(fake);
  installRegionsFake(fake);
  installCombatFake(fake);
  installKeysFake(fake);
  installCanvasFake(fake);
  setFakeGeneration(fake, defaultGeneration());
  return fake;
}

/**
 * Fires `init`, `setup` and `ready` in order, as Foundry does when a world loads; the keybindings
 * are made once `init` is over (core refuses a registration "after the init hook": fake-keys.ts).
 */
export function fireLifecycle(fake: FakeFoundry): void {
  fake.hooks.callAll("init");
  (fake.game.keybindings as FakeKeybindings).initialize();
  fake.hooks.callAll("i18nInit");
  fake.hooks.callAll("setup");
  fake.game.ready = true;
  fake.hooks.callAll("ready");
}
