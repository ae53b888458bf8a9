/**
 * D-45 (*Détruite*): the combatants of a unit whose rest is removed as casualties (or of a
 * character removed) are defeated — in each combat it fights in, ONE write of that combat's
 * combatants (`defeated: true`), and only of those not defeated yet, so a retry writes nothing.
 * Core reads the field: its tracker shows the combatant defeated and End Turn passes over it when
 * the combat's "skip defeated" setting is on (`Combatant#isDefeated`,
 * https://foundryvtt.com/api/v13/classes/foundry.documents.Combatant.html). A combatant's owner
 * may write `defeated` (common v13 `documents/combatant.mjs` `#canUpdate`), so a draw made
 * without a GM marks it too. Core's "dead" overlay on the token is left to the GM: the figures are
 * 0 and the tracker says defeated, and one more effect would be one more write.
 */

/** Marks every combatant of `actor` defeated (see the module comment). */
export async function defeatCombatantsOf(actor: Actor.Implementation): Promise<void> {
  for (const combat of game.combats ?? []) {
    const updates = combat.combatants.contents.flatMap((c) =>
      c.id && !c.defeated && c.actor?.uuid === actor.uuid ? [{ _id: c.id, defeated: true }] : [],
    );
    if (updates.length) await combat.updateEmbeddedDocuments("Combatant", updates);
  }
}
