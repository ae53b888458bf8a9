/**
 * The common base of Tactica's roll classes (DESIGN §4 "Rolls"): state lives in `this.options`
 * (plain JSON, so `Roll.fromData` rebuilds a saved message's roll), outcomes are getters computed
 * by src/rules, and the chat card is rendered from `static CHAT_TEMPLATE` with the context built
 * by `_prepareChatRenderContext`.
 */
import {
  type CardButtons,
  type CardContext,
  type CardSubject,
  type ChatRenderOptions,
  type DiceRow,
  type InputRow,
  type Outcome,
} from "./card";

/**
 * Options every Tactica roll understands: core's roll options (`RollOptions`,
 * https://foundryvtt.com/api/classes/foundry.dice.Roll.html#constructor) and Tactica's, plain JSON
 * kept in `roll.options` so that `Roll.fromData` restores them.
 */
export interface BaseRollOptions extends foundry.dice.Roll.Options {
  flavor?: string;
  /** who rolls (header name and portrait) */
  subject?: CardSubject | null;
  /** what the roll is made with, as the user named it (an item, a power) */
  title?: string | null;
}

/** What a roll class adds to the shared card context. */
export interface CardBody {
  inputs: InputRow[];
  target: { label: string; value: number } | null;
  diceRows: DiceRow[];
  outcome: Outcome | null;
  /** The given buttons this roll withholds: they cannot apply to it now (no push once nothing can be rerolled). */
  withheld?: readonly string[];
  /** roll-specific fields for the card's own template */
  extra: Record<string, unknown>;
}

export abstract class TacticaRoll<O extends BaseRollOptions> extends foundry.dice.Roll {
  declare options: foundry.dice.Roll.Options & O;
  /** The roll's own class (this one or a subclass): where `KIND` is read. */
  declare ["constructor"]: typeof TacticaRoll;

  constructor(formula: string, data: Record<string, never>, options: O) {
    // fvtt-types types Roll options as core's keys only; ours are plain JSON on top of them.
    super(formula, data, options);
  }

  /** Card kind: CSS class suffix and the default language key of the header. */
  static readonly KIND: string = "roll";

  /**
   * Checks a new roll's options before any die is rolled (the pipeline calls it); throws
   * RulesRangeError naming a bad value. Not in the constructor: `Roll.fromData` rebuilds a saved
   * message's roll through the constructor, which must not fail because a later release checks
   * more than the one that posted it.
   */
  static assertOptions(_options: BaseRollOptions): void {}

  /** True once the dice have been rolled (or restored from a saved message). */
  get isEvaluated(): boolean {
    return this._evaluated;
  }

  /** Throws when an outcome is asked of a roll whose dice have not been rolled yet. */
  protected assertEvaluated(): void {
    if (!this._evaluated) throw new Error(`${this.constructor.name}: roll the dice (evaluate) before reading results`);
  }

  /** Active faces of this roll's dice, optionally only those whose term flavor is `flavor`. */
  protected activeFaces(flavor?: string): number[] {
    return this.dice
      .filter((die) => flavor === undefined || die.flavor === flavor)
      .flatMap((die) => die.results.filter((r) => r.active !== false).map((r) => r.result));
  }

  /** Language key of the card header; subclasses refine it (cast or cancel, morale or fear…). */
  protected get kindLabel(): string {
    return `TACTICA.Roll.${this.constructor.KIND}`;
  }

  /**
   * Renders the chat card. Core passes every option on to `_prepareChatRenderContext` (contract
   * `dice.render-context`); this signature adds the card's `buttons`, `state`, `subject` and
   * `card`, which fvtt-types does not know. While core renders a
   * card message around this roll ({@link whileCardRenders}), its own render of the roll is
   * skipped: the card path renders the card itself, once (`card: true`).
   */
  override async render(options: ChatRenderOptions & { template?: string } = {}): Promise<string> {
    if (!options.card && renderedByCard.has(this)) return "";
    return super.render(options);
  }

  /** The roll-specific part of the card, given its buttons; called only for an evaluated, visible roll. */
  protected abstract cardBody(buttons: CardButtons): CardBody;

  /**
   * Core calls this from `Roll#render` with `{ flavor, isPrivate, ...options }` (the options are
   * {@link ChatRenderOptions}: the card's buttons, state, subject and `card`). A private render (a blind roll seen by a
   * player) shows the header only: no dice, no target, no result.
   */
  async _prepareChatRenderContext(options: ChatRenderOptions = {}): Promise<CardContext> {
    const { flavor, isPrivate = false, ...given } = options;
    const kind = this.constructor.KIND;
    const subject = this.options.subject ?? given.subject;
    const context: CardContext = {
      cssClass: `tactica-card tactica-card--${kind}`,
      kind,
      kindLabel: this.kindLabel,
      isPrivate,
      subject: subject ? { name: subject.name, img: subject.img ?? null } : null,
      icon: null,
      title: this.options.title ?? null,
      flavor: isPrivate ? null : (flavor ?? this.options.flavor ?? null),
      formula: isPrivate ? "???" : this.formula,
      total: isPrivate ? "?" : (this.total ?? 0),
      user: game.user?.id ?? "",
      inputs: [],
      target: null,
      diceRows: [],
      outcome: null,
      state: null,
      buttons: {},
    };
    if (isPrivate) return context;
    // Only `true` is on: anything else a caller passes is off.
    const requested: CardButtons = Object.fromEntries(
      Object.entries(given.buttons ?? {}).filter(([, on]) => on === true),
    );
    const body = this.cardBody(requested);
    const withheld = new Set(body.withheld);
    const state = body.outcome ? ` ${body.outcome.cssClass}` : "";
    const full: CardContext = {
      ...context,
      ...body.extra,
      cssClass: `${context.cssClass}${state}`,
      inputs: body.inputs,
      target: body.target,
      diceRows: body.diceRows,
      outcome: body.outcome,
      state: given.state ?? null,
      buttons: Object.fromEntries(Object.entries(requested).filter(([name]) => !withheld.has(name))),
    };
    return full;
  }
}

/** The rolls of card messages core is rendering now, each with how many such renders are running. */
const renderedByCard = new WeakMap<object, number>();

/**
 * Runs `render` (core's `ChatMessage#renderHTML` of a card message) with the Tactica rolls among
 * `rolls` marked as the card's: core renders the rolls of a message whose content it may not show
 * (v13 `#renderRollContent`: `roll.render({isPrivate: true})` for each roll of a hidden message,
 * `roll.render({isPrivate: false, message})` when the content has no element), and the card path
 * replaces that content with the card it renders once. Marked rolls render nothing for core.
 */
export async function whileCardRenders<T>(rolls: readonly unknown[], render: () => Promise<T>): Promise<T> {
  const own = rolls.filter((r): r is object => r instanceof TacticaRoll);
  for (const roll of own) renderedByCard.set(roll, (renderedByCard.get(roll) ?? 0) + 1);
  try {
    return await render();
  } finally {
    for (const roll of own) {
      const left = (renderedByCard.get(roll) ?? 1) - 1;
      if (left > 0) renderedByCard.set(roll, left);
      else renderedByCard.delete(roll);
    }
  }
}
