/**
 * The Combatant document (RULES §7): in timeline mode its initiative IS its position (kept in
 * step with the combat's timeline by TacticaCombat), so the core "roll initiative" only seeds the
 * starting position.
 */
import type { TimelineEntry } from "../rules/timeline";

/** What this client last saw of each combatant's initiative (a WeakMap, as the combat's snapshot). */
const seenInitiative = new WeakMap<object, number | null>();

export class TacticaCombatant extends Combatant {
  /** This client's first sight of the stored initiative, for the first update's comparison. */
  override prepareBaseData(): void {
    super.prepareBaseData();
    if (!seenInitiative.has(this)) seenInitiative.set(this, this.initiative ?? null);
  }

  /**
   * Core's server lets a player change their own combatant's `initiative` at any time (BaseCombatant
   * update permission: `initiative`, `flags`, `defeated`), and core sorts the turns again keeping
   * the turn INDEX: mid-round another combatant would act, and theirs a second time. So in a started combat the active
   * GM puts back an initiative a player
   * changed once it had one; a first roll (from none) stands. The GM's own changes — and, on a
   * timeline, the positions it mirrors — are never touched.
   */
  protected override _onUpdate(...args: Parameters<Combatant["_onUpdate"]>): void {
    super._onUpdate(...args);
    const [changed, , userId] = args;
    const before = seenInitiative.get(this) ?? null;
    seenInitiative.set(this, this.initiative ?? null);
    if (!("initiative" in changed) || !game.user?.isActiveGM) return;
    const combat = this.parent;
    const byPlayer = game.users?.get(userId)?.isGM === false;
    if (!combat?.started || !byPlayer || before === null || before === (this.initiative ?? null)) return;
    console.warn(
      `Tactica | a player's change of ${this.name}'s initiative during combat ${combat.id ?? "?"} was undone`,
    );
    void combat.queue(() => this.update({ initiative: before }));
  }

  /** RULES §7.2: this combatant's marker on its combat's timeline, or `null` (tours mode). */
  get timelineEntry(): TimelineEntry | null {
    const combat = this.parent;
    return combat?.timeline?.entries.find((entry) => entry.id === this.id) ?? null;
  }

  /** RULES §7.2: the action markers this combatant declared and that wait on the timeline. */
  get pendingActions(): TimelineEntry[] {
    const combat = this.parent;
    return combat?.timeline?.entries.filter((entry) => entry.kind === "action" && entry.ownerId === this.id) ?? [];
  }
}
