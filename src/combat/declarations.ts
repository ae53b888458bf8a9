/**
 * The combat's declarations for the type checker: its document classes, and the hooks it fires
 * (the shared contract). The hooks fire on the active GM's client only, after the combat update
 * that caused them: listeners may write.
 */
import type { ThresholdSummary } from "./thresholds";
import type { TacticaCombat } from "./combat";
import type { TacticaCombatant } from "./combatant";

declare global {
  interface DocumentClassConfig {
    Combat: typeof TacticaCombat;
    Combatant: typeof TacticaCombatant;
  }
}

declare module "fvtt-types/configuration" {
  // fvtt-types declares hook signatures in its `Hooks` namespace; augmenting it takes one.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Hooks {
    interface HookConfig {
      /** RULES §7.1: an activation starts (*tours*: a turn; timeline: the next action). */
      "tactica.activationStart": (combat: Combat.Implementation, combatant: Combatant.Implementation) => void;
      /** RULES §7.1: an activation ends (pressure windows close, unmaintained powers end). */
      "tactica.activationEnd": (combat: Combat.Implementation, combatant: Combatant.Implementation) => void;
      /** RULES §7.3: a threshold was processed (also "end of turn" for pressure windows). */
      "tactica.threshold": (combat: Combat.Implementation, summary: ThresholdSummary) => void;
      /** RULES §7.2: a *Différé* marker came due; its card was posted again (`message`). */
      "tactica.delayedDue": (
        combat: Combat.Implementation,
        due: { id: string; ownerId: string },
        message: ChatMessage.Implementation | null,
      ) => void;
    }
  }
}

export {};
