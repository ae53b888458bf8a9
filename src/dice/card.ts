/**
 * The shape of a chat card's render context, shared by every roll class and every template in
 * templates/chat/. Labels are language keys (the templates localise them); user-controlled text
 * (actor, item and power names) travels in `text`/`name`/`title` fields and is always rendered
 * escaped. Every field is always present (null when empty) so templates can be checked in
 * Handlebars' strict mode.
 */
import { pluralKey } from "../utils/plural";

/** Where chat card templates live, as Foundry loads them. */
export const CHAT_TEMPLATE_ROOT = "systems/tactica/templates/chat";

/** Shared partials the chat cards include; preload them (`loadTemplates`) before rendering. */
export const CHAT_PARTIALS = ["header", "private", "inputs", "dice", "outcome", "card-state"].map(
  (name) => `${CHAT_TEMPLATE_ROOT}/parts/${name}.hbs`,
);

/** Who the card is about, shown in its header. Plain data, so the roll needs no document. */
export interface CardSubject {
  name: string;
  img?: string | null;
}

/** A language key with an optional `{count}` for its text (plural forms are chosen in code). */
export interface LocalNote {
  key: string;
  count: number;
}

/** One line of the card's inputs: a target number, a value or a modifier. */
export interface InputRow {
  /** language key */
  label: string;
  /** user-controlled text shown after the label (an item's name), escaped by the template */
  text: string | null;
  value: number | null;
  /** shown with an explicit sign (+1 / -1) */
  signed: boolean;
  note: LocalNote | null;
  /** what the value is made of, shown after it (« = Vivacité 3 + Précision 2 »), already localised */
  detail?: string | null;
}

/** One die as a badge: its kind decides its colour, its classes mark success, bane, choice. */
export interface DieBadge {
  index: number;
  face: number;
  sides: number;
  kind: string;
  /** language key of the kind, for the badge's tooltip */
  kindLabel: string;
  classes: string;
  /** the player may pick this die (pressure roll with several dice, D-4) */
  choosable: boolean;
}

/** Dice of one kind, labelled. */
export interface DiceGroup {
  kind: string;
  label: string;
  dice: DieBadge[];
}

/** One labelled row of dice (a pool shows the first roll and, after a push, the pushed one). */
export interface DiceRow {
  label: string;
  groups: DiceGroup[];
}

/** The result banner. `success` is null for a roll with nothing to beat (an opposed attack). */
export interface Outcome {
  success: boolean | null;
  cssClass: "success" | "failure" | "neutral";
  label: string;
  value: number | null;
  signed: boolean;
  details: LocalNote[];
}

/**
 * The roller's buttons a card shows, by the `data-action` of each (`push`, `applyPressure`,
 * `chooseDie`, `rollPanic`): true for the ones the viewing user may press now. The roll never
 * decides who may press: the chat layer does (each kind's actions marked `onRollCard`,
 * src/chat/kinds/kind.ts) and passes them to `roll.render({ buttons })`. A roll only withholds a
 * button that cannot apply to it (no push once nothing can be rerolled); one it is not given is
 * off. A card's template shows a button with `{{#if buttons.<action>}}`. A target's buttons
 * (resist, defend, apply damage) belong to the card's target rows (src/chat/card-state.ts).
 */
export type CardButtons = Readonly<Record<string, boolean>>;

/** Options `Roll#render` passes on to `_prepareChatRenderContext`. */
export interface ChatRenderOptions {
  /** The buttons the viewing user may press (see {@link CardButtons}); none by default. */
  buttons?: CardButtons;
  flavor?: string;
  isPrivate?: boolean;
  /**
   * Who the card is about when the roll does not say (the card's actor: every card gets an actor
   * header, even a roll posted without a subject); the roll's own subject comes first.
   */
  subject?: CardSubject | null;
  /**
   * The card's own state (targets, panic drawn, notes…), built by the chat layer
   * (src/chat/card-state.ts) and printed by templates/chat/parts/card-state.hbs right under the
   * result, inside the same card and the same render. Opaque to the dice layer.
   */
  state?: object | null;
  /**
   * Set by the card path (src/chat/kinds/kind.ts) on its own render. A Tactica roll rendered by core
   * for a card message (which the card path renders itself) is not rendered a second time.
   */
  card?: boolean;
}

/** What every card template receives. Each roll class adds its own fields (see its template). */
export interface CardContext {
  cssClass: string;
  kind: string;
  kindLabel: string;
  isPrivate: boolean;
  subject: { name: string; img: string | null } | null;
  /** The header's icon when there is no portrait (a roll card's is its portrait: null). */
  icon: string | null;
  title: string | null;
  flavor: string | null;
  formula: string;
  total: number | string;
  user: string;
  inputs: InputRow[];
  target: { label: string; value: number } | null;
  diceRows: DiceRow[];
  outcome: Outcome | null;
  /** The card's state (see {@link ChatRenderOptions.state}); null for a bare roll or a private render. */
  state: object | null;
  /** The roller's buttons shown (see {@link CardButtons}); `{}` for a private render. */
  buttons: CardButtons;
}

/** An input row; every field present so strict templates accept it. */
export function inputRow(label: string, value: number | null, extra: Partial<InputRow> = {}): InputRow {
  return { label, value, text: null, signed: false, note: null, ...extra };
}

/** A signed modifier row (+1 / -1). */
export function modifierRow(label: string, value: number, extra: Partial<InputRow> = {}): InputRow {
  return inputRow(label, value, { signed: true, ...extra });
}

/** A note without a count. */
export function note(key: string, count = 0): LocalNote {
  return { key, count };
}

/**
 * A note whose text depends on the plural form of `count` in the current language: `base` (a key
 * with `.one` and `.other` under it, in both language files) gets the form `pluralKey` chooses
 * (src/utils/plural.ts: French counts 0 and 1 as singular, English only 1).
 */
export function pluralNote(base: string, count: number): LocalNote {
  return { key: pluralKey(base, count, currentLang()), count };
}

/** Language of the client, for number and plural formatting. */
export function currentLang(): string {
  return game.i18n?.lang ?? "en";
}

/** A number formatted for the current language (`0,5` in French, `0.5` in English). */
export function formatNumber(value: number, maximumFractionDigits = 0): string {
  return new Intl.NumberFormat(currentLang(), { maximumFractionDigits }).format(value);
}

/**
 * A number kept to one decimal, for a count a text shows and whose plural form it chooses
 * (`{{tacticaPlural … count=n}}` writes it as the language writes numbers: `0,5` in French).
 */
export function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

/** A die badge; `extra` classes say success, bane, rerolled, chosen… */
export function dieBadge(
  index: number,
  face: number,
  sides: number,
  kind: string,
  kindLabel: string,
  extra: string[] = [],
  choosable = false,
): DieBadge {
  // A plain d10 or d6 has its size as its kind: list each class once.
  const classes = [...new Set(["tactica-die", `d${sides}`, kind, ...extra, ...(choosable ? ["choosable"] : [])])].join(
    " ",
  );
  return { index, face, sides, kind, kindLabel, classes, choosable };
}

/** The outcome banner of a pass/fail roll. */
export function passFail(success: boolean, details: LocalNote[] = [], value: number | null = null): Outcome {
  return {
    success,
    cssClass: success ? "success" : "failure",
    label: success ? "TACTICA.Card.success" : "TACTICA.Card.failure",
    value,
    signed: false,
    details,
  };
}

/**
 * A modifier given by the caller: a language key (`label`) or a user-named source (`name`, e.g.
 * an effect's name), and its value.
 */
export interface ModifierEntry {
  label?: string | null;
  name?: string | null;
  value: number;
}

/** The input rows of caller-given modifiers (zero ones left out). */
export function modifierRows(modifiers: readonly ModifierEntry[] | undefined): InputRow[] {
  return (modifiers ?? [])
    .filter((m) => m.value !== 0)
    .map((m) => modifierRow(m.label ?? "TACTICA.Card.modifier", m.value, { text: m.name ?? null }));
}

/** The dice row of a single d10 roll-under test (casting, cancelling, profile tests). */
export function d10DiceRow(natural: number, classes: string[]): DiceRow {
  const label = "TACTICA.Card.die.d10";
  return {
    label: "TACTICA.Card.dice",
    groups: [{ kind: "d10", label, dice: [dieBadge(0, natural, 10, "d10", label, classes)] }],
  };
}
