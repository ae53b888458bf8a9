/**
 * D-45 (*Détruite*): the unit whose rest is removed as casualties (or the character removed) is
 * defeated as core's tracker toggle defeats it (v13 client `applications/sidebar/tabs/combat-tracker.mjs`,
 * `CombatTracker#_onToggleDefeatedStatus`: the combatant's `defeated`, then
 * `actor.toggleStatusEffect(CONFIG.specialStatusEffects.DEFEATED, {overlay: true, active})`):
 * - in each combat it fights in, ONE write of that combat's combatants (`defeated: true`), only
 *   of those not defeated yet;
 * - then the actor's DEFEATED status, as an overlay: one creation of an effect (another document
 *   than the actor), made by core's `toggleStatusEffect` with `active: true`, which writes nothing
 *   when the actor has it already (v13 client `documents/actor.mjs`).
 * So a retry writes nothing. Core reads both: `Combatant#isDefeated` is `defeated` or the actor's
 * DEFEATED status (v13 client `documents/combatant.mjs`), its tracker shows the combatant defeated
 * and End Turn passes over it when the combat's "skip defeated" setting is on
 * (https://foundryvtt.com/api/v13/classes/foundry.documents.Combatant.html); the token shows
 * core's "dead" overlay. A combatant's owner may write `defeated` (common v13
 * `documents/combatant.mjs` `#canUpdate`) and an actor's owner its effects, so a draw made
 * without a GM marks both.
 */

/** Marks every combatant of `actor` defeated, then `actor` itself (see the module comment). */
export async function defeatActor(actor: Actor.Implementation): Promise<void> {
  for (const combat of game.combats ?? []) {
    const updates = combat.combatants.contents.flatMap((c) =>
      c.id && !c.defeated && c.actor?.uuid === actor.uuid ? [{ _id: c.id, defeated: true }] : [],
    );
    if (updates.length) await combat.updateEmbeddedDocuments("Combatant", updates);
  }
  await actor.toggleStatusEffect(CONFIG.specialStatusEffects.DEFEATED, { overlay: true, active: true });
}
