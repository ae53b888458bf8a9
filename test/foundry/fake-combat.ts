/**
 * Part of the Foundry FAKE (see fake.ts): combats — Combat and Combatant (see the block comment
 * above FakeCombatant for what they model and where it comes from). `game.combats.viewed` is the
 * last created combat and `game.combat` reads it, as core's does. Scenes, regions and tokens are
 * in fake-regions.ts. As in v13, `_preUpdate` options travel to `_onUpdate` on every client (here:
 * the one client; `FakeCombat#receiveUpdate` delivers another client's update).
 * Not covered: Combat sockets, the core tracker.
 *
 * Behaviours:
 * - `setupTurns` sorts `combatants.contents` with `_sortCombatants` passed UNBOUND (initiative
 *   descending, non-numeric last, then id), wraps a turn past the end to the next round in memory,
 *   sets `current` and, once, `previous`; `prepareDerivedData` sets the turns up when there are
 *   none. Source: core v13 client `documents/combat.mjs` `Combat#setupTurns`, `_sortCombatants`,
 *   `prepareDerivedData`. Contract: `combat.sort-unbound`, `combat.sort-tours`, `combat.sort-timeline`.
 * - `startCombat`, `nextRound`, `previousRound`, `nextTurn`, `previousTurn`: the start sound,
 *   `combatStart` / `combatRound` / `combatTurn` with the update data and options before the
 *   update. Source: core v13 client `documents/combat.mjs`;
 *   https://foundryvtt.com/api/v13/functions/hookEvents.combatTurn.html. Contract: `combat.turn-hooks`.
 * - `_onUpdate` recomputes `current` from the EXISTING turns unless `combatants` changed, records
 *   `previous`, then turn events (the active GM runs end turn → end round → start round → start
 *   turn, skipped turns flagged; unless `turnEvents: false`), `combatTurnChange` on every client,
 *   the turn markers and the turn sounds; a combatant change goes through `#onModifyCombatants`
 *   (`combatTurn` applied). Source: core v13 client `documents/combat.mjs` (`_onUpdate`,
 *   `#onModifyCombatants`, `_manageTurnEvents`). Contract: `combat.turn-hooks`.
 * - `rollInitiative(ids, {formula, updateTurn, messageOptions})`: the owned combatants rolled,
 *   ONE combatant update (`turnEvents: false`), ONE creation of a roll message each (flag
 *   `core.initiativeRoll`, private when hidden, the sound on the first id); `rollAll` rolls the
 *   owned combatants without an initiative. Source: core v13 client `Combat#rollInitiative`,
 *   `rollAll`. Contract: `combat.initiative-messages`, `combat.roll-all`.
 * - `Combatant#getInitiativeRoll(formula)`: `Roll.create(formula || _getInitiativeFormula(),
 *   actor.getRollData())`; `_getInitiativeFormula` is `String(CONFIG.Combat.initiative.formula ||
 *   game.system.initiative)`. Source: https://foundryvtt.com/api/v13/classes/foundry.documents.Combatant.html.
 *   Contract: none — manual check "the core tracker's d20 buttons and *Roll All* roll 1d10 + INI".
 * - Who may update: a player a Combat's `round`, `turn` and `combatants` only, each combatant
 *   change as that combatant allows; a combatant's owner its `initiative`, `flags`, `defeated` and
 *   `system`. Source: common v13 `documents/combat.mjs` and `documents/combatant.mjs`
 *   (`#canUpdate`). Contract: `combat.player-rights`.
 * - Combatant members: `actor`, `token`, `isDefeated` (the `defeated` field, or the actor's
 *   status of `CONFIG.specialStatusEffects.DEFEATED`), `hasPlayerOwner`, ownership following the
 *   actor. Source: https://foundryvtt.com/api/v13/classes/foundry.documents.Combatant.html;
 *   client v13 `documents/combatant.mjs` `isDefeated`; common v13 `combatant.mjs`
 *   `getUserLevel`. Contract: none — manual check "marking a combatant
 *   defeated in the tracker applies".
 * - `foundry.utils.debounce(callback, delay)`: every call restarts a `delay` ms timer; `callback`
 *   runs once it runs out, with the last arguments. Source:
 *   https://foundryvtt.com/api/v13/functions/foundry.utils.debounce.html. Contract: `utils.debounce`.
 * - The options of an update reach `_onUpdate` on every client as the sender wrote them, with the
 *   sender's id. Source: https://foundryvtt.com/api/functions/hookEvents.updateDocument.html.
 *   Contract: none — manual check "the GM's client puts the turn back".
 */
import { syncEmbedded } from "./fake-document-types";
import { FakeDocument } from "./fake-documents";
import { FakeCollection, currentWorld, type FakeUser } from "./fake-world";
import { FakeViewedCollection, type FakeScene } from "./fake-regions";
import { deepClone, diffObject, escapeHTML, expandObject, isEmpty, mergeObject, type Obj } from "./fake-utils";
import { isFakeV14 } from "./fake-generation";
import type { FakeFoundry } from "./fake";
import manifest from "../../system.json";

// Scenes, regions and tokens moved to fake-regions.ts; re-exported for the tests importing them here.
export { FakeRegion, FakeScene, FakeToken, FakeViewedCollection } from "./fake-regions";

const classOf = (name: string) => currentWorld().config[name]!.documentClass as typeof FakeDocument;

/*
 * Combat and Combatant, modelled on Foundry v13's client documents. Sources, for every behaviour
 * below (each has a self-test in test/foundry/combat-fake.test.ts):
 * - [CORE] Foundry's own v13 code, read: client `documents/combat.mjs` (the turn workflow,
 *   `rollInitiative`) and common `documents/combat.mjs`, `documents/combatant.mjs` (the update
 *   permissions, `BaseCombat.#canUpdate` / `BaseCombatant.#canUpdate`);
 * - [API] https://foundryvtt.com/api/v13/classes/foundry.documents.Combat.html and
 *   https://foundryvtt.com/api/v13/classes/foundry.documents.Combatant.html (members, signatures);
 * - [HOOKS] https://foundryvtt.com/api/v13/functions/hookEvents.combatStart.html, …combatRound.html,
 *   …combatTurn.html ("called on the initiating client before the update") and
 *   …combatTurnChange.html ("fires on all clients after the database update");
 * - [DND5E] dnd5e release-5.3.3 `module/documents/combat.mjs` (`_sortCombatants(a, b)` reads only
 *   a, b and super; `_onUpdate` calls super first; `_onStartTurn`/`_onEndTurn` run on the GM);
 * - [DS] draw-steel 0.11.1 `src/module/documents/combat.mjs` (`_sortCombatants` never reads
 *   `this`; a custom end of turn calls `Hooks.callAll("combatTurn", …)` and then `update`) and
 *   `src/module/applications/sidebar/tabs/combat-tracker.mjs:210` (`sort(combat._sortCombatants)`).
 *   A system's own `_canChangeRound`, as draw-steel's, is not the server's: the fake keeps core's.
 * Differences, on purpose: no tracker UI (`ui.combat`), no canvas (turn markers and sounds are
 * recorded, not drawn or played), no Region turn events or movement history, no `skipDefeated`
 * setting, `worldTime.delta` is always 0 (core computes it from CONFIG.time).
 */

/** Core's `Number.isNumeric`: a finite number (or numeric string, which combatants never hold). */
const isNumeric = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** What the initiative roll gives `Combat#rollInitiative` (a Roll: fake-dice.ts). */
interface InitiativeRoll {
  total: number;
  evaluate(): Promise<unknown>;
  toMessage(data: Obj, options: Obj): Promise<Obj>;
}

/** [CORE] `Combat#rollInitiative`: the data of one combatant's initiative message (see there). */
function initiativeMessageData(combatant: FakeCombatant, messageOptions: Obj): Obj {
  const world = currentWorld();
  const Message = world.config.ChatMessage!.documentClass as unknown as {
    getSpeaker(o: Obj): Obj;
  };
  const i18n = (globalThis as unknown as { game: { i18n: { format(k: string, d: Obj): string } } }).game.i18n;
  return mergeObject(
    {
      speaker: Message.getSpeaker({ actor: combatant.actor, token: combatant.token, alias: combatant.name }),
      flavor: i18n.format("COMBAT.RollsInitiative", { name: escapeHTML(combatant.name) }),
      flags: { "core.initiativeRoll": true },
    },
    messageOptions,
  );
}

/**
 * [CORE] `Combat#rollInitiative`: the mode option of one combatant's message — v13 `rollMode`:
 * `messageOptions.rollMode` when given, else a hidden combatant's private (GM) roll, else the
 * user's `core.rollMode`; v14 `messageMode: messageOptions.messageMode ?? (hidden ? "gm" :
 * undefined)` (the v14 copies in third-party `rollInitiative` overrides, which cite core's
 * `client/documents/combat.mjs` of 14.365).
 */
function initiativeMode(combatant: FakeCombatant, messageOptions: Obj): Obj {
  if (isFakeV14()) return { messageMode: messageOptions.messageMode ?? (combatant.hidden ? "gm" : undefined) };
  const settings = (globalThis as unknown as { game: { settings: { get(n: string, k: string): unknown } } }).game
    .settings;
  if ("rollMode" in messageOptions) return { rollMode: messageOptions.rollMode };
  return { rollMode: combatant.hidden ? "gmroll" : settings.get("core", "rollMode") };
}

/** [API] `CombatHistoryData`: what `current` and `previous` record. */
export interface CombatState {
  round: number;
  turn: number | null;
  combatantId: string | null;
  tokenId: string | null;
}

export class FakeCombatant extends FakeDocument {
  static override documentName = "Combatant";
  declare actorId: string | null;
  declare tokenId: string | null;
  declare sceneId: string | null;
  declare initiative: number | null;
  declare defeated: boolean;
  declare hidden: boolean;

  override _initialize(): void {
    super._initialize();
    const s = this._source;
    this.actorId = (s.actorId as string | undefined) ?? null;
    this.tokenId = (s.tokenId as string | undefined) ?? null;
    this.sceneId = (s.sceneId as string | undefined) ?? null;
    this.initiative = typeof s.initiative === "number" ? s.initiative : null;
    this.defeated = s.defeated === true;
    this.hidden = s.hidden === true;
    if (!this.name) this.name = (this.actor as { name?: string } | undefined)?.name ?? "";
  }

  get combat(): FakeCombat | null {
    return this.parent as FakeCombat | null;
  }

  get actor(): FakeDocument | undefined {
    return currentWorld().collections.Actor?.get(this.actorId);
  }

  get token(): FakeDocument | undefined {
    return (currentWorld().collections.Scene?.get(this.sceneId) as FakeScene | undefined)?.tokens.get(this.tokenId);
  }

  /** [CORE] Combatant#isDefeated: `defeated`, or the actor's DEFEATED status (client v13 `documents/combatant.mjs`). */
  get isDefeated(): boolean {
    const defeated = (currentWorld().config.specialStatusEffects as { DEFEATED?: string } | undefined)?.DEFEATED;
    const statuses = (this.actor as { statuses?: ReadonlySet<string> } | undefined)?.statuses;
    return this.defeated || (defeated !== undefined && statuses?.has(defeated) === true);
  }

  /** [API] Combatant#hasPlayerOwner: a non-GM user owns it. */
  get hasPlayerOwner(): boolean {
    return currentWorld().users.some((user) => !user.isGM && this.testUserPermission(user, "OWNER"));
  }

  /**
   * [CORE] common v13 `documents/combatant.mjs` `BaseCombatant.#canUpdate`, as the server applies
   * it: a GM may change anything; an OWNER of the combatant (ownership follows its actor:
   * `getUserLevel`) only `_id`, `initiative`, `flags`, `defeated` and `system`.
   */
  override canUserModify(user: FakeUser, action: "create" | "update" | "delete", data: Obj = {}): boolean {
    if (action !== "update" || user.isGM) return super.canUserModify(user, action, data);
    if (!this.testUserPermission(user, "OWNER")) return false;
    return Object.keys(data).every((key) => ["_id", "initiative", "flags", "defeated", "system"].includes(key));
  }

  /** Ownership follows the actor, as in Foundry. */
  override testUserPermission(
    user: Parameters<FakeDocument["testUserPermission"]>[0],
    level: Parameters<FakeDocument["testUserPermission"]>[1],
  ): boolean {
    return this.actor?.testUserPermission(user, level) ?? user.isGM;
  }

  /**
   * [API] Combatant#_getInitiativeFormula: `String(CONFIG.Combat.initiative.formula ||
   * game.system.initiative)` — the literal "undefined" when neither is set ([CORE]).
   */
  _getInitiativeFormula(): string {
    const config = (currentWorld().config.Combat as { initiative?: { formula?: string | null } }).initiative;
    const system = (globalThis as unknown as { game: { system?: { initiative?: string } } }).game.system;
    return String(config?.formula || system?.initiative);
  }

  /**
   * [API] Combatant#getInitiativeRoll(formula): `Roll.create(formula || _getInitiativeFormula(),
   * actor.getRollData())` — a roll of `CONFIG.Dice.rolls[0]`, core's Roll (fake-dice.ts).
   */
  getInitiativeRoll(formula?: string | null): InitiativeRoll {
    const Roll = (
      globalThis as unknown as { foundry: { dice: { Roll: { create(f: string, d: object): InitiativeRoll } } } }
    ).foundry.dice.Roll;
    const actor = this.actor as { getRollData?(): object } | undefined;
    return Roll.create(formula || this._getInitiativeFormula(), actor?.getRollData?.() ?? {});
  }

  /** [CORE]: a combatant change reaches its combat (core's `_onUpdateDescendantDocuments`). */
  protected override _onUpdate(changed: Obj, options: Obj, userId: string): void {
    super._onUpdate(changed, options, userId);
    this.combat?._onModifyCombatants([this], options);
  }
}

export class FakeCombat extends FakeDocument {
  static override documentName = "Combat";
  static override embedded = { Combatant: "combatants" };
  declare combatants: FakeCollection<FakeDocument>;
  declare round: number;
  declare turn: number | null;
  declare active: boolean;
  declare sceneId: string | null;
  /** [CORE]: the sorted turn order, set by `setupTurns` (a class field in core). */
  turns: FakeCombatant[] = [];
  /** [API] Combat#current / #previous: the encounter state now and before the last change. */
  current: CombatState = this._getCurrentState();
  previous: CombatState | undefined = undefined;
  /** What the fake records instead of drawing or playing (no canvas, no audio). */
  readonly turnMarkerUpdates: number[] = [];
  readonly sounds: string[] = [];

  override _initialize(): void {
    super._initialize();
    const s = this._source;
    this.round = Number(s.round ?? 0);
    this.turn = typeof s.turn === "number" ? s.turn : null;
    this.active = s.active === true;
    this.sceneId = (s.scene as string | undefined) ?? null;
    this.combatants ??= new FakeCollection("Combatant");
    syncEmbedded(this, this.combatants, this._source.combatants as Obj[], classOf("Combatant"));
  }

  override embeddedCollections(): FakeCollection<FakeDocument>[] {
    return [this.combatants];
  }

  override getEmbeddedCollection(name: string): FakeCollection<FakeDocument> {
    if (name === "Combatant") return this.combatants;
    return super.getEmbeddedCollection(name);
  }

  get scene(): FakeDocument | undefined {
    return currentWorld().collections.Scene?.get(this.sceneId);
  }

  /**
   * [CORE] core v13 BaseCombat's update permission, as the server applies it: a GM may change
   * anything; a player only `round`, `turn` and `combatants` — `_canChangeRound` and
   * `_canChangeTurn` return true in core, whoever's turn it is — and in `combatants` only changes
   * each named combatant's own permission allows (above). Everything else (flags, `active`…) is
   * refused as a whole.
   */
  override canUserModify(user: FakeUser, action: "create" | "update" | "delete", data: Obj = {}): boolean {
    if (action !== "update" || user.isGM) return super.canUserModify(user, action, data);
    if (Object.keys(data).some((key) => !["_id", "round", "turn", "combatants"].includes(key))) return false;
    if (!("combatants" in data)) return true;
    const changes = data.combatants;
    if (!Array.isArray(changes)) return false;
    return changes.every((change: Obj) => {
      const { _id, ...rest } = change;
      const combatant = this.combatants.get(_id as string) as FakeCombatant | undefined;
      return !!combatant && combatant.canUserModify(user, "update", rest);
    });
  }

  /** [API] Combat#started: `round > 0`. */
  get started(): boolean {
    return this.round > 0;
  }

  /** [API] Combat#combatant: `turns[turn]`, or null when `turn` is null. */
  get combatant(): FakeCombatant | null | undefined {
    return this.turn !== null ? this.turns[this.turn] : null;
  }

  /** [API] Combat#nextCombatant: the next in `turns`, wrapping to the first. */
  get nextCombatant(): FakeCombatant | undefined {
    if (this.turn === this.turns.length - 1) return this.turns[0];
    return this.turns[(this.turn ?? -1) + 1];
  }

  /** [API] Combat#_sortCombatants: initiative descending (non-numeric last), then id. */
  _sortCombatants(a: FakeCombatant, b: FakeCombatant): number {
    const ia = isNumeric(a.initiative) ? a.initiative : -Infinity;
    const ib = isNumeric(b.initiative) ? b.initiative : -Infinity;
    return ib - ia || (a.id! > b.id! ? 1 : -1);
  }

  /** [API] Combat#_getCurrentState(combatant = this.combatant). */
  _getCurrentState(combatant?: FakeCombatant | null): CombatState {
    combatant ||= this.combatant;
    return {
      round: this.round,
      turn: this.turn ?? null,
      combatantId: combatant?.id || null,
      tokenId: combatant?.tokenId || null,
    };
  }

  /**
   * [CORE], [DS]: sorts with `this._sortCombatants` passed UNBOUND (so `this` is undefined in
   * an override), normalises `turn` (past the end → 0 and the next round, in memory), sets
   * `current` and, once, `previous`.
   */
  setupTurns(): FakeCombatant[] {
    const turns = (this.combatants.contents as FakeCombatant[]).sort(this._sortCombatants);
    if (this.turn !== null) {
      if (this.turn < 0) this.turn = 0;
      else if (this.turn >= turns.length) {
        this.turn = 0;
        this.round++;
      }
    }
    this.current = this._getCurrentState(turns[this.turn ?? -1]);
    this.previous ??= this.current;
    return (this.turns = turns);
  }

  /** [CORE]: the first preparation with combatants sets the turns up; later ones do not. */
  override prepareDerivedData(): void {
    if (this.combatants.size && !this.turns.length) this.setupTurns();
  }

  /** [API] Combat#_playCombatSound (recorded: the fake has no audio). */
  _playCombatSound(announcement: string): void {
    this.sounds.push(announcement);
  }

  /** [API] Combat#_updateTurnMarkers (recorded: the fake has no canvas). */
  _updateTurnMarkers(): void {
    this.turnMarkerUpdates.push(this.turnMarkerUpdates.length + 1);
  }

  /** [API] Combat#startCombat, [HOOKS] combatStart(combat, updateData) before the update. */
  async startCombat(): Promise<this> {
    this._playCombatSound("startEncounter");
    const updateData = { round: 1, turn: 0 };
    currentWorld().hooks.callAll("combatStart", this, updateData);
    await this.update(updateData);
    return this;
  }

  /** [API] Combat#nextRound, [HOOKS] combatRound(combat, updateData, updateOptions). */
  async nextRound(): Promise<this> {
    const turn = this.turn === null || this.turns.length === 0 ? null : 0;
    const updateData = { round: this.round + 1, turn };
    const updateOptions = { direction: 1, worldTime: { delta: 0 } };
    currentWorld().hooks.callAll("combatRound", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  /** [API] Combat#previousRound. */
  async previousRound(): Promise<this> {
    if (this.round === 0) return this;
    const turn = this.round === 1 || this.turn === null || this.turns.length === 0 ? null : this.turns.length - 1;
    const updateData = { round: this.round - 1, turn };
    const updateOptions = { direction: -1, worldTime: { delta: 0 } };
    currentWorld().hooks.callAll("combatRound", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  /** [API] Combat#nextTurn, [HOOKS] combatTurn(combat, updateData, updateOptions). */
  async nextTurn(): Promise<this> {
    if (this.round === 0) return this.nextRound();
    const next = (this.turn ?? -1) + 1;
    if (next >= this.turns.length) return this.nextRound();
    const updateData = { round: this.round, turn: next };
    const updateOptions = { direction: 1, worldTime: { delta: 0 } };
    currentWorld().hooks.callAll("combatTurn", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  /** [API] Combat#previousTurn. */
  async previousTurn(): Promise<this> {
    if (this.round === 0) return this;
    if (this.turn === 0 || this.turns.length === 0) return this.previousRound();
    const updateData = { round: this.round, turn: (this.turn ?? this.turns.length) - 1 };
    const updateOptions = { direction: -1, worldTime: { delta: 0 } };
    currentWorld().hooks.callAll("combatTurn", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  /**
   * [CORE] Combat#rollInitiative(ids, {formula, updateTurn, messageOptions}): for each given
   * combatant the user owns, `getInitiativeRoll(formula)` is evaluated and its message data made
   * with `roll.toMessage(data, {create: false})` — the speaker (`getSpeaker({actor, token, alias:
   * name})`), the flavor `COMBAT.RollsInitiative` (name escaped), `flags.core.initiativeRoll`,
   * `messageOptions` merged over them; a hidden combatant's roll is private (v13: the GM roll mode
   * unless `messageOptions.rollMode`; v14 copies: `messageMode: messageOptions.messageMode ??
   * (hidden ? "gm" : undefined)`), and only the first id keeps the dice sound. Then ONE combatant
   * update with `turnEvents: false` (`combatTurn` = the current turn when `updateTurn` is false),
   * and ONE creation of every message.
   */
  async rollInitiative(
    ids: string | string[],
    {
      formula = null,
      updateTurn = true,
      messageOptions = {},
    }: { formula?: string | null; updateTurn?: boolean; messageOptions?: Obj } = {},
  ): Promise<this> {
    const updates: Obj[] = [];
    const messages: Obj[] = [];
    for (const [i, id] of (typeof ids === "string" ? [ids] : ids).entries()) {
      const combatant = this.combatants.get(id) as FakeCombatant | undefined;
      if (!combatant?.isOwner) continue;
      const roll = combatant.getInitiativeRoll(formula);
      await roll.evaluate();
      updates.push({ _id: id, initiative: roll.total });
      const chatData = await roll.toMessage(initiativeMessageData(combatant, messageOptions), {
        ...initiativeMode(combatant, messageOptions),
        create: false,
      });
      if (i > 0) chatData.sound = null;
      messages.push(chatData);
    }
    if (!updates.length) return this;
    const options: Obj = { turnEvents: false };
    if (!updateTurn) options.combatTurn = this.turn;
    await this.updateEmbeddedDocuments("Combatant", updates, options);
    await (currentWorld().config.ChatMessage!.documentClass as typeof FakeDocument).create(messages);
    return this;
  }

  /** [API] Combat#rollAll: rolls for every owned combatant without an initiative. */
  async rollAll(options: { formula?: string | null; updateTurn?: boolean } = {}): Promise<this> {
    const ids = (this.combatants.contents as FakeCombatant[])
      .filter((c) => c.isOwner && c.initiative === null)
      .map((c) => c.id!);
    return this.rollInitiative(ids, options);
  }

  /* ------------------------------------ turn diff ------------------------------------ */

  /** [CORE]: copies `priorState` into `previous`; true when combatant, round or turn differ. */
  protected recordPreviousState(priorState: CombatState): boolean {
    const { round, turn, combatantId } = this.current;
    const changed = combatantId !== priorState.combatantId || round !== priorState.round || turn !== priorState.turn;
    this.previous = Object.assign(this.previous ?? {}, priorState) as CombatState;
    return changed;
  }

  /**
   * [CORE], [DND5E]: the state recomputed from the EXISTING turns (re-sorted only when
   * combatants changed), then turn events, turn markers and the turn sounds on a change.
   */
  protected override _onUpdate(changed: Obj, options: Obj, userId: string): void {
    super._onUpdate(changed, options, userId);
    const priorState = deepClone(this.current);
    this.previous ??= priorState;
    if ("combatants" in changed) this.setupTurns();
    else this.current = this._getCurrentState();
    const stateChanged = this.recordPreviousState(priorState);
    if (stateChanged && options.turnEvents !== false) void this._manageTurnEvents();
    if (stateChanged || (changed.active === true && this.active)) this._updateTurnMarkers();
    if (this.active && stateChanged && this.started && priorState.round) {
      const mine = (c: FakeCombatant | null | undefined) =>
        !!c && (currentWorld().user.isGM ? !c.hasPlayerOwner : c.isOwner);
      if (mine(this.combatant)) this._playCombatSound("yourTurn");
      else if (mine(this.nextCombatant)) this._playCombatSound("nextUp");
    }
  }

  /**
   * [CORE] (core's private `#onModifyCombatants`): after combatants are created, updated or
   * deleted — `options.combatTurn` applied, turns set up again, and turn events and markers when
   * the state changed.
   */
  _onModifyCombatants(_documents: FakeDocument[], options: Obj): void {
    const priorState = deepClone(this.current);
    if (typeof options.combatTurn === "number") this.turn = options.combatTurn;
    this.setupTurns();
    if (this.recordPreviousState(priorState)) {
      if (options.turnEvents !== false) void this._manageTurnEvents();
      this._updateTurnMarkers();
    }
  }

  /**
   * [CORE], [HOOKS]: nothing before the start; the ACTIVE GM runs the turn events in order
   * (end turn → end round → start round → start turn, over every turn crossed forward, skipped ones
   * flagged; a new combatant at the same round and turn → end the old, start the new); then every
   * client calls `combatTurnChange(combat, previous, current)`.
   */
  async _manageTurnEvents(): Promise<void> {
    if (!this.started) return;
    const previous = this.previous!;
    const current = this.current;
    if (currentWorld().user.isActiveGM) await this.triggerTurnEvents(previous, current);
    currentWorld().hooks.callAll("combatTurnChange", this, previous, current);
  }

  private async triggerTurnEvents(previous: CombatState, current: CombatState): Promise<void> {
    const turns = this.turns;
    const intervals: [number, number][] = [];
    let roundDelta = current.round - previous.round;
    if (roundDelta === 0) {
      if (current.round > 0 && (previous.turn ?? -1) < (current.turn ?? -1))
        intervals.push([(previous.turn ?? -1) + 1, current.turn ?? 0]);
    } else if (roundDelta > 0) {
      if (previous.round > 0) intervals.push([(previous.turn ?? -1) + 1, turns.length - 1]);
      while (--roundDelta) intervals.push([0, turns.length - 1]);
      intervals.push([0, current.turn ?? 0]);
    }
    if (intervals.length) {
      let prior = {
        combatant: (this.combatants.get(previous.combatantId) as FakeCombatant | undefined) ?? null,
        round: previous.round,
        turn: previous.turn,
        skipped: false,
      };
      for (const [from, to] of intervals) {
        for (let turn = from; turn <= to; turn++) {
          const round = prior.round + (turn === 0 ? 1 : 0);
          const next = {
            combatant: turns[turn] ?? null,
            round,
            turn,
            skipped: round !== current.round || turn !== current.turn,
          };
          if (prior.combatant)
            await this._onEndTurn(prior.combatant, { round: prior.round, turn: prior.turn, skipped: prior.skipped });
          if (prior.round !== next.round) {
            await this._onEndRound({ round: prior.round, skipped: prior.round !== previous.round });
            await this._onStartRound({ round: next.round, skipped: next.round !== current.round });
          }
          if (next.combatant)
            await this._onStartTurn(next.combatant, { round: next.round, turn: next.turn, skipped: next.skipped });
          prior = next;
        }
      }
      return;
    }
    const changeCombatant =
      current.combatantId !== previous.combatantId &&
      current.round === previous.round &&
      current.turn === previous.turn;
    if (!changeCombatant) return;
    const prior = this.combatants.get(previous.combatantId) as FakeCombatant | undefined;
    if (prior) await this._onEndTurn(prior, { round: current.round, turn: current.turn, skipped: false });
    if (this.combatant)
      await this._onStartTurn(this.combatant, { round: current.round, turn: current.turn, skipped: false });
  }

  /** [API] the turn events a system overrides (no-ops in core). */
  protected async _onStartTurn(_combatant: FakeCombatant, _context: Obj): Promise<void> {}
  protected async _onEndTurn(_combatant: FakeCombatant, _context: Obj): Promise<void> {}
  protected async _onStartRound(_context: Obj): Promise<void> {}
  protected async _onEndRound(_context: Obj): Promise<void> {}

  /* ------------------------------------ embedded ------------------------------------- */

  override async createEmbeddedDocuments(name: string, data: Obj[], operation: Obj = {}): Promise<FakeDocument[]> {
    const created = await super.createEmbeddedDocuments(name, data, operation);
    if (name === "Combatant" && created.length) this._onModifyCombatants(created, operation);
    return created;
  }

  /** One request for many combatants, as `updateEmbeddedDocuments` makes. */
  async updateEmbeddedDocuments(name: string, updates: Obj[], options: Obj = {}): Promise<FakeDocument[]> {
    const collection = this.getEmbeddedCollection(name);
    const changed: [FakeDocument, Obj][] = [];
    for (const update of updates) {
      const doc = collection.get(update._id as string);
      if (!doc) throw new Error(`fake: no ${name} ${String(update._id)}`);
      const candidate = doc.candidateSource(expandObject(deepClone(update)));
      const diff = diffObject(doc._source, candidate);
      if (isEmpty(diff)) continue;
      const siblings = this._source[(this.constructor as typeof FakeDocument).embedded[name]!] as Obj[];
      siblings[siblings.indexOf(doc._source)] = candidate;
      doc._source = candidate;
      doc._initialize();
      changed.push([doc, { _id: doc.id, ...diff }]);
    }
    if (!changed.length) return [];
    const userId = currentWorld().user.id;
    currentWorld().db.writes.push({
      action: "update",
      documentName: name,
      ids: changed.map(([d]) => d._id!),
      parentId: this._id,
      data: updates,
    });
    this.prepareData();
    if (name === "Combatant")
      this._onModifyCombatants(
        changed.map(([d]) => d),
        options,
      );
    for (const [doc, diff] of changed) currentWorld().hooks.callAll(`update${name}`, doc, diff, options, userId);
    return changed.map(([d]) => d);
  }

  override async deleteEmbeddedDocuments(name: string, ids: string[]): Promise<FakeDocument[]> {
    const deleted = await super.deleteEmbeddedDocuments(name, ids);
    if (name === "Combatant" && deleted.length) this._onModifyCombatants(deleted, {});
    return deleted;
  }

  override async delete(): Promise<this> {
    await super.delete();
    currentWorld().hooks.callAll("deleteCombat", this, {}, currentWorld().user.id);
    return this;
  }

  /**
   * Test helper, not Foundry API: the update `changes` made by ANOTHER client (`userId`) reaching
   * this one, as the server broadcasts it — the source changes, then `_onUpdate(changed, options,
   * userId)` and the `updateCombat` hook; no `_preUpdate` (pre-update work runs on the initiating
   * client only, https://foundryvtt.com/api/v13/functions/hookEvents.preUpdateDocument.html), and
   * `options` arrive as the sender wrote them (docs/foundry-behaviour.md §1). The server first applies its
   * permission test for the sender ([CORE]): a refused change throws and reaches no client.
   */
  receiveUpdate(changes: Obj, options: Obj, userId: string): Obj {
    // The server's permission test for the sender ([CORE]): a refused update reaches no client.
    const sender = currentWorld().users.get(userId);
    if (sender && !this.canUserModify(sender, "update", expandObject(deepClone(changes)))) {
      currentWorld().db.refused.push({ action: "update", documentName: "Combat", ids: [this._id ?? ""], userId });
      throw new Error(`User ${sender.name} lacks permission to update Combat [${this._id ?? ""}]`);
    }
    const candidate = this.candidateSource(expandObject(deepClone(changes)));
    const diff = diffObject(this._source, candidate);
    if (isEmpty(diff)) return diff;
    this.commit(candidate);
    this._onUpdate(diff, options, userId);
    this.prepareData();
    currentWorld().hooks.callAll("updateCombat", this, diff, options, userId);
    return diff;
  }
}

/**
 * Test helper, not Foundry API: another client's update of combatant `id` reaching this one, as the
 * server broadcasts it once its permission test passed ([CORE]; a refused one throws and reaches no
 * client): the source changes, the combatant's `_onUpdate(changed, options, userId)` — which
 * reaches the combat as FakeCombatant's does (core's `_onUpdateDescendantDocuments`, "after
 * descendant documents have been updated": https://foundryvtt.com/api/v13/classes/foundry.abstract.Document.html#_onupdatedescendantdocuments;
 * `#onModifyCombatants`, the turns set up again with the turn index kept, [CORE]) — and the
 * `updateCombatant` hook.
 */
export function receiveCombatantUpdate(
  combat: FakeCombat,
  id: string,
  changes: Obj,
  options: Obj,
  userId: string,
): Obj {
  const combatant = combat.combatants.get(id) as FakeCombatant | undefined;
  if (!combatant) throw new Error(`fake: no Combatant ${id}`);
  const expanded = expandObject(deepClone(changes));
  const sender = currentWorld().users.get(userId);
  if (sender && !combatant.canUserModify(sender, "update", expanded)) {
    currentWorld().db.refused.push({ action: "update", documentName: "Combatant", ids: [id], userId });
    throw new Error(`User ${sender.name} lacks permission to update Combatant [${id}]`);
  }
  const candidate = combatant.candidateSource(expanded);
  const diff = diffObject(combatant._source, candidate);
  if (isEmpty(diff)) return diff;
  const siblings = combat._source.combatants as Obj[];
  siblings[siblings.indexOf(combatant._source)] = candidate;
  combatant._source = candidate;
  combatant._initialize();
  combat.prepareData();
  const changed = { _id: id, ...diff };
  // The combatant's `_onUpdate` reaches its combat (`_onModifyCombatants`), as FakeCombatant's does.
  (combatant as unknown as { _onUpdate(changed: Obj, options: Obj, userId: string): void })._onUpdate(
    changed,
    options,
    userId,
  );
  currentWorld().hooks.callAll("updateCombatant", combatant, changed, options, userId);
  return changed;
}

/** `foundry.utils.debounce`, as the fake installs it. */
export function fakeDebounce<A extends unknown[]>(
  callback: (...args: A) => unknown,
  delay: number,
): (...args: A) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => callback(...args), delay);
  };
}

/** Installs combats on an installed fake (called by installFoundryFake, after the scenes). */
export function installCombatFake(fake: FakeFoundry): void {
  const config = fake.CONFIG as Record<string, Obj>;
  config.Combat = { documentClass: FakeCombat };
  config.Combatant = { documentClass: FakeCombatant };
  const combats = new FakeViewedCollection("Combat");
  const collections = currentWorld().collections;
  collections.Combat = combats;
  fake.hooks.on("createCombat", (combat) => {
    combats.viewed = combat as FakeDocument;
  });
  // https://foundryvtt.com/api/v13/variables/CONFIG.Combat.html: `initiative: {formula: null,
  // decimals: 2}` until a system sets it.
  config.Combat.initiative = { formula: null, decimals: 2 };
  Object.assign(fake.game, { combats });
  // `foundry.utils.debounce(callback, delay)`: the returned function restarts a `delay` ms timer on
  // every call and calls `callback` once it runs out, with the last arguments
  // (https://foundryvtt.com/api/v13/functions/foundry.utils.debounce.html).
  Object.assign(fake.foundry.utils, { debounce: fakeDebounce });
  // `game.combat`: the viewed combat (https://foundryvtt.com/api/v13/classes/foundry.Game.html#combat).
  Object.defineProperty(fake.game, "combat", { configurable: true, get: () => combats.viewed });
  // `game.system`: the system's package data, its manifest (set by the data fake,
  // https://foundryvtt.com/api/v13/classes/foundry.packages.System.html), of which
  // `Combatant#_getInitiativeFormula` reads `initiative`.
  (fake.game as { system?: unknown }).system ??= { id: manifest.id, initiative: manifest.initiative };
  Object.assign(fake.foundry.documents, { Combat: FakeCombat, Combatant: FakeCombatant });
  Object.assign(globalThis, { Combat: FakeCombat, Combatant: FakeCombatant });
}

/** Creates a combat with one combatant per actor id (initiative given), as the tracker would. */
export async function createFakeCombat(
  combatants: { actorId: string; initiative: number | null; name?: string }[],
  data: Obj = {},
): Promise<FakeCombat> {
  const Combat = classOf("Combat") as typeof FakeCombat;
  const combat = (await Combat.create({ ...data, combatants: [] })) as FakeCombat;
  await combat.createEmbeddedDocuments(
    "Combatant",
    combatants.map((c) => ({ ...c })),
  );
  return combat;
}
