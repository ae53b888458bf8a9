/**
 * The combat's chat lines (RULES §7.2): a due *Différé* action's card posted again, and the
 * "action lost" line of *Focalisé*. Rendered from templates/combat/*.hbs.
 */
import type { TimelineActionEntry } from "../rules/timeline";

/** The template of a one-line combat notice. */
export const COMBAT_NOTICE_TEMPLATE = "systems/tactica/templates/combat/notice.hbs";

async function postNotice(text: string, flags: Record<string, unknown> = {}): Promise<ChatMessage.Implementation | undefined> {
  const content = await foundry.applications.handlebars.renderTemplate(COMBAT_NOTICE_TEMPLATE, { text });
  return ChatMessage.create({ content, flags: { tactica: flags } });
}

function combatantName(combat: Combat.Implementation, id: string): string {
  return combat.combatants.get(id)?.name ?? "?";
}

/**
 * RULES §7.2: the pointer reached a *Différé* marker — the declaring card (the marker's id is its
 * chat message id) is posted again, flagged `flags.tactica.delayedResolve` so the card can offer
 * its Resolve button; a notice stands in when that message is gone. Fires `tactica.delayedDue`.
 */
export async function postDueAction(combat: Combat.Implementation, due: { id: string; ownerId: string }): Promise<void> {
  const name = combatantName(combat, due.ownerId);
  const flavor = game.i18n?.format("TACTICA.Combat.Delayed.Due", { name }) ?? name;
  const original = game.messages?.get(due.id);
  let message: ChatMessage.Implementation | undefined;
  if (original) {
    const { _id, timestamp, ...data } = original.toObject() as Record<string, unknown> & { _id?: unknown; timestamp?: unknown };
    void _id;
    void timestamp;
    const flags = { ...(data.flags as Record<string, unknown> | undefined) };
    flags.tactica = { ...(flags.tactica as Record<string, unknown> | undefined), delayedResolve: { actionId: due.id, ownerId: due.ownerId } };
    message = await ChatMessage.create({ ...data, flavor, flags } as ChatMessage.CreateData);
  } else {
    message = await postNotice(flavor, { delayedResolve: { actionId: due.id, ownerId: due.ownerId } });
  }
  Hooks.callAll("tactica.delayedDue", combat, due, message ?? null);
}

/** RULES §7.2 *Focalisé*: one chat line per lost action. */
export async function postFocusLost(combat: Combat.Implementation, ownerId: string, lost: readonly TimelineActionEntry[]): Promise<void> {
  const name = combatantName(combat, ownerId);
  for (const entry of lost) {
    const text = game.i18n?.format("TACTICA.Combat.Delayed.Lost", { name, position: String(entry.position) }) ?? name;
    await postNotice(text, { focusLost: { actionId: entry.id, ownerId } });
  }
}
