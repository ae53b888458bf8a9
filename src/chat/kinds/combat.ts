/**
 * The cards the combat posts on the active GM (RULES §7): a threshold crossed, with what each
 * combatant went through, and a one-line notice (a *Focalisé* action lost…). Both are a GM's
 * announcement: one any other user posted is a forgery, and renders as damaged. No button.
 */
import { BOUNDS } from "../../data/fields";
import type { ThresholdEvent } from "../../rules/threshold";
import { isRecord } from "../../rules/records";
import { formatPlural } from "../../utils/plural";
import { eventText } from "../../combat/thresholds";
import { i18n, infoCard, postedByGM, type CardKind } from "./kind";

const THRESHOLD_EVENTS: readonly string[] = ["fieldRestored", "burn", "incendiaryDecay", "disruptiveDecay"];

/** The stored threshold card, checked (a hand-edited one renders as damaged). */
type ThresholdData = {
  mode: "tours" | "timeline";
  thresholds: number[];
  entries: { name: string; events: ThresholdEvent[] }[];
};

function thresholdData(value: unknown): ThresholdData {
  const data = isRecord(value) ? value : null;
  const ok =
    !!data &&
    (data.mode === "tours" || data.mode === "timeline") &&
    Array.isArray(data.thresholds) &&
    data.thresholds.length <= BOUNDS.cardRows &&
    data.thresholds.every((t) => Number.isInteger(t)) &&
    Array.isArray(data.entries) &&
    data.entries.length <= BOUNDS.thresholdEntries &&
    data.entries.every(
      (e) =>
        isRecord(e) &&
        typeof e.name === "string" &&
        Array.isArray(e.events) &&
        e.events.every((ev) => isRecord(ev) && THRESHOLD_EVENTS.some((type) => type === ev.type)),
    );
  if (!ok) throw new Error("an unreadable threshold card");
  // Checked above; each event by its kind only (src/combat/thresholds.ts `eventText` prints its values as the
  // GM's client stored them, and an older card's burn has no `resisted`).
  return data as ThresholdData;
}

/** RULES §7.3: the thresholds crossed, and what each combatant went through (a GM's card only). */
export const THRESHOLD = {
  render: (found) => {
    postedByGM(found);
    const data = thresholdData(found.card.threshold);
    const label = data.mode === "tours" ? "TACTICA.Chat.threshold.round" : "TACTICA.Chat.threshold.position";
    const lines = data.entries
      .filter((e) => e.events.length > 0)
      .map((e) => ({ name: e.name, events: e.events.map(eventText) }));
    return infoCard("threshold", {
      kindLabel: "TACTICA.Chat.card.threshold",
      title: i18n().format(label, { value: data.thresholds.join(", ") }),
      icon: "fa-solid fa-hourglass-end",
      result: lines.length
        ? formatPlural(i18n(), "TACTICA.Chat.threshold.changed", lines.length)
        : i18n().localize("TACTICA.Combat.Threshold.Nothing"),
      lines,
    });
  },
} satisfies CardKind;

/** A one-line notice: its language key formatted with its values (the whole line escaped; a GM's card only). */
export const NOTICE = {
  render: (found) => {
    postedByGM(found);
    const { key, data } = found.card.notice;
    if (!key.startsWith("TACTICA.") || typeof data !== "object" || data === null)
      throw new Error("an unreadable notice");
    const values = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
    return infoCard("notice", {
      kindLabel: "TACTICA.Chat.card.notice",
      icon: "fa-solid fa-circle-info",
      result: "",
      details: [i18n().format(key, values)],
    });
  },
} satisfies CardKind;
