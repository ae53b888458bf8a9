/**
 * Part of the Foundry FAKE (see fake.ts) — NOT Foundry: `foundry.dice.Roll` and, from
 * fake-dice-terms.ts, the dice terms (`RollTerm`, `DiceTerm`, `Die`, `NumericTerm`,
 * `OperatorTerm`), small and honest, enough for Tactica's roll classes, after core's v13 client
 * `dice/roll.mjs` (read). Differences, on purpose: formulas are sums and differences of
 * `NdF[flavor]`, integers and `@path` data (anything else throws, loudly: no modifiers `kh`, `r`,
 * `cs`…, no parentheses or pools); faces come from {@link queueDiceFaces} first, then from a seeded
 * PRNG (`CONFIG.Dice.randomUniform`, never `Math.random`); there is no RollResolver (the fake
 * records the `allowInteractive` each evaluation received in {@link evaluations}), no Dice So Nice.
 *
 * Behaviours:
 * - `new Roll(formula, data, options)` keeps `options` as given and replaces `@path` from `data`;
 *   dice terms hold `number`, `faces`, `flavor`, `results` ({result, active}) and a total. Source:
 *   core v13 client `dice/roll.mjs`; https://foundryvtt.com/api/v13/classes/foundry.dice.Roll.html.
 *   Contract: `dice.terms`.
 * - `evaluate()` is async, rolls each term left to right, and throws when called twice; `total`
 *   is 0 before. Source: core v13 client `Roll#evaluate`, `Roll#total`. Contract: `dice.evaluate-once`.
 * - `toJSON()` / `fromData()` have core's shape; `fromData` finds the class by `data.class` in
 *   `CONFIG.Dice.rolls` and throws for an unknown one. Source: core v13 client `Roll.fromData`.
 *   Contract: `dice.from-data-class`, `chat.from-data-all`, `dice.from-data-unknown`.
 * - `render()` passes `{flavor, isPrivate, ...options}` (each other option the very object given)
 *   to `_prepareChatRenderContext`, evaluating an unevaluated roll first, and renders
 *   `CHAT_TEMPLATE`. Source: core v13 client `Roll#render`.
 *   Contract: `dice.render-context`.
 * - `toMessage(data, {rollMode | messageMode, create})`: the user's mode when none is given (v13
 *   `core.rollMode`, v14 `core.messageMode`), applied to the message built from `data` (a given
 *   whisper kept for GM and blind); `{author, content: String(total), sound}` under the given data.
 *   Source: core v13 client `Roll#toMessage`; https://foundryvtt.com/api/v14/classes/foundry.dice.Roll.html#tomessage.
 *   Contract: `modes.to-message`, `modes.given-whisper`, `chat.to-message`.
 * - `CONFIG.Dice.rolls` starts as `[Roll]`; `Roll.create` and `Roll.defaultImplementation` use
 *   `rolls[0]`; `Roll.validate(formula)`; `toAnchor()` makes an inline-roll link. Source: core v13
 *   client `dice/roll.mjs`; https://foundryvtt.com/api/v13/variables/CONFIG.Dice.html. Contract:
 *   `dice.rolls-default`, `dice.rolls-registered`, `chat.inline-roll`.
 */
import { deprecatedUse, v14OnlyUse } from "./fake-generation";
import type { FakeFoundry } from "./fake";
import {
  FakeDiceTerm,
  FakeDie,
  FakeNumericTerm,
  FakeOperatorTerm,
  FakeRollTerm,
  parseFakeFormula,
  seedDice,
  seededUniform,
  type TermData,
} from "./fake-dice-terms";

export {
  FakeDiceTerm,
  FakeDie,
  FakeNumericTerm,
  FakeOperatorTerm,
  FakeRollTerm,
  queueDiceFaces,
  queuedDiceFaces,
  seedDice,
  type FakeDieResult,
} from "./fake-dice-terms";

/** A chat message as the fake records it (the fields our code sets or Foundry computes). */
export interface FakeChatMessageData extends Record<string, unknown> {
  author: string;
  content: string;
  /** the rolls as the database stores them: JSON strings */
  rolls: string[];
  rollMode: string;
  whisper: string[];
  blind: boolean;
}

/** Messages created by `Roll#toMessage` since the fake was installed. */
export const postedMessages: FakeChatMessageData[] = [];

/** Every `evaluate` since the fake was installed: whether core would have offered manual dice. */
export const evaluations: { roll: string; formula: string; allowInteractive: boolean }[] = [];

/** The GM user ids the fake whispers to when `game.users` is not faked. */
export const FAKE_GM_IDS = ["gm-1"];

type RollJSON = {
  class: string;
  options: Record<string, unknown>;
  dice: TermData[];
  formula: string;
  terms: TermData[];
  total: number | undefined;
  evaluated: boolean;
  data?: Record<string, unknown>;
};

type RenderTemplate = (path: string, context: object) => Promise<string>;

interface FakeGame {
  user?: { id: string; isGM?: boolean };
  users?: Iterable<{ id: string; isGM?: boolean }>;
  release?: { generation: number };
  settings?: { settings: Map<string, unknown>; get(namespace: string, key: string): unknown };
}

/** Both vocabularies of roll (v13) and message (v14) modes; v14's `ic` is public for rolls. */
const MODE_OF: Record<string, "public" | "gm" | "blind" | "self"> = {
  publicroll: "public",
  gmroll: "gm",
  blindroll: "blind",
  selfroll: "self",
  public: "public",
  ic: "public",
  gm: "gm",
  blind: "blind",
  self: "self",
};

/** The user's mode setting of the running generation, when the fake registered it. */
function settingMode(game: FakeGame, v14: boolean): string | null {
  const key = v14 ? "messageMode" : "rollMode";
  if (!game.settings?.settings.has(`core.${key}`)) return null;
  const value = game.settings.get("core", key);
  return typeof value === "string" ? value : null;
}

function fakeGame(): FakeGame {
  return (globalThis as { game?: FakeGame }).game ?? {};
}

/** foundry.dice.Roll, reduced (see the module comment for what it does and does not do). */
export class FakeRoll {
  static CHAT_TEMPLATE = "templates/dice/roll.hbs";
  static TOOLTIP_TEMPLATE = "templates/dice/tooltip.hbs";

  data: Record<string, unknown>;
  options: Record<string, unknown>;
  terms: FakeRollTerm[];
  _formula: string;
  _evaluated = false;
  _total: number | undefined = undefined;
  _dice: FakeDiceTerm[] = [];

  constructor(formula = "", data: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
    if (typeof formula !== "string") throw new Error(`fake dice: formula must be a string`);
    this.data = data;
    this.options = options;
    this.terms = parseFakeFormula(formula, data);
    this._formula = this.formula;
  }

  get dice(): FakeDiceTerm[] {
    return [...this._dice, ...this.terms.filter((t): t is FakeDiceTerm => t instanceof FakeDiceTerm)];
  }

  get formula(): string {
    return this.terms.map((t) => t.formula).join(" ");
  }

  get result(): string {
    return this.terms.map((t) => String(t.total)).join(" ");
  }

  /** v13 `Roll#total` (client `dice/roll.mjs`): `Number(this._total) || 0` — 0 before evaluation. */
  get total(): number | undefined {
    return Number(this._total) || 0;
  }

  async evaluate(options: { minimize?: boolean; maximize?: boolean; allowInteractive?: boolean } = {}): Promise<this> {
    if (this._evaluated)
      throw new Error(`The ${this.constructor.name} has already been evaluated and is now immutable`);
    // v13: interactive (manual dice) fulfilment unless `allowInteractive === false`.
    evaluations.push({
      roll: this.constructor.name,
      formula: this.formula,
      allowInteractive: options.allowInteractive !== false,
    });
    this._evaluated = true;
    let total = 0;
    let sign = 1;
    for (const term of this.terms) {
      if (!term._evaluated) await term.evaluate(options);
      if (term instanceof FakeOperatorTerm) sign = term.operator === "-" ? -1 : 1;
      else total += sign * Number(term.total ?? 0);
    }
    this._total = total;
    return this;
  }

  async getTooltip(): Promise<string> {
    return this.dice.map((d) => `${d.formula}: ${d.results.map((r) => r.result).join(", ")}`).join("; ");
  }

  async _prepareChatRenderContext({
    flavor,
    isPrivate = false,
  }: { flavor?: string; isPrivate?: boolean } = {}): Promise<object> {
    return {
      formula: isPrivate ? "???" : this._formula,
      flavor: isPrivate ? null : (flavor ?? this.options.flavor ?? null),
      user: fakeGame().user?.id ?? "",
      tooltip: isPrivate ? "" : await this.getTooltip(),
      total: isPrivate ? "?" : Math.round((this.total ?? 0) * 100) / 100,
    };
  }

  async render({
    flavor,
    template = (this.constructor as typeof FakeRoll).CHAT_TEMPLATE,
    isPrivate = false,
    ...options
  }: { flavor?: string; template?: string; isPrivate?: boolean; [key: string]: unknown } = {}): Promise<string> {
    if (!this._evaluated) await this.evaluate({ allowInteractive: !isPrivate });
    const context = await this._prepareChatRenderContext({ flavor, isPrivate, ...options });
    const render = (globalThis as { foundry?: { applications?: { handlebars?: { renderTemplate?: RenderTemplate } } } })
      .foundry?.applications?.handlebars?.renderTemplate;
    if (!render)
      throw new Error("fake dice: no renderTemplate — install the template harness (test/templates/harness.ts)");
    return render(template, context);
  }

  /**
   * v13 `Roll.validate(formula)` (client `dice/roll.mjs`): the formula with every `@path` replaced
   * by 1 must parse (core then evaluates it synchronously, ignoring random terms); here, parsing
   * with the fake's grammar decides, a formula it cannot read being invalid.
   */
  static validate(formula: unknown): boolean {
    if (typeof formula !== "string") return false;
    try {
      parseFakeFormula(formula.replace(/@([a-z.0-9_-]+)/gi, "1"), {});
      return true;
    } catch {
      return false;
    }
  }

  /** v13 `Roll.defaultImplementation` (client `dice/roll.mjs`): `CONFIG.Dice.rolls[0]`. */
  static get defaultImplementation(): typeof FakeRoll {
    return (globalThis as { CONFIG?: { Dice?: { rolls?: (typeof FakeRoll)[] } } }).CONFIG?.Dice?.rolls?.[0] ?? FakeRoll;
  }

  /** v13 `Roll.create(formula, data, options)` (client `dice/roll.mjs`): a roll of `CONFIG.Dice.rolls[0]`. */
  static create(formula: string, data: Record<string, unknown> = {}, options: Record<string, unknown> = {}): FakeRoll {
    return new FakeRoll.defaultImplementation(formula, data, options);
  }

  /**
   * v13 `Roll#toAnchor({classes, dataset, label})` (client `dice/roll.mjs`) as HTML: an
   * `a.inline-roll.inline-result` carrying the roll's JSON (`data-roll`, `escape`d), its formula
   * as `data-tooltip-text`, the given dataset, a d20 icon and the total (after `label: ` when
   * one is given).
   */
  toAnchor({
    classes = [],
    dataset = {},
    label,
  }: { classes?: string[]; dataset?: Record<string, string>; label?: string } = {}): string {
    const attrs: Record<string, string> = {
      "tooltip-text": this.formula,
      roll: escape(JSON.stringify(this)),
      ...Object.fromEntries(
        Object.entries(dataset).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), v]),
      ),
    };
    const data = Object.entries(attrs)
      .map(([k, v]) => ` data-${k}="${escapeAttribute(v)}"`)
      .join("");
    const text = label ? `${label}: ${this.total}` : String(this.total);
    const names = [...new Set(["inline-roll", "inline-result", ...classes])].join(" ");
    return `<a class="${names}"${data}><i class="fa-solid fa-dice-d20" inert=""></i>${escapeAttribute(text)}</a>`;
  }

  async toMessage(
    messageData: Record<string, unknown> = {},
    {
      rollMode,
      messageMode,
      create = true,
    }: { rollMode?: string | null; messageMode?: string | null; create?: boolean } = {},
  ): Promise<FakeChatMessageData> {
    const game = fakeGame();
    // v13 `Roll#toMessage(data, { rollMode })`; v14 renames the option `messageMode`: the old name
    // still works there with a deprecation (recorded: fake-generation.ts), and v13 ignores the
    // new one (recorded too: the mode would be lost).
    // https://foundryvtt.com/api/v13/classes/foundry.dice.Roll.html#tomessage ,
    // https://foundryvtt.com/api/v14/classes/foundry.dice.Roll.html#tomessage
    const v14 = (game.release?.generation ?? 13) >= 14;
    if (v14 && rollMode !== undefined) deprecatedUse("Roll#toMessage({ rollMode }) (v14: { messageMode })");
    if (!v14 && messageMode !== undefined) v14OnlyUse("Roll#toMessage({ messageMode }) (v13: { rollMode })");
    const given = v14 ? (messageMode ?? rollMode) : rollMode;
    // Without a mode, core reads the user's setting (`core.rollMode` / `core.messageMode`).
    const key = !given || given === "roll" ? (settingMode(game, v14) ?? (v14 ? "public" : "publicroll")) : given;
    const mode = MODE_OF[key];
    if (!mode) throw new Error(`fake dice: unknown message mode ${key}`);
    if (!this._evaluated) await this.evaluate({ allowInteractive: mode !== "blind" });
    const author = game.user?.id ?? "player-1";
    const gms = game.users ? [...game.users].filter((u) => u.isGM).map((u) => u.id) : FAKE_GM_IDS;
    // `msg.applyRollMode(rollMode)` on the message built from `messageData`: GM and blind keep a
    // given whisper that names anyone (v13 `ChatMessage.applyRollMode`, fake-chat.ts).
    const named = Array.isArray(messageData.whisper) ? (messageData.whisper as string[]) : [];
    const whisper = mode === "public" ? [] : mode === "self" ? [author] : named.length ? named : gms;
    // v13 `Roll#toMessage` merges the given data over `{author, content: String(total), sound}`.
    const sound = (globalThis as { CONFIG?: { sounds?: { dice?: string } } }).CONFIG?.sounds?.dice ?? null;
    const message: FakeChatMessageData = {
      author,
      content: String(this.total),
      sound,
      ...messageData,
      rolls: [JSON.stringify(this)],
      rollMode: key,
      whisper,
      blind: mode === "blind",
    };
    if (create) postedMessages.push(message);
    return message;
  }

  toJSON(): RollJSON {
    return {
      class: this.constructor.name,
      options: this.options,
      dice: this._dice.map((d) => d.toJSON()),
      formula: this._formula,
      terms: this.terms.map((t) => t.toJSON()),
      total: this._total,
      evaluated: this._evaluated,
    };
  }

  static fromData<T extends typeof FakeRoll>(this: T, data: RollJSON): InstanceType<T> {
    if (data.class && data.class !== this.name) {
      const rolls = (globalThis as { CONFIG?: { Dice?: { rolls?: (typeof FakeRoll)[] } } }).CONFIG?.Dice?.rolls ?? [];
      const cls = rolls.find((c) => c.name === data.class);
      if (!cls) throw new Error(`Unable to recreate ${data.class} instance from provided data`);
      return cls.fromData(data) as InstanceType<T>;
    }
    const roll = new this(data.formula, data.data ?? {}, data.options) as InstanceType<T>;
    roll.terms = data.terms.map((t) => FakeRollTerm.fromData(t));
    if (data.evaluated ?? true) {
      roll._total = data.total;
      roll._dice = (data.dice ?? []).map((t) => FakeDiceTerm.fromTermData(t));
      roll._evaluated = true;
    }
    return roll;
  }

  static fromJSON<T extends typeof FakeRoll>(this: T, json: string): InstanceType<T> {
    return this.fromData(JSON.parse(json) as RollJSON);
  }
}

/** An attribute value (or text) with `&`, `<`, `>`, `"` escaped. */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Rebuilds a recorded message's rolls from their stored JSON, as ChatMessage#rolls does. */
export function rollsOf(message: FakeChatMessageData): FakeRoll[] {
  return message.rolls.map((json) => FakeRoll.fromJSON(json));
}

/**
 * Fills `foundry.dice` with the fake Roll and terms, gives `CONFIG.Dice` a seeded
 * `randomUniform`, and starts from an empty queue and message list. `CONFIG.Dice.rolls` is left
 * to the entry module (or the test), as in Foundry.
 */
export function installDiceFake(fake: FakeFoundry): void {
  seedDice(1);
  postedMessages.length = 0;
  evaluations.length = 0;
  Object.assign(fake.foundry.dice, {
    Roll: FakeRoll,
    terms: {
      RollTerm: FakeRollTerm,
      DiceTerm: FakeDiceTerm,
      Die: FakeDie,
      NumericTerm: FakeNumericTerm,
      OperatorTerm: FakeOperatorTerm,
    },
  });
  // v13 `CONFIG.Dice.rolls` starts as `[Roll]` (core's own class first: `Roll.create` and
  // `Roll.defaultImplementation` read `rolls[0]`, https://foundryvtt.com/api/v13/variables/CONFIG.Dice.html);
  // a system pushes its classes after it.
  const dice = (fake.CONFIG.Dice ??= { rolls: [] }) as Record<string, unknown>;
  dice.rolls = [FakeRoll];
  dice.randomUniform = seededUniform;
  // Foundry always has a current user; keep one the data fake may already have installed.
  fake.game.user ??= { id: "player-1", name: "Player", isGM: false };
}
