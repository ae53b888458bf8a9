/**
 * What the system does when an actor changes, on every client; only the active GM writes, one
 * update per effect.
 */
import { onExhaustionGained } from "../combat/register";
import { endPowersOfTheDead } from "../actions/activation";

export function actorHooks(): void {
  Hooks.on("updateActor", (actor, _changes, options) => {
    // RULES §7.2 Focalisé: the update option travels to every client, whoever gained it.
    if (exhaustionGainedBy(options) > 0 && game.user?.isActiveGM) void onExhaustionGained(actor);
    // D-15: a psyker killed, or a choir with no figure left, ends every power it maintains.
    endPowersOfTheDead(actor);
  });
}

/** The `tactica.exhaustionGained` option of an actor update (TacticaActor#gainExhaustion), 0 without one. */
function exhaustionGainedBy(options: object): number {
  const tactica: unknown = "tactica" in options ? options.tactica : undefined;
  const gained: unknown =
    typeof tactica === "object" && tactica !== null && "exhaustionGained" in tactica
      ? tactica.exhaustionGained
      : undefined;
  return typeof gained === "number" ? gained : 0;
}
