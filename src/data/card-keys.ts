/**
 * Exactly-once keys (docs/rules-decisions.md "Trust model"): what a card did to a document is
 * recorded ON THAT DOCUMENT, under `flags.tactica.cards.<messageId>`, in the SAME update as the
 * effect itself. A repeated or retried action reads the key, skips the effect and only repairs the
 * card (display). The key is out of reach of the card's author unless they own the document — and
 * an owner could edit their own document anyway (the trust floor).
 *
 * On an actor: `pushes` (pushes applied, RULES §3), `pressure` (its bonus applied, §2), `panic`
 * (the draw, §5), and, when it is a card's TARGET, `target` = { outcome, total, damageApplied,
 * stun, damage } (its hit or miss as the one writer recorded it, §6.1–§6.2) — ONE record per
 * target per card, whichever row names it: a card that names one target twice, or reorders its
 * rows, finds the same record (records written before were kept per row, `t<i>`, and are read as
 * that target's). On a combat: `stunned.<combatantId>` (§6.4). On a place's behaviour: `shifted`
 * (*Tectonique*, §6.4). Keys of deleted messages are pruned whenever a key is written, so they
 * never pile up.
 */
import { deletionUpdate } from "../compat/deletion";
import { isRecord } from "../rules/records";

/** The key path of a card's record. */
const ROOT = "flags.tactica.cards";

/**
 * An update by dotted paths under `system.` or `flags.` (core expands them before it applies the
 * change): the form in which a card's keys join the update of the effect they record.
 */
export type DottedChange = { readonly [path: `${"system" | "flags"}.${string}`]: unknown };

/** The update of card records: dotted paths under {@link ROOT} (merged into another update). */
export type RecordChange = Record<`${typeof ROOT}.${string}`, unknown>;

/** RULES §6.2: what one hit did (damage absorbed, reduced, and PV lost), for the card. */
export interface DamageBreakdown {
  /** D, the damage of the hit (null in breakdowns written before it was recorded). */
  dealt: number | null;
  field: number;
  armour: number;
  resistant: number;
  pv: number;
}

/** The key of a target's record in a card's record (src/chat/kinds/attack.ts and psy.ts write it). */
export const TARGET_KEY = "target";

/** What a card left on one of its target actors. */
export interface TargetRecord {
  outcome: "hit" | "miss" | "resisted" | "failed";
  total: number | null;
  damageApplied?: boolean;
  /** RULES §6.4: positions the stun test moved the target (0: passed), when the hit stuns. */
  stun?: number | null;
  damage?: DamageBreakdown | null;
  /** Where the record lives in the card's record: {@link TARGET_KEY}, or a row key `t<i>` written before it. */
  key: string;
}

/** A document as far as its flags go. */
export interface Flagged {
  flags: unknown;
}

/** Every card record of `doc` (an empty object when there is none). */
function records(doc: Flagged): Record<string, unknown> {
  const tactica = isRecord(doc.flags) ? doc.flags.tactica : undefined;
  const cards = isRecord(tactica) ? tactica.cards : undefined;
  return isRecord(cards) ? cards : {};
}

/** The record of card `messageId` on `doc` (empty when there is none). */
export function cardRecord(doc: Flagged, messageId: string): Record<string, unknown> {
  const record = records(doc)[messageId];
  return isRecord(record) ? record : {};
}

/** A stored breakdown, or null; one written before `dealt` was recorded reads with `dealt: null`. */
function breakdown(value: unknown): DamageBreakdown | null {
  if (!isRecord(value)) return null;
  const { field, armour, resistant, pv, dealt } = value;
  if (
    typeof field !== "number" ||
    typeof armour !== "number" ||
    typeof resistant !== "number" ||
    typeof pv !== "number"
  )
    return null;
  return { dealt: typeof dealt === "number" ? dealt : null, field, armour, resistant, pv };
}

const OUTCOMES: readonly TargetRecord["outcome"][] = ["hit", "miss", "resisted", "failed"];

/** Is `value` one of the outcomes a target record holds? */
function isOutcome(value: unknown): value is TargetRecord["outcome"] {
  return OUTCOMES.some((outcome) => outcome === value);
}

/** A stored target record under `key`, or null when it is not one. */
function readTarget(value: unknown, key: string): TargetRecord | null {
  if (!isRecord(value) || !isOutcome(value.outcome)) return null;
  return {
    outcome: value.outcome,
    total: typeof value.total === "number" ? value.total : null,
    damageApplied: value.damageApplied === true,
    stun: typeof value.stun === "number" ? value.stun : null,
    damage: breakdown(value.damage),
    key,
  };
}

/**
 * The record of card `messageId` on its target `doc`, or null: {@link TARGET_KEY}, else a record a
 * row wrote before there was one per target (`t<i>`) — a card names a target once, so any row's
 * record on that target is the target's.
 */
export function targetRecord(doc: Flagged, messageId: string): TargetRecord | null {
  const record = cardRecord(doc, messageId);
  const current = readTarget(record[TARGET_KEY], TARGET_KEY);
  if (current) return current;
  for (const [key, value] of Object.entries(record)) {
    const legacy = /^t\d+$/.test(key) ? readTarget(value, key) : null;
    if (legacy) return legacy;
  }
  return null;
}

/**
 * The update data that writes `patch` into the record of card `messageId` on `doc` (dotted keys,
 * to merge into the same update as the effect), with the records of deleted messages removed.
 */
export function recordChange(doc: Flagged, messageId: string, patch: Record<string, unknown>): RecordChange {
  const change: RecordChange = {};
  for (const [key, value] of Object.entries(patch)) change[`${ROOT}.${messageId}.${key}`] = value;
  for (const id of Object.keys(records(doc))) {
    // The deletion in the running generation's form (v14: `_del`, src/compat/deletion.ts).
    if (id !== messageId && !game.messages?.get(id)) Object.assign(change, deletionUpdate(ROOT, id));
  }
  return change;
}
