/**
 * The state part of a roll card (src/data/chat/roll-card.ts), printed right under the card's
 * result by templates/chat/parts/card-state.hbs, inside the card's own render: one verdict line
 * per target, read from the roller's side (« Touche Ork : 14 contre 9 » in the success colour, a
 * miss in the failure colour), a hit's damage as a chain (« Dégâts 7 → champ −4 → armure −1 →
 * PV −2 »), the buttons the viewing user may use on each row, the power's effect text on a
 * successful cast, the panic result drawn, AC spent, a *Différé* delay, and the card's notes.
 * Labels are language keys; names are user text, escaped by the template.
 */
import type { RollCardModel } from "../data/chat/roll-card";
import { PowerModel } from "../data/item/power";
import { CharacterModel } from "../data/actor/character";
import { PsyRoll } from "../dice/psy-roll";
import { ScoreRoll } from "../dice/score-roll";
import { PANIC_RESULTS } from "../config/config";
import { damageChain, type ChainStep, type StoredDamage } from "./damage-chain";
import { owns, cardActor, cardItem, rowActor, type CardAt, type Someone } from "./authority";
import { targetRecord } from "../data/card-keys";

/**
 * Whether the viewing user may press the button of action `name` on this card (a target's action:
 * on row `index`), as the card's kind declares its actions (src/chat/kinds/kind.ts).
 */
export type MayPress = (name: string, index?: number) => boolean;

/** How a target's result reads from the roller's side: good for them, bad for them, or not yet known. */
export type Tone = "good" | "bad" | "pending";

/** One target row of the card. */
export interface TargetRow {
  index: number;
  name: string;
  outcome: string;
  tone: Tone;
  /** Its verdict, a key formatted with `{name}`: « Touche {name} », « {name} résiste »… */
  verdict: string;
  /** An attack's two totals once the target defended: the attack's (with this row's modifier) and the defence's. */
  versus: { attack: number; defence: number } | null;
  /** A resist roll's d10, once rolled. */
  natural: number | null;
  /** A resist: what its d10 was rolled under — the characteristic's abbreviation key and value (ux m2). */
  against: { label: string; value: number } | null;
  /** the target's own dice, as "3 + 4" (empty when none were rolled) */
  dice: string;
  modifier: number;
  distance: number | null;
  /** The row has dice, a distance or a modifier to print under its verdict. */
  hasFacts: boolean;
  note: string | null;
  /** The damage of an applied hit, step by step; null before. */
  chain: ChainStep[] | null;
  canResist: boolean;
  canDefend: boolean;
  canApplyDamage: boolean;
  /** RULES §6.4 *Etourdissante*: positions moved later (0: passed), null: no test. */
  stun: number | null;
  /** The stun delay still has to be applied by the GM (no running timeline). */
  stunForGM: boolean;
}

/** The panic result drawn from the card (RULES §5), as an outcome box. */
export interface PanicBox {
  label: string;
  effect: string;
  face: number | null;
  /** The natural d10 (null on a card drawn before it was kept: the total alone is shown). */
  die: number | null;
  /** How the die reads (ux m1): the total alone, « d10 : 8 + 1 = 9 » after a failed rally, or a 10 + 1 counted 10. */
  faceKey: string;
  icon: string;
}

/** What the state template receives. */
export interface CardStateContext {
  targets: TargetRow[];
  notes: string[];
  panic: PanicBox | null;
  /**
   * RULES §4: the power's effect text (enriched rich text, marked safe) on a successful cast, when
   * the GM wrote one; null otherwise.
   */
  effect: { toHTML(): string } | null;
  /** *Différé*: the action's marker waits on the timeline (the targets' buttons wait too). */
  delayedWaiting: boolean;
  acSpent: number | null;
  delayed: number | null;
  noGM: boolean;
  hasState: boolean;
}

/** Each panic result's icon (Font Awesome Free), beside its name. */
const PANIC_ICONS: Readonly<Record<keyof typeof PANIC_RESULTS, string>> = {
  hold: "fa-solid fa-shield-halved",
  retreat: "fa-solid fa-person-running",
  terror: "fa-solid fa-ghost",
  destroyed: "fa-solid fa-skull",
};

/** The outcomes a target row of each kind of card can reach (a hand-edited one reads as its bare name). */
const VERDICTS: Readonly<Record<"attack" | "psy", readonly string[]>> = {
  attack: ["pending", "hit", "miss"],
  psy: ["pending", "resisted", "failed"],
};

/**
 * RULES §5 (ux m1): how a drawn panic die reads — after a failed rally its natural die and the +1
 * (« d10 : 8 + 1 = 9 », a 10 counted 10); otherwise, or on an older card that kept the total only,
 * the total.
 */
function panicFaceKey(afterRally: boolean, die: number | null, face: number | null): string {
  if (!afterRally || die === null || face === null) return "TACTICA.Chat.panic.face";
  return die + 1 > face ? "TACTICA.Chat.panic.faceCapped" : "TACTICA.Chat.panic.faceAfterRally";
}

function isPanicKey(key: string): key is keyof typeof PANIC_RESULTS {
  return key in PANIC_RESULTS;
}

/** The roller's reading of a target's outcome: an attack hits, a power is not resisted. */
function toneOf(kind: string, outcome: string): Tone {
  if (outcome === "pending") return "pending";
  if (kind === "attack") return outcome === "hit" ? "good" : "bad";
  return outcome === "failed" ? "good" : "bad";
}

/**
 * The state context for `user` (no rendering), whose buttons are those `may` lets them press.
 * `effect` is the power's enriched effect text, when the card shows one (see {@link cardEffectSource}).
 */
function cardStateContext(
  found: CardAt,
  user: Someone | null | undefined,
  may: MayPress,
  effect: CardStateContext["effect"],
): CardStateContext {
  const card = found.card;
  const roll = found.message.lastRoll;
  const resistable =
    card.kind === "psy" &&
    roll instanceof PsyRoll &&
    roll.options.mode === "cast" &&
    roll.isSuccess &&
    !!roll.options.resist;
  const attackTotal = roll instanceof ScoreRoll && roll.purpose === "attack" ? roll.testTotal : null;
  const resistKey = card.kind === "psy" ? resistKeyOf(found) : "";
  // RULES §7.2: a declared *Différé* action has not happened yet; its due card shows it again.
  const delayedWaiting = card.delayedState === "declared";
  const targets = card.targets.map((t, index) =>
    targetRow(found, may, t, index, { resistable, waiting: delayedWaiting, attackTotal, resistKey }),
  );
  const panic = isPanicKey(card.panic)
    ? {
        label: PANIC_RESULTS[card.panic].label,
        effect: PANIC_RESULTS[card.panic].effect,
        face: card.panicFace,
        die: card.panicDie,
        faceKey: panicFaceKey(card.kind === "rally", card.panicDie, card.panicFace),
        icon: PANIC_ICONS[card.panic],
      }
    : null;
  const anyButton = targets.some((t) => t.canResist || t.canDefend || t.canApplyDamage);
  // Said only when it matters: a button this user cannot use on their own without a GM.
  const noGM = !!user && !user.isGM && anyButton && !game.users?.activeGM && !owns(user, cardActor(found));
  const context: CardStateContext = {
    targets,
    notes: [...card.notes],
    panic,
    effect,
    acSpent: card.acSpent,
    delayed: card.delayed,
    delayedWaiting,
    noGM,
    // Stryker disable next-line BooleanLiteral: equivalent, set from the whole context just below
    hasState: false,
  };
  context.hasState =
    targets.length > 0 ||
    context.notes.length > 0 ||
    !!panic ||
    !!effect ||
    card.acSpent !== null ||
    card.delayed !== null ||
    noGM;
  return context;
}

/** The characteristic the card's stored power is resisted with (RULES §4), "" for none. */
function resistKeyOf(found: CardAt): string {
  const actor = cardActor(found);
  const power = actor ? cardItem(actor, found.card.itemUuid) : null;
  return power?.system instanceof PowerModel ? power.system.resist : "";
}

/** What a row shows of its result. */
interface RowResult {
  outcome: string;
  total: number | null;
  /** A resist's value, rolled under. */
  against: number | null;
  damageApplied: boolean;
  damage: StoredDamage | null;
  stun: number | null;
  /** The row's own dice are shown only with a result they led to. */
  dice: readonly number[];
}

/** The outcomes a card's author may claim on a row without a record: the ones against the author. */
const CONCEDED = new Set(["miss", "resisted"]);

/**
 * What row `index` shows (the card's row is its author's to rewrite; the card must not lie about
 * a target): when its target exists, the record the one writer left on that target — nothing
 * recorded reads as pending, unless the row concedes the target's side (an attack out of range is
 * a miss the attacker's client wrote). A row whose target is gone shows what the card kept.
 */
function rowResult(found: CardAt, t: RollCardModel["targets"][number], index: number): RowResult {
  const target = rowActor(found.card, index);
  const id = found.message.id;
  const stored: RowResult = {
    outcome: t.outcome,
    total: t.total,
    against: t.against,
    damageApplied: t.damageApplied,
    damage: t.damage,
    stun: t.stun,
    dice: t.dice,
  };
  if (!target || !id) return stored;
  const record = targetRecord(target, id);
  if (!record)
    // A row's damageApplied is read on a hit only (canApplyDamage): a conceded row (a miss, a resist) is none.
    // Stryker disable BooleanLiteral: equivalent, neither a conceded row nor a pending one is a hit
    return CONCEDED.has(t.outcome)
      ? { ...stored, damageApplied: false, damage: null, stun: null }
      : { outcome: "pending", total: null, against: null, damageApplied: false, damage: null, stun: null, dice: [] };
  // Stryker restore BooleanLiteral
  const applied = record.damageApplied === true;
  return {
    outcome: record.outcome,
    total: record.total,
    against: record.against ?? null,
    damageApplied: applied,
    damage: applied ? (record.damage ?? t.damage) : null,
    stun: applied ? (record.stun ?? null) : null,
    dice: t.dice,
  };
}

/** One target row with the buttons the viewing user may use on it (`may`). */
function targetRow(
  found: CardAt,
  may: MayPress,
  t: RollCardModel["targets"][number],
  index: number,
  o: { resistable: boolean; waiting: boolean; attackTotal: number | null; resistKey: string },
): TargetRow {
  const kind = found.card.kind === "attack" ? "attack" : "psy";
  const r = rowResult(found, t, index);
  const open = !o.waiting && r.outcome === "pending";
  const defended =
    kind === "attack" && o.attackTotal !== null && r.total !== null && (r.outcome === "hit" || r.outcome === "miss");
  return {
    index,
    name: t.name,
    outcome: r.outcome,
    tone: toneOf(kind, r.outcome),
    verdict: VERDICTS[kind].includes(r.outcome)
      ? `TACTICA.Chat.verdict.${kind}.${r.outcome}`
      : "TACTICA.Chat.verdict.unknown",
    versus: defended ? { attack: o.attackTotal! + t.modifier, defence: r.total! } : null,
    natural: kind === "psy" && r.outcome !== "pending" ? r.total : null,
    against:
      kind === "psy" && r.outcome !== "pending" && r.against !== null && o.resistKey
        ? { label: `TACTICA.Profile.${o.resistKey}.abbr`, value: r.against }
        : null,
    // A resist roll's one d10 is on its verdict line; an attack's defence dice are under it.
    dice: kind === "attack" ? r.dice.join(" + ") : "",
    modifier: t.modifier,
    distance: t.distance,
    hasFacts: (kind === "attack" && r.dice.length > 0) || t.distance !== null || t.modifier !== 0,
    note: t.note || null,
    chain: damageChain(r.damage),
    canResist: o.resistable && open && may("resist", index),
    // R11: only a character defends (a unit's row is a forgery: no button).
    canDefend:
      found.card.kind === "attack" &&
      open &&
      !t.note &&
      rowActor(found.card, index)?.system instanceof CharacterModel &&
      may("defend", index),
    canApplyDamage:
      found.card.kind === "attack" &&
      !o.waiting &&
      r.outcome === "hit" &&
      !r.damageApplied &&
      may("applyDamage", index),
    stun: r.stun,
    stunForGM: (r.stun ?? 0) > 0 && !t.stunMoved,
  };
}

/** RULES §4: the effect text a card prints — a successful cast's power's, when the GM wrote one. */
export function cardEffectSource(found: CardAt): { html: string; item: Item.Implementation } | null {
  const roll = found.message.lastRoll;
  if (found.card.kind !== "psy" || !(roll instanceof PsyRoll) || roll.options.mode !== "cast" || !roll.isSuccess)
    return null;
  const actor = cardActor(found);
  const power = actor ? cardItem(actor, found.card.itemUuid) : null;
  const html = String((power?.system instanceof PowerModel ? power.system.effect : undefined) ?? "").trim();
  return power && html ? { html, item: power } : null;
}

/**
 * The state of a card for `user`, its buttons those `may` lets them press, with the effect text
 * enriched by Foundry (null when there is nothing to show).
 */
export async function cardState(
  found: CardAt,
  user: Someone | null | undefined,
  may: MayPress,
): Promise<CardStateContext | null> {
  const source = cardEffectSource(found);
  let effect: CardStateContext["effect"] = null;
  if (source) {
    // Enriched as core enriches rich text (links, inline rolls); the secrets of the power stay hidden on a card.
    const text = await foundry.applications.ux.TextEditor.implementation.enrichHTML(source.html, {
      relativeTo: source.item,
      secrets: false,
    });
    effect = new Handlebars.SafeString(text);
  }
  const context = cardStateContext(found, user, may, effect);
  return context.hasState ? context : null;
}
