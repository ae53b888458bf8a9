/**
 * The Combat document in two clocks (RULES §7.1, D-32). Each combat has a mode, stored in
 * `flags.tactica.mode` from world setting S-combat-mode when created and switchable until it
 * starts:
 * - *tours*: Foundry's rounds and turns; each new round (from the second) is a threshold;
 * - timeline: initiative is the position; the acting combatant is always `turns[0]` (sorted by
 *   position, then arrival); "End action" (`nextTurn`) moves it by the action's duration.
 *
 * Writes: each user action is ONE combat update (plus one batched combatant update when
 * initiatives must follow the timeline). What follows a turn change — activation hooks,
 * thresholds, due action cards, AC reset — runs in `_onUpdate` on the active GM only, from the
 * context the initiating client put in the update options.
 */
import { dueEffects, runAfterTurnChange } from "./after-update";
import { endActionStep, initiativeChanges, startTimeline, syncTimeline, type TimelineCombatant } from "./timeline-steps";
import { readLastThreshold, readMode, readTimeline, type CombatUpdateContext } from "./state";
import {
  compareTimelineEntries,
  loseFocusedActions,
  placeDelayedAction,
  setPosition,
  stunEntry,
  type DelayedActionInput,
  type TimelineState,
} from "../rules/timeline";
import type { CombatMode } from "../settings";
import { notifyError, notifyRulesError } from "../utils/notify";
import { postFocusLost } from "./cards";

/** Asks the GM for an action's duration (set by the applications layer; default: as proposed). */
export type DurationPrompt = (combat: TacticaCombat, combatant: Combatant.Implementation) => Promise<number | null>;
let durationPrompt: DurationPrompt | null = null;

/** Installs the "End action" dialog (src/applications/combat/end-action.ts). */
export function setDurationPrompt(prompt: DurationPrompt): void {
  durationPrompt = prompt;
}

/** S-threshold, the spacing of timeline thresholds. */
function thresholdEvery(): number {
  const every = Number(game.settings?.get("tactica", "thresholdEvery"));
  return Number.isInteger(every) && every >= 1 ? every : 10;
}

export class TacticaCombat extends Combat {
  /** What the last update set off on this client (active GM), so the acting GM can wait for it. */
  #afterUpdate: Promise<void> = Promise.resolve();

  /** Resolves once the follow-up of the last update (hooks, thresholds, cards) has run here. */
  settled(): Promise<void> {
    return this.#afterUpdate;
  }

  /** Runs `task` after the pending follow-ups of this combat (in order, errors logged). */
  queue(task: () => Promise<unknown>): Promise<void> {
    this.#afterUpdate = this.#afterUpdate.then(task).then(
      () => undefined,
      (err: unknown) => console.error("Tactica | combat follow-up failed", err),
    );
    return this.#afterUpdate;
  }

  /** RULES §7.1: this combat's mode. */
  get mode(): CombatMode {
    return readMode(this, game.settings?.get("tactica", "combatMode") ?? "tours");
  }

  /** RULES §7.2: the stored timeline (timeline mode, once started), or `null`. */
  get timeline(): TimelineState | null {
    return readTimeline(this);
  }

  /** The combatants as the timeline sees them. */
  timelineCombatants(): TimelineCombatant[] {
    return this.combatants.contents.flatMap((c) => (c.id ? [{ id: c.id, initiative: c.initiative }] : []));
  }

  /** GM check shared by every timeline action; says why when refused. */
  #canManage(): boolean {
    if (game.user?.isGM) return true;
    notifyError("TACTICA.Combat.Errors.GMOnly");
    return false;
  }

  /** The timeline, refusing (with a message) outside a started timeline combat. */
  #runningTimeline(): TimelineState | null {
    const state = this.mode === "timeline" && this.started ? this.timeline : null;
    if (!state) notifyError("TACTICA.Combat.Errors.NoTimeline");
    return state && syncTimeline(state, this.timelineCombatants());
  }

  /** Writes a new timeline (one combat update) and the initiatives that mirror it (one batch). */
  async #writeTimeline(state: TimelineState, extra: Record<string, unknown> = {}, context?: CombatUpdateContext): Promise<void> {
    // Custom operation keys travel with the update to every client's `_onUpdate` (v13).
    const options = (context ? { tactica: context } : {}) as Combat.Database.UpdateOperation;
    await this.update({ "flags.tactica.timeline": state, ...extra } as Combat.UpdateData, options);
    const changes = initiativeChanges(state, this.timelineCombatants());
    if (changes.length) await this.updateEmbeddedDocuments("Combatant", changes);
    await this.settled();
  }

  /** RULES §7.1: switches the mode; refused once the combat has started. One write. */
  async setMode(mode: CombatMode): Promise<boolean> {
    if (!this.#canManage()) return false;
    if (mode !== "tours" && mode !== "timeline") return false;
    if (this.started) {
      notifyError("TACTICA.Combat.Errors.ModeLocked");
      return false;
    }
    if (mode !== this.mode) await this.update({ "flags.tactica.mode": mode } as Combat.UpdateData);
    return true;
  }

  protected override async _preCreate(...args: Parameters<Combat["_preCreate"]>): ReturnType<Combat["_preCreate"]> {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    this.updateSource({ "flags.tactica.mode": this.mode } as Combat.UpdateData);
    return allowed;
  }

  /** Timeline mode: acting order (position, arrival); combatants not placed yet come last. */
  protected override _sortCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
    const state = this.mode === "timeline" ? this.timeline : null;
    if (!state) return super._sortCombatants(a, b);
    const ea = state.entries.find((e) => e.id === a.id);
    const eb = state.entries.find((e) => e.id === b.id);
    if (ea && eb) return compareTimelineEntries(ea, eb);
    if (ea || eb) return ea ? -1 : 1;
    return (a.initiative ?? 0) - (b.initiative ?? 0);
  }

  override async startCombat(): Promise<this> {
    if (this.mode !== "timeline") {
      await super.startCombat();
      await this.settled();
      return this;
    }
    if (!this.#canManage()) return this;
    const state = startTimeline(this.timelineCombatants());
    const every = thresholdEvery();
    const context: CombatUpdateContext = { endedId: null };
    const extra = { round: 1, turn: 0, "flags.tactica.lastThreshold": Math.floor(state.pointer / every) * every };
    await this.#writeTimeline(state, extra, context);
    return this;
  }

  /** Timeline mode: "End action" with a duration the GM confirms; *tours*: Foundry's next turn. */
  override async nextTurn(): Promise<this> {
    if (this.mode !== "timeline") {
      await super.nextTurn();
      await this.settled();
      return this;
    }
    const combatant = this.combatant;
    if (!combatant || !this.#canManage()) return this;
    const duration = durationPrompt ? await durationPrompt(this, combatant) : 1;
    if (duration === null) return this;
    await this.endAction(duration);
    return this;
  }

  /** The timeline never goes back (RULES §7.2): the GM drags a marker instead. */
  override async previousTurn(): Promise<this> {
    if (this.mode !== "timeline") {
      await super.previousTurn();
      await this.settled();
      return this;
    }
    notifyError("TACTICA.Combat.Errors.NoRewind");
    return this;
  }

  override async nextRound(): Promise<this> {
    if (this.mode !== "timeline") {
      await super.nextRound();
      await this.settled();
      return this;
    }
    return this.nextTurn();
  }

  override async previousRound(): Promise<this> {
    if (this.mode !== "timeline") {
      await super.previousRound();
      await this.settled();
      return this;
    }
    return this.previousTurn();
  }

  /**
   * RULES §7.2: the acting combatant ends an action of `duration` positions. One combat write
   * (timeline, last threshold) and one batch of initiatives; the rest follows on the active GM.
   * Returns false (with a message, nothing changed) when refused.
   */
  async endAction(duration: number): Promise<boolean> {
    if (!this.#canManage()) return false;
    const state = this.#runningTimeline();
    const actorId = this.combatant?.id;
    if (!state || !actorId) return false;
    try {
      const step = endActionStep(state, actorId, duration, thresholdEvery());
      const last = Math.max(readLastThreshold(this), ...step.thresholds);
      const context: CombatUpdateContext = { endedId: actorId, thresholds: step.thresholds, due: dueEffects(step.due) };
      await this.#writeTimeline(step.state, { turn: 0, "flags.tactica.lastThreshold": last }, context);
      return true;
    } catch (err) {
      return !notifyRulesError(err);
    }
  }

  /** RULES §7.2: the GM drags a marker (combatant or action) to `position`. */
  async moveMarker(entryId: string, position: number): Promise<boolean> {
    if (!this.#canManage()) return false;
    const state = this.#runningTimeline();
    if (!state) return false;
    try {
      await this.#writeTimeline(setPosition(state, entryId, position));
      return true;
    } catch (err) {
      return !notifyRulesError(err);
    }
  }

  /** RULES §6.4/§7.2 *Différé X [Focalisé]*: places the action marker and moves the owner. */
  async declareDelayed(input: DelayedActionInput): Promise<boolean> {
    if (!this.#canManage()) return false;
    const state = this.#runningTimeline();
    if (!state) return false;
    try {
      const before = this.combatant?.id ?? null;
      const next = placeDelayedAction(state, input);
      await this.#writeTimeline(next, { turn: 0 }, { endedId: before === input.ownerId ? before : null });
      return true;
    } catch (err) {
      return !notifyRulesError(err);
    }
  }

  /** RULES §6.4/§7.2 *Etourdissante*: the target's marker moves `delay` positions later. */
  async stun(combatantId: string, delay: number): Promise<boolean> {
    if (!this.#canManage()) return false;
    const state = this.#runningTimeline();
    if (!state) return false;
    try {
      const next = stunEntry(state, combatantId, delay);
      if (next !== state) await this.#writeTimeline(next);
      return true;
    } catch (err) {
      return !notifyRulesError(err);
    }
  }

  /**
   * RULES §7.2 *Focalisé*: the owner gained *Épuisement*; its focused action markers are lost,
   * each said in chat. Quiet (no message) outside a timeline or without such markers.
   */
  async loseFocused(combatantId: string): Promise<number> {
    const state = this.mode === "timeline" && this.started ? this.timeline : null;
    if (!state || !game.user?.isGM || !state.entries.some((e) => e.id === combatantId)) return 0;
    const { state: next, lost } = loseFocusedActions(state, combatantId);
    if (lost.length === 0) return 0;
    await this.update({ "flags.tactica.timeline": next } as Combat.UpdateData);
    await postFocusLost(this, combatantId, lost);
    return lost.length;
  }

  /** *Tours* mode: remember whose activation a turn change ends, for the active GM. */
  protected override async _preUpdate(...args: Parameters<Combat["_preUpdate"]>): ReturnType<Combat["_preUpdate"]> {
    const [changed, options] = args;
    const turnChange = "turn" in changed || "round" in changed;
    if (this.mode === "tours" && turnChange && !("tactica" in options)) {
      const context: CombatUpdateContext = { endedId: this.started ? (this.combatant?.id ?? null) : null };
      Object.assign(options, { tactica: context });
    }
    return super._preUpdate(...args);
  }

  protected override _onUpdate(...args: Parameters<Combat["_onUpdate"]>): void {
    super._onUpdate(...args);
    const [changed, options] = args;
    if ("flags" in changed) this.setupTurns();
    if (!game.user?.isActiveGM) return;
    // Queued so two quick updates are followed up in order, never interleaved.
    void this.queue(() => runAfterTurnChange(this, changed, options));
  }
}
