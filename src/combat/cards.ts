/**
 * The combat's chat lines (RULES §7.2), posted by the active GM as cards of the one card path
 * (src/data/chat/roll-card.ts): a due *Différé* action (kind `delayedDue`, which shows its declaring
 * card again and lets its targets act), and the "action lost" notice of *Focalisé* (kind `notice`).
 * Names are user text: the cards render them escaped, never as raw flavor.
 */
import type { TimelineActionEntry } from "../rules/timeline";
import { postInfoCard } from "../actions/common";

/** The language key of a lost *Focalisé* action's notice (read back by src/chat/delayed-actions.ts). */
export const FOCUS_LOST_KEY = "TACTICA.Combat.Delayed.Lost";

function combatantName(combat: Combat.Implementation, id: string): string {
  return combat.combatants.get(id)?.name ?? "?";
}

/**
 * RULES §7.2: the pointer reached a *Différé* marker — the action resolves: a `delayedDue` card
 * names the declaring card (the marker's id is its chat message id), which is marked resolved so
 * its targets' buttons come back. Fires `tactica.delayedDue`.
 */
export async function postDueAction(
  combat: Combat.Implementation,
  due: { id: string; ownerId: string },
): Promise<void> {
  const name = combatantName(combat, due.ownerId);
  const line = game.i18n?.format("TACTICA.Combat.Delayed.Due", { name }) ?? name;
  // Every world message is of the registered class (`CONFIG.ChatMessage.documentClass`, set on init);
  // fvtt-types 13.345 types the world collection's members as the base ChatMessage.
  const stored = game.messages?.get(due.id);
  const original = stored instanceof CONFIG.ChatMessage.documentClass ? stored : undefined;
  const message = await postInfoCard(
    { kind: "delayedDue", sourceMessage: due.id, label: name, actorUuid: original?.card?.actorUuid ?? "" },
    { summary: [line] },
  );
  if (original?.card?.delayedState === "declared") await original.update({ system: { delayedState: "resolved" } });
  Hooks.callAll("tactica.delayedDue", combat, due, message ?? null);
}

/** RULES §7.2 *Focalisé*: one notice per lost action, naming the card of that action. */
export async function postFocusLost(
  combat: Combat.Implementation,
  ownerId: string,
  lost: readonly TimelineActionEntry[],
): Promise<void> {
  const name = combatantName(combat, ownerId);
  for (const entry of lost) {
    const data = { name, position: String(entry.position) };
    const text = game.i18n?.format(FOCUS_LOST_KEY, data) ?? name;
    await postInfoCard(
      { kind: "notice", sourceMessage: entry.id, notice: { key: FOCUS_LOST_KEY, data } },
      { summary: [text] },
    );
  }
}
