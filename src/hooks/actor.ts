/**
 * What the system does when an actor changes, on every client; only the active GM writes, one
 * update per effect.
 */
import { onExhaustionGained } from "../combat/register";
import { endPowersOfTheDead } from "../actions/activation";
import type { TacticaActor } from "../documents/actor";

export function actorHooks(): void {
  Hooks.on("updateActor", ((actor: TacticaActor, _changes: unknown, options: { tactica?: { exhaustionGained?: number } }) => {
    // RULES §7.2 Focalisé: the update option travels to every client, whoever gained it.
    if ((options?.tactica?.exhaustionGained ?? 0) > 0 && game.user?.isActiveGM) void onExhaustionGained(actor);
    // D-15: a psyker killed, or a choir with no figure left, ends every power it maintains.
    endPowersOfTheDead(actor);
  }) as never);
}
