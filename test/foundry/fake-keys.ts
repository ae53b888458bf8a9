/**
 * Part of the Foundry FAKE (see fake.ts): core's keybindings and keyboard, and the list of modules.
 *
 * Behaviours:
 * - `game.keybindings` (v13 `ClientKeybindings`, the same on v14:
 *   https://foundryvtt.com/api/v13/classes/foundry.helpers.interaction.ClientKeybindings.html and
 *   Foundry's v13 client code `client/helpers/interaction/client-keybindings.mjs`):
 *   `register(namespace, action, data)` throws "You cannot register a Keybinding after the init
 *   hook" once the bindings exist; `initialize()` makes them — for each action, its `uneditable`
 *   bindings then the user's saved ones (the client setting `core.keybindings`, an object of
 *   action id → bindings) or else its `editable` defaults — and the map of keys to the actions
 *   they trigger; `get(namespace, action)` returns an action's bindings and throws for an action
 *   nobody registered; `set(namespace, action, bindings)` saves the user's bindings in that
 *   setting (refused for a `restricted` action when the user is not a GM), whose `onChange`
 *   initialises the bindings again. A binding's `modifiers` are among "Control", "Shift", "Alt".
 *   Source: the page and file above. Contract: `integrations.keybindings`.
 * - `game.keyboard` (v13 `KeyboardManager`,
 *   https://foundryvtt.com/api/v13/classes/foundry.helpers.interaction.KeyboardManager.html and
 *   `client/helpers/interaction/keyboard-manager.mjs`): `downKeys`, the codes held now; a key
 *   press ({@link FakeKeyboard.press}, what core's `_processKeyboardContext` does on a keydown)
 *   adds its code to `downKeys`, then runs the `onDown` of every action bound to that code whose
 *   required modifiers are held and no other modifier (unless reserved by the action), skipping a
 *   `restricted` action for a user who is not a GM, in precedence then registration order, until
 *   one returns true (the key is consumed). Not modelled: the focus test (a focused input
 *   swallows key presses), repeats, key-up handlers, logical (universal) key mode. Source: the
 *   page and file above. Contract: none — manual check "L opens the timeline window; End on the
 *   GM's client ends".
 * - `game.modules` (https://foundryvtt.com/api/v13/classes/foundry.Game.html#modules: "A mapping of
 *   installed modules", a Map of id → module, whose `active` says whether the world enabled it):
 *   empty until a test installs a module. Source: that page. Contract: none — manual check
 *   "Without Token Action HUD Core and Dice So Nice: the world loads with no console error".
 */
import type { FakeFoundry } from "./fake";
import { currentWorld } from "./fake-world";

/** One binding: a `KeyboardEvent#code` and the modifiers held with it. */
export interface FakeBinding {
  key: string;
  modifiers?: string[];
}

/** An action's registration, as passed to `register`. */
export interface FakeKeybindingConfig {
  name: string;
  hint?: string;
  editable?: FakeBinding[];
  uneditable?: FakeBinding[];
  onDown?: (context: FakeKeyContext) => boolean | void;
  restricted?: boolean;
  reservedModifiers?: string[];
  precedence?: number;
  namespace?: string;
  order?: number;
}

/** What an `onDown` handler receives (core's KeyboardEventContext, as far as modelled). */
export interface FakeKeyContext {
  key: string;
  isShift: boolean;
  isControl: boolean;
  isAlt: boolean;
  modifiers: string[];
  up: false;
  action?: string;
}

const MODIFIERS = ["Control", "Shift", "Alt"] as const;

/** Core's `#validateModifiers`: the CONSTANT names (SHIFT…) are accepted for the names. */
function validModifiers(list: readonly string[] = []): string[] {
  return list.map((m) => {
    const name = MODIFIERS.find((n) => n.toUpperCase() === m) ?? m;
    if (!(MODIFIERS as readonly string[]).includes(name)) throw new Error(`illegal modifier ${m}`);
    return name;
  });
}

function validBindings(list: FakeBinding[] = []): FakeBinding[] {
  if (!Array.isArray(list)) throw new Error("Keybindings must be an array");
  return list.map((b) => {
    if (!b.key) throw new Error("Each KeybindingActionBinding must contain a valid key designation");
    return { key: b.key, modifiers: validModifiers(b.modifiers) };
  });
}

/** `game.keybindings` (see the module comment). */
export class FakeKeybindings {
  readonly actions = new Map<string, FakeKeybindingConfig>();
  bindings: Map<string, FakeBinding[]> | undefined = undefined;
  activeKeys = new Map<string, { action: string; config: FakeKeybindingConfig; binding: FakeBinding }[]>();
  private registered = 0;

  constructor(private readonly fake: FakeFoundry) {}

  register(namespace: string, action: string, data: FakeKeybindingConfig): void {
    if (this.bindings) throw new Error("You cannot register a Keybinding after the init hook");
    if (!namespace || !action) throw new Error("You must specify both the namespace and action portion");
    data.namespace = namespace;
    data.precedence ??= 0;
    data.order = this.registered++;
    data.uneditable = validBindings(data.uneditable);
    data.editable = validBindings(data.editable);
    data.reservedModifiers = validModifiers(data.reservedModifiers);
    this.actions.set(`${namespace}.${action}`, data);
  }

  initialize(): void {
    const saved = this.fake.settings.get("core", "keybindings") as Record<string, FakeBinding[]>;
    this.bindings = new Map();
    this.activeKeys = new Map();
    for (const [action, config] of this.actions) {
      const bindings = [...(config.uneditable ?? []), ...(saved[action] ?? config.editable ?? [])];
      this.bindings.set(action, bindings);
      for (const binding of bindings) {
        const list = this.activeKeys.get(binding.key) ?? [];
        list.push({ action, config, binding });
        list.sort(
          (a, b) => (a.config.precedence ?? 0) - (b.config.precedence ?? 0) || a.config.order! - b.config.order!,
        );
        this.activeKeys.set(binding.key, list);
      }
    }
  }

  get(namespace: string, action: string): FakeBinding[] {
    if (!this.actions.has(`${namespace}.${action}`)) throw new Error("This is not a registered keybind action");
    return this.bindings?.get(`${namespace}.${action}`) ?? [];
  }

  async set(namespace: string, action: string, bindings: FakeBinding[]): Promise<void> {
    const id = `${namespace}.${action}`;
    const config = this.actions.get(id);
    if (!config) throw new Error("This is not a registered keybind");
    if (config.restricted && !currentWorld().user?.isGM) throw new Error("Only a GM can edit this keybind");
    const mapping = { ...(this.fake.settings.get("core", "keybindings") as Record<string, FakeBinding[]>) };
    mapping[id] = validBindings(bindings);
    await this.fake.settings.set("core", "keybindings", mapping);
  }
}

/** `game.keyboard` (see the module comment). */
export class FakeKeyboard {
  downKeys = new Set<string>();

  constructor(private readonly keybindings: FakeKeybindings) {}

  /**
   * A keydown of `code` with the given modifiers held: tracked in `downKeys` (until
   * {@link release}), then the bound actions run as core runs them; true when one consumed it.
   */
  press(code: string, held: { shift?: boolean; ctrl?: boolean; alt?: boolean } = {}): boolean {
    this.downKeys.add(code);
    const context: FakeKeyContext = {
      key: code,
      isShift: held.shift === true,
      isControl: held.ctrl === true,
      isAlt: held.alt === true,
      modifiers: [],
      up: false,
    };
    if (context.isShift) context.modifiers.push("Shift");
    if (context.isControl) context.modifiers.push("Control");
    if (context.isAlt) context.modifiers.push("Alt");
    const isGM = currentWorld().user?.isGM === true;
    for (const { action, config, binding } of this.keybindings.activeKeys.get(code) ?? []) {
      if (config.restricted && !isGM) continue;
      const required = binding.modifiers ?? [];
      const reserved = config.reservedModifiers ?? [];
      const matches = MODIFIERS.every((m) => {
        const down = context.modifiers.includes(m);
        return required.includes(m) ? down : !down || reserved.includes(m);
      });
      if (!matches || !config.onDown) continue;
      context.action = action;
      if (config.onDown(context) === true) return true;
    }
    return false;
  }

  /** The key is let go. */
  release(code: string): void {
    this.downKeys.delete(code);
  }
}

/** Installs `game.keybindings`, `game.keyboard`, `game.modules` and core's `core.keybindings` setting. */
export function installKeysFake(fake: FakeFoundry): void {
  const keybindings = new FakeKeybindings(fake);
  fake.settings.register("core", "keybindings", {
    scope: "client",
    config: false,
    type: Object,
    default: {},
    onChange: () => keybindings.initialize(),
  });
  Object.assign(fake.game, { keybindings, keyboard: new FakeKeyboard(keybindings), modules: new Map() });
}
