/**
 * The Combat document in two clocks (RULES §7.1, D-32). Each combat has a mode, stored in
 * `flags.tactica.mode` from world setting S-combat-mode when created and switchable until it
 * starts:
 * - *tours*: Foundry's rounds and turns; initiative is 1d10 + current INI, highest first, ties to
 *   the higher INI then Foundry's order (D-37); each new round (from the second) is a threshold;
 * - timeline: the acting order is the timeline's (position, arrival); the acting combatant is
 *   always `turns[0]` (turn 0 of round 1 for core); "End action" (`nextTurn`) moves it by the
 *   action's duration. Initiative is not rolled; it mirrors the position.
 *
 * Core's lifecycle stays in charge (https://foundryvtt.com/api/v13/classes/foundry.documents.Combat.html):
 * starting goes through `super.startCombat()` (sound, `combatStart`), End action fires
 * `combatTurn` before its update as core's `nextTurn` does, and the turn order is re-sorted
 * before core's `_onUpdate` compares the acting combatant, so core itself sees the turn change
 * (turn events on the GM, `combatTurnChange` everywhere, the token turn marker, the turn sounds).
 *
 * Writes: each user action is ONE combat update (initiatives that mirror the timeline travel in it
 * as embedded combatant changes). What follows — activation hooks, thresholds, due action
 * cards, AC reset — runs on the active GM only, derived from stored state (after-update.ts).
 * The timeline never goes back, so each threshold is crossed once: ./state.ts.
 */
import { followUpOf, postFocusLost, runFollowUp } from "./after-update";
import {
  endActionStep,
  initiativeChanges,
  sameLanding,
  startTimeline,
  syncTimeline,
  type TimelineCombatant,
} from "./timeline-steps";
import { afterEarlierChanges, lastSeen, noteSeen, readMode, readTimeline, writesBehind } from "./state";
import { compareCombatants, whileSorting } from "./order";
import type { DottedChange } from "../data/card-keys";
import {
  loseFocusedActions,
  placeDelayedAction,
  setPosition,
  stunEntry,
  type DelayedActionInput,
  type TimelineEntry,
  type TimelineState,
} from "../rules/timeline";
import { defaultCombatMode, thresholdEvery, type CombatMode } from "../config/settings";
import { notifyError, notifyRulesError } from "../utils/notify";
import { closePressureWindow } from "../effects/pressure-windows";

/**
 * The GM's End action with its dialog (src/applications/combat/end-action.ts `endActionWithPrompt`,
 * the timeline tracker's path too): resolves whether the action ended.
 */
export type EndAction = (combat: TacticaCombat) => Promise<boolean>;

/** The End action with its dialog: an application's, which sits above the combat, so it is set on init. */
let endActionWithPrompt: EndAction | null = null;

/** Sets the End action with its dialog (on init, src/setup/registration.ts). */
export function setEndAction(endAction: EndAction): void {
  endActionWithPrompt = endAction;
}

/** D-37: the initiative formula of *tours* mode (also system.json `initiative`). */
export const INITIATIVE_FORMULA = "1d10 + @profile.ini.total";

/**
 * Core's `update` also takes dotted paths (expanded before the change is applied:
 * https://foundryvtt.com/api/v13/classes/foundry.abstract.Document.html#update); fvtt-types 13.345
 * types nested changes only. The timeline writes `flags.tactica.timeline` with a hit's
 * exactly-once keys (src/data/card-keys.ts) in one update that way. The merged member only
 * adds that overload to the `update` the class inherits (as TacticaActor's).
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface TacticaCombat {
  update(
    data: Combat.UpdateData | (Combat.UpdateData & DottedChange),
    operation?: Combat.Database.UpdateOperation,
  ): Promise<this | undefined>;
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
    return readMode(this, defaultCombatMode());
  }

  /** RULES §7.2: the stored timeline (timeline mode, once started), or `null`. */
  get timeline(): TimelineState | null {
    return readTimeline(this);
  }

  /** The combatants as the timeline sees them. */
  timelineCombatants(): TimelineCombatant[] {
    return this.combatants.contents.flatMap((c) => (c.id ? [{ id: c.id, initiative: c.initiative }] : []));
  }

  /**
   * Runs a timeline change once this client's earlier ones are written and followed up, on the
   * timeline stored by then — re-read, never the one seen when it was asked for — so two changes
   * asked at once never start from the same state (./state.ts). Refused (false, with a
   * message) outside a started timeline; a rules error is shown localised (false), never thrown;
   * `change` resolves false when it did not apply.
   */
  #onTimeline(change: (state: TimelineState) => Promise<boolean | void>): Promise<boolean> {
    return afterEarlierChanges(this, async () => {
      const state = this.#runningTimeline();
      try {
        return !!state && (await change(state)) !== false;
      } catch (err) {
        return !notifyRulesError(err);
      }
    });
  }

  /** The acting combatant's marker on the stored timeline now (its landing: position, arrival), if any. */
  #actingMarker(): TimelineEntry | undefined {
    const id = this.turns[0]?.id;
    return id ? this.#syncedTimeline()?.entries.find((e) => e.id === id) : undefined;
  }

  /** GM check shared by every timeline action; says why when refused. */
  #canManage(): boolean {
    if (game.user?.isGM) return true;
    notifyError("TACTICA.Combat.Errors.GMOnly");
    return false;
  }

  /** The stored timeline with the tracker's combatants, in a started timeline combat (else null). */
  #syncedTimeline(): TimelineState | null {
    const state = this.mode === "timeline" && this.started ? this.timeline : null;
    return state && syncTimeline(state, this.timelineCombatants());
  }

  /** The timeline, refusing (with a message) outside a started timeline combat. */
  #runningTimeline(): TimelineState | null {
    const state = this.#syncedTimeline();
    if (!state) notifyError("TACTICA.Combat.Errors.NoTimeline");
    return state;
  }

  /**
   * Writes a new timeline in ONE combat update, with the initiatives that mirror its positions as
   * embedded combatant changes of that same update (core re-sorts the turns when `combatants`
   * change). `endsAction`: the acting combatant's action ends, as core's `nextTurn` — the
   * `combatTurn` hook fires before the update with core's arguments
   * (https://foundryvtt.com/api/v13/functions/hookEvents.combatTurn.html); the world time does not
   * advance (positions are not seconds).
   */
  async #writeTimeline(state: TimelineState, extra: DottedChange = {}, endsAction = false): Promise<void> {
    const updateData: Combat.UpdateData & DottedChange = { "flags.tactica.timeline": state, ...extra };
    const mirrors = initiativeChanges(state, this.timelineCombatants());
    if (mirrors.length) updateData.combatants = mirrors;
    if (endsAction) {
      updateData.round = this.round;
      updateData.turn = 0;
      const updateOptions = { direction: 1, worldTime: { delta: 0 } } as const;
      // The options core's `Combat#nextTurn` passes, `{direction, worldTime: {delta}}` (as v14 documents them for
      // the sibling hook: https://foundryvtt.com/api/v14/functions/hookEvents.combatRound.html); fvtt-types 13.345
      // declares `combatTurn` with the `{advanceTime, direction}` the v13 page still lists, so the call is untyped.
      (Hooks.callAll as (hook: string, ...args: unknown[]) => boolean)("combatTurn", this, updateData, updateOptions);
      await this.update(updateData, updateOptions);
    } else await this.update(updateData);
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
    if (mode !== this.mode) await this.update({ flags: { tactica: { mode } } });
    return true;
  }

  protected override async _preCreate(...args: Parameters<Combat["_preCreate"]>): ReturnType<Combat["_preCreate"]> {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    this.updateSource({ flags: { tactica: { mode: this.mode } } });
    return allowed;
  }

  /** The sort keys are read once here, for every comparison of this sort. */
  override setupTurns(): Combatant.Implementation[] {
    return whileSorting(this, () => super.setupTurns());
  }

  /**
   * The acting order. Core calls this UNBOUND (`combatants.contents.sort(this._sortCombatants)`,
   * https://foundryvtt.com/api/v13/classes/foundry.documents.Combat.html#setupturns; dnd5e and
   * draw-steel never read `this` here either): the combat comes from the combatant, never `this`.
   * - *tours* (D-37): initiative descending, then the higher current INI, then Foundry's order;
   * - timeline, started: position, then arrival; combatants not placed yet come last;
   * - timeline, before the start: the order the timeline will start in (position, then arrival).
   */
  protected override _sortCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
    return compareCombatants(a, b) ?? super._sortCombatants(a, b);
  }

  /**
   * D-37: no initiative on a timeline — the order is the timeline's, and the core tracker's roll
   * buttons are hidden there (applications/combat/register.ts). Refused with a message.
   */
  override async rollInitiative(...args: Parameters<Combat["rollInitiative"]>): Promise<this> {
    if (this.mode === "timeline") {
      notifyError("TACTICA.Combat.Errors.NoInitiative");
      return this;
    }
    const [ids] = args;
    // Core rolls for the combatants the user owns; an INI pressure bonus lasts that one roll (RULES §2).
    const rolled = (typeof ids === "string" ? [ids] : ids).flatMap((id) => {
      const combatant = this.combatants.get(id);
      return combatant?.isOwner && combatant.actor ? [combatant.actor] : [];
    });
    await super.rollInitiative(...args);
    for (const actor of new Set(rolled)) await closePressureWindow(actor, "nextRoll", { target: "ini" });
    return this;
  }

  /** Timeline mode: the GM only; core starts the combat and the timeline comes with the same update. */
  override async startCombat(): Promise<this> {
    const timeline = this.mode === "timeline";
    if (timeline && !this.#canManage()) return this;
    await super.startCombat();
    await this.settled();
    return this;
  }

  /** *Tours* mode: core's own move `core` (its follow-up awaited), true; timeline mode: false, nothing done. */
  async #inTours(core: () => Promise<unknown>): Promise<boolean> {
    if (this.mode === "timeline") return false;
    await core();
    await this.settled();
    return true;
  }

  /**
   * Timeline mode: core's Next is the GM's End action, with its dialog — the one End-action path
   * the timeline tracker takes too; *tours*: core's next turn.
   * @throws Error when that path was never set (init did not run): never a silent duration.
   */
  override async nextTurn(): Promise<this> {
    if (await this.#inTours(() => super.nextTurn())) return this;
    if (!this.turns[0] || !this.#canManage()) return this;
    if (!endActionWithPrompt) throw new Error("Tactica: the End action is set on init (src/setup/registration.ts)");
    await endActionWithPrompt(this);
    return this;
  }

  /** The timeline never goes back (RULES §7.2): the GM drags a marker instead. */
  override async previousTurn(): Promise<this> {
    if (!(await this.#inTours(() => super.previousTurn()))) notifyError("TACTICA.Combat.Errors.NoRewind");
    return this;
  }

  override async nextRound(): Promise<this> {
    return (await this.#inTours(() => super.nextRound())) ? this : this.nextTurn();
  }

  override async previousRound(): Promise<this> {
    return (await this.#inTours(() => super.previousRound())) ? this : this.previousTurn();
  }

  /**
   * RULES §7.2: the acting combatant ends an action of `duration` positions — the turn acting when
   * this is asked for, once: a turn already ended by the time this runs (another End action asked
   * for it first) is refused. One combat write (timeline, mirrored initiatives); the rest follows
   * on the active GM. Returns false (with a message, nothing changed) when refused.
   */
  async endAction(duration: number): Promise<boolean> {
    if (!this.#canManage()) return false;
    const turn = this.#actingMarker();
    return this.#onTimeline(async (state) => {
      const acting = this.#actingMarker();
      if (!acting) return false;
      if (!sameLanding(acting, turn)) {
        notifyError("TACTICA.Combat.Errors.Stale");
        return false;
      }
      await this.#writeTimeline(endActionStep(state, acting.id, duration, thresholdEvery()).state, {}, true);
    });
  }

  /** RULES §7.2: the GM drags a marker (combatant or action) to `position`. */
  async moveMarker(entryId: string, position: number): Promise<boolean> {
    if (!this.#canManage()) return false;
    return this.#onTimeline((state) => this.#writeTimeline(setPosition(state, entryId, position)));
  }

  /**
   * RULES §6.4/§7.2 *Différé X [Focalisé]*: places the action marker and moves the owner; when the
   * owner is the acting combatant, its action ends (as End action, `combatTurn` fires).
   */
  async declareDelayed(input: DelayedActionInput): Promise<boolean> {
    if (!this.#canManage()) return false;
    return this.#onTimeline((state) =>
      this.#writeTimeline(placeDelayedAction(state, input), {}, this.turns[0]?.id === input.ownerId),
    );
  }

  /**
   * RULES §6.4/§7.2 *Etourdissante*: the target's marker moves `delay` positions later. `extra`
   * joins the same combat update (the hit's exactly-once key, src/data/card-keys.ts).
   */
  async stun(combatantId: string, delay: number, extra: DottedChange = {}): Promise<boolean> {
    if (!this.#canManage()) return false;
    return this.#onTimeline(async (state) => {
      const next = stunEntry(state, combatantId, delay);
      if (next !== state) await this.#writeTimeline(next, extra);
    });
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
    await this.update({ flags: { tactica: { timeline: next } } });
    await postFocusLost(this, combatantId, lost);
    return lost.length;
  }

  /**
   * Timeline mode: the combat starts with its timeline, in the same update as core's
   * `{round: 1, turn: 0}` (every combatant at its initiative, stacked in collection order; the
   * initiatives become the positions). Only a GM can write flags, so a player's start is refused
   * by the server as a whole. A timeline whose pointer is behind the stored one is refused (with a
   * message, nothing written): it was computed from a timeline that has moved on since.
   */
  protected override async _preUpdate(...args: Parameters<Combat["_preUpdate"]>): ReturnType<Combat["_preUpdate"]> {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    const changed = args[0];
    const stored = this.timeline;
    if (writesBehind(changed, stored)) {
      notifyError("TACTICA.Combat.Errors.Stale");
      return false;
    }
    const starts = typeof changed.round === "number" && changed.round > 0 && !this.started;
    if (starts && this.mode === "timeline" && !stored) {
      const state = startTimeline(this.timelineCombatants());
      const flags = (changed.flags ??= {});
      flags.tactica = { ...flags.tactica, timeline: state };
      const mirrors = initiativeChanges(state, this.timelineCombatants());
      if (mirrors.length && !("combatants" in changed)) changed.combatants = mirrors;
    }
    return allowed;
  }

  /**
   * Core recomputes the acting combatant from the EXISTING turn order (its `_onUpdate`), so a
   * timeline change is sorted in first — keeping core's recorded state, which core then compares.
   * Then, on the active GM only, what follows is derived from stored state (after-update.ts).
   */
  protected override _onUpdate(...args: Parameters<Combat["_onUpdate"]>): void {
    const [changed, options, userId] = args;
    // (With `combatants` in the change, core sets the turns up itself before comparing.)
    if ("flags" in changed && !("combatants" in changed)) {
      const recorded = this.current;
      this.setupTurns();
      this.current = recorded;
    }
    super._onUpdate(...args);
    const before = lastSeen(this);
    noteSeen(this);
    if (!game.user?.isActiveGM) return;
    const followUp = followUpOf(this, { changed, options, userId, before, every: thresholdEvery() });
    // Queued so two quick updates are followed up in order, never interleaved.
    if (followUp) void this.queue(() => runFollowUp(this, followUp));
  }

  /** This client's first sight of the stored state, for the first update's comparison. */
  override prepareBaseData(): void {
    super.prepareBaseData();
    noteSeen(this, true);
  }
}
