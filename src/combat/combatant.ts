/**
 * The Combatant document (RULES §7): in timeline mode its initiative IS its position (kept in
 * step with the combat's timeline by TacticaCombat), so the core "roll initiative" only seeds the
 * starting position.
 */
import type { TimelineEntry } from "../rules/timeline";
import type { TacticaCombat } from "./combat";

export class TacticaCombatant extends Combatant {
  /** RULES §7.2: this combatant's marker on its combat's timeline, or `null` (tours mode). */
  get timelineEntry(): TimelineEntry | null {
    const combat = this.parent as TacticaCombat | null;
    return combat?.timeline?.entries.find((entry) => entry.id === this.id) ?? null;
  }

  /** RULES §7.2: the action markers this combatant declared and that wait on the timeline. */
  get pendingActions(): TimelineEntry[] {
    const combat = this.parent as TacticaCombat | null;
    return combat?.timeline?.entries.filter((entry) => entry.kind === "action" && entry.ownerId === this.id) ?? [];
  }
}
