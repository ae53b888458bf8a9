/**
 * The "End action" dialog of timeline mode (RULES §7.1–§7.2), installed with
 * `setDurationPrompt`: it proposes the action's duration from the acting combatant's last chat
 * card — `flags.tactica.timelineCost`, a {@link TimelineCost} that roll cards may carry — and the
 * GM confirms or edits it (an integer 0–99). Closing the dialog changes nothing; bad input is
 * refused with a localised message and changes nothing either.
 *
 * "Last card": the most recent chat message spoken by the combatant's actor or token. Only that
 * one is read: an older card is an older action, and proposing its cost would mislead.
 */
import { timelineDuration, type TimelineCost } from "../../rules/timeline";
import { notifyError } from "../../utils/notify";
import type { TacticaCombat } from "../../combat/combat";
import { besideOptions } from "../../compat/detached";

/** `DialogV2.prompt` options that render it in `opener`'s detached window (v14), or none. */
function renderBeside(opener: unknown): { renderOptions?: object } {
  const options = besideOptions(opener);
  return options.window ? { renderOptions: options } : {};
}

/** The dialog's template. */
export const END_ACTION_TEMPLATE = "systems/tactica/templates/combat/end-action.hbs";

/** The longest action the dialog accepts (the refusal message names it). */
export const DURATION_MAX = 99;

/** The duration proposed when no card says otherwise: one position, as one AC. */
export const DEFAULT_DURATION = 1;

/** A chat message as the proposal reads it. */
export interface CardLike {
  readonly speaker?: { readonly actor?: string | null; readonly token?: string | null } | null;
  readonly flags?: unknown;
}

/** The combatant the proposal is for. */
export interface ActingLike {
  readonly name: string;
  readonly actorId: string | null;
  readonly tokenId: string | null;
}

/** The dialog's context (templates/combat/end-action.hbs). */
export interface EndActionContext {
  name: string;
  duration: number;
  max: number;
  fromCard: boolean;
  /** The card's cost, as a lang key and its data (empty without a card). */
  costKey: string;
  costData: { ac: number; cost: number };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const COST_KINDS = new Set(["ac", "power", "cancel", "maintain", "rally"]);

/** The card's `flags.tactica.timelineCost` when it is a cost the rules can price, else `null`. */
export function readTimelineCost(flags: unknown): TimelineCost | null {
  const scope = isRecord(flags) ? flags.tactica : undefined;
  const cost = isRecord(scope) ? scope.timelineCost : undefined;
  if (!isRecord(cost) || typeof cost.kind !== "string" || !COST_KINDS.has(cost.kind)) return null;
  try {
    timelineDuration(cost as unknown as TimelineCost);
    return cost as unknown as TimelineCost;
  } catch {
    return null;
  }
}

/** The acting combatant's last card (messages oldest first, as `game.messages`), or `null`. */
export function lastCard(messages: readonly CardLike[], acting: ActingLike): CardLike | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const speaker = messages[i]?.speaker;
    if (!speaker) continue;
    const byToken = acting.tokenId !== null && speaker.token === acting.tokenId;
    const byActor = acting.actorId !== null && speaker.actor === acting.actorId;
    if (byToken || byActor) return messages[i] ?? null;
  }
  return null;
}

/** The cost's description for the dialog: a lang key under TACTICA.Combat.EndAction.Cost and its data. */
function describeCost(cost: TimelineCost): { key: string; data: { ac: number; cost: number } } {
  const prefix = "TACTICA.Combat.EndAction.Cost.";
  switch (cost.kind) {
    case "ac":
      return { key: `${prefix}ac`, data: { ac: cost.ac, cost: 0 } };
    case "power":
      return { key: `${prefix}${cost.concentration ? "powerConcentration" : "power"}`, data: { ac: 0, cost: cost.useCost } };
    case "cancel":
      return { key: `${prefix}${cost.concentration ? "cancelConcentration" : "cancel"}`, data: { ac: 0, cost: 0 } };
    case "maintain":
      return { key: `${prefix}maintain`, data: { ac: 0, cost: cost.maintenanceCost } };
    case "rally":
      return { key: `${prefix}rally`, data: { ac: cost.ac, cost: 0 } };
  }
}

/** RULES §7.1: the dialog's context — the duration proposed from the last card, if it has a cost. */
export function endActionContext(messages: readonly CardLike[], acting: ActingLike): EndActionContext {
  const cost = readTimelineCost(lastCard(messages, acting)?.flags);
  const described = cost ? describeCost(cost) : null;
  return {
    name: acting.name,
    duration: cost ? Math.min(DURATION_MAX, timelineDuration(cost)) : DEFAULT_DURATION,
    max: DURATION_MAX,
    fromCard: cost !== null,
    costKey: described?.key ?? "",
    costData: described?.data ?? { ac: 0, cost: 0 },
  };
}

/** The duration typed by the GM: an integer 0–{@link DURATION_MAX} (digits only), else `null`. */
export function readDuration(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,3}$/.test(text)) return null;
  const duration = Number(text);
  return duration <= DURATION_MAX ? duration : null;
}

/** What the dialog's OK button hands back: the form's duration field. */
function formDuration(button: HTMLButtonElement): unknown {
  const field = button.form?.elements.namedItem("duration");
  return field && "value" in field ? field.value : undefined;
}

/** The acting combatant as the proposal reads it. */
function actingOf(combatant: Combatant.Implementation): ActingLike {
  return { name: combatant.name ?? "", actorId: combatant.actorId ?? null, tokenId: combatant.tokenId ?? null };
}

/**
 * The duration prompt `setDurationPrompt` installs: shows the dialog for the acting combatant and
 * resolves the confirmed duration, or `null` (closed, or refused with a message). On v14 the
 * dialog opens in `opener`'s window when that window is popped out (the timeline tracker's End
 * action), so it never appears behind it in the main window.
 */
export async function promptDuration(_combat: TacticaCombat, combatant: Combatant.Implementation, opener?: unknown): Promise<number | null> {
  const messages = (game.messages?.contents ?? []) as unknown as CardLike[];
  const context = endActionContext(messages, actingOf(combatant));
  const content = await foundry.applications.handlebars.renderTemplate(END_ACTION_TEMPLATE, { ...context });
  const i18n = game.i18n;
  const raw: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title: i18n?.format("TACTICA.Combat.EndAction.Title", { name: context.name }) ?? context.name },
    classes: ["tactica", "tactica-dialog", "tactica-end-action"],
    content,
    rejectClose: false,
    ...renderBeside(opener),
    ok: {
      label: i18n?.localize("TACTICA.Combat.EndAction.Confirm") ?? "OK",
      icon: "fa-solid fa-forward-step",
      callback: (_event: Event, button: HTMLButtonElement) => ({ value: formDuration(button) }),
    },
  } as never);
  if (!isRecord(raw)) return null;
  const duration = readDuration(raw.value);
  if (duration === null) notifyError("TACTICA.Combat.Errors.BadDuration");
  return duration;
}
