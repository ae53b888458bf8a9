/**
 * The Actor document: thin orchestration over the data models and the rules (DESIGN §1). Each
 * method is one user action and writes once: damage, conditions, spending AC, gaining
 * *Épuisement*. The roll methods (DESIGN §4, the shared contract) call the use cases of
 * src/actions/, which sit below the documents: each posts a roll card and returns its message, or
 * null when cancelled or refused.
 * Stored data is migrated as it loads (`migrateData`, src/data/migration/capture.ts), and a create or
 * an update that cannot be stored as given — an out-of-range number, PV above their max, bad
 * attribute input in an embedded item — is refused with a localised message
 * (src/documents/data-checks.ts).
 */
import { applyDamage, type DamageResult } from "../rules/damage";
import type { Attribute } from "../rules/attributes";
import { assertInteger } from "../rules/errors";
import { damageUpdate } from "../data/actor/damage-update";
import { isStatusId, type StatusId } from "../effects/status-effects";
import { notifyError, notifyRulesError } from "../utils/notify";
import { CharacterModel } from "../data/actor/character";
import { UnitModel } from "../data/actor/unit";
import { moraleDue } from "../data/actor/derived";
import type { TacticaChatMessage } from "./chat-message";
import { rollProfile } from "../actions/profile";
import { rollPressure } from "../actions/pressure";
import { rollPool } from "../actions/pool";
import { cancelPower, castPower, maintainPower } from "../actions/psy";
import { fearTest, moraleTest, rally, setMoraleState } from "../actions/morale";
import { attack, rollScore } from "../actions/score";
import { moveAction } from "../actions/move";
import { postMoralePrompt } from "../actions/morale-prompt";
import { declareOnTimeline } from "../chat/click";
import { isMoraleState, type MoraleState } from "../data/fields";
import { migrateDocumentSource } from "../data/migration/capture";
import { createRefusal, notifyRefusal, updateRefusal } from "./data-checks";
import { isRecord } from "../rules/records";
import type { DottedChange } from "../data/card-keys";

type Data = Record<string, unknown>;

/** The arguments of a use case after its actor: what the actor's method of that use case takes. */
type After<F> = F extends (actor: never, ...rest: infer Rest) => unknown ? Rest : never;

/**
 * The roll methods of the actor (the shared contract, DESIGN §4): each takes its use case's arguments
 * after the actor, `{ fastForward, opener }` last. The sheet's roll buttons and `game.tactica.actions`
 * are one per method.
 */
export const ROLL_METHODS = [
  "rollProfile",
  "rollPressure",
  "rollPool",
  "castPower",
  "maintainPower",
  "cancelPower",
  "moraleTest",
  "rally",
  "fearTest",
  "rollScore",
  "attack",
  "move",
] as const;
export type RollMethod = (typeof ROLL_METHODS)[number];

/** One hit to apply (RULES §6.2): its damage and the attack's attributes. */
export interface IncomingAttack {
  damage: number;
  attributes: readonly Attribute[];
}

/**
 * RULES §5: is a morale test due once PV are `pv`? A character counts its PV against their max;
 * a unit counts its figures (damage does not remove figures: the GM does), so it is due when its
 * strength already is at half.
 */
function moraleDueAfter(model: CharacterModel | UnitModel, pv: number): boolean {
  return model instanceof UnitModel ? model.moraleTriggered : moraleDue(model.profile.pv.max, pv);
}

/**
 * What Tactica adds to an actor's update operation. Core hands every key of the operation to
 * `_preUpdate` / `_onUpdate` and the update hooks on every client (the operation of
 * https://foundryvtt.com/api/v13/classes/foundry.abstract.Document.html#update), so these are read
 * there, through an `in` check (the options a handler sees are core's type).
 */
export interface TacticaUpdateOptions {
  tactica?: {
    /** `gainExhaustion`: *Épuisement* gained, for *Focalisé* (RULES §7.2, src/combat/register.ts). */
    exhaustionGained?: number;
    /** Set in `_preUpdate` by the edit that first halves a unit's strength: its writer posts the morale prompt. */
    moralePrompt?: boolean;
  };
}

/**
 * Core's `update` also takes dotted paths (`{ "flags.tactica.cards.<id>.panic": … }`, expanded
 * before the change is applied: https://foundryvtt.com/api/v13/classes/foundry.abstract.Document.html#update);
 * fvtt-types 13.345 types nested changes only. Tactica writes its exactly-once keys that way
 * (src/data/card-keys.ts), merged into the effect's own update; its own operation options
 * ({@link TacticaUpdateOptions}) travel with it. The merged member only adds that overload to the
 * `update` the class inherits (nothing is left uninitialised).
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface TacticaActor {
  update(
    data: Actor.UpdateData | (Actor.UpdateData & DottedChange),
    operation?: Actor.Database.UpdateOperation & TacticaUpdateOptions,
  ): Promise<this | undefined>;
}

export class TacticaActor extends Actor {
  /**
   * Foundry runs this on every stored actor before cleaning it (in place, at load), on creation
   * data and on the partial change of every update: old shapes are brought to the current ones and
   * what the schema would drop is kept in `flags.tactica.legacy` (src/data/migration/capture.ts);
   * `super` then migrates the embedded items through TacticaItem.migrateData.
   */
  static override migrateData(source: Data): Data {
    migrateDocumentSource("Actor", source);
    return super.migrateData(source);
  }

  protected override async _preCreate(
    ...[data, options, user]: Parameters<Actor["_preCreate"]>
  ): ReturnType<Actor["_preCreate"]> {
    if ((await super._preCreate(data, options, user)) === false) return false;
    const refusal = createRefusal(this, data);
    if (refusal) {
      notifyRefusal(refusal);
      return false;
    }
  }

  protected override async _preUpdate(
    ...[changes, options, user]: Parameters<Actor["_preUpdate"]>
  ): ReturnType<Actor["_preUpdate"]> {
    if ((await super._preUpdate(changes, options, user)) === false) return false;
    const refusal = updateRefusal(this, changes);
    if (refusal) {
      notifyRefusal(refusal);
      return false;
    }
    this.#figuresRemoved(changes, options);
  }

  /**
   * RULES §5 (D-16, C9): the GM removes a unit's figures by editing its strength (sheet, token bar,
   * macro). The edit that first brings it to half its starting strength records the prompt in its
   * own write (`morale.moraleTested`), and the writer posts the morale prompt once it is written.
   */
  #figuresRemoved(changes: Parameters<Actor["_preUpdate"]>[0], options: Parameters<Actor["_preUpdate"]>[1]): void {
    const model = this.system;
    if (!(model instanceof UnitModel) || model.morale.moraleTested) return;
    // The change is uncleaned input (data-checks.ts): read it as such.
    const system: unknown = changes.system;
    const strength = isRecord(system) && isRecord(system.strength) ? system.strength : undefined;
    if (typeof strength?.current !== "number" && typeof strength?.start !== "number") return;
    const current = typeof strength.current === "number" ? strength.current : model.strength.current;
    const start = typeof strength.start === "number" ? strength.start : model.strength.start;
    if (!moraleDue(start, current)) return;
    foundry.utils.setProperty(changes, "system.morale.moraleTested", true);
    foundry.utils.setProperty(options, "tactica.moralePrompt", true);
  }

  protected override _onUpdate(...[changed, options, userId]: Parameters<Actor["_onUpdate"]>): void {
    super._onUpdate(changed, options, userId);
    const prompt = "tactica" in options && isRecord(options.tactica) && options.tactica.moralePrompt === true;
    if (prompt && userId === game.user?.id) void postMoralePrompt(this, this.model?.morale.unshakeable ?? false);
  }

  /**
   * A token bar edit (Token HUD). A unit's headcount is the bar `figures` (derived from its
   * strength, CONFIG.Actor.trackableAttributes): the edit goes to the stored
   * `strength.current`, clamped to 0–start as core clamps a bar, through core's
   * `modifyTokenAttribute` hook (dnd5e overrides this method the same way for its HP,
   * `module/documents/actor/actor.mjs`). Everything else is core's.
   */
  override async modifyTokenAttribute(
    attribute: string,
    value: number,
    isDelta = false,
    isBar = true,
  ): Promise<this | undefined> {
    const system = this.system;
    if (attribute !== "figures" || !(system instanceof UnitModel))
      return super.modifyTokenAttribute(attribute, value, isDelta, isBar);
    const { current, start } = system.strength;
    const next = Math.min(Math.max(isDelta ? current + value : value, 0), start);
    if (next === current) return this;
    const updates = { "system.strength.current": next };
    // The hook as the v13 and v14 API pages document it (declared in src/setup/fvtt-config.ts).
    const allowed = Hooks.call("modifyTokenAttribute", { attribute, value, isDelta, isBar }, updates, this);
    return allowed !== false ? this.update(updates) : this;
  }

  /**
   * The Tactica model of this actor, or `null` for a subtype another package added. Every method
   * below works on it, so a foreign subtype is left alone rather than half-updated.
   */
  get model(): CharacterModel | UnitModel | null {
    const system = this.system;
    return system instanceof CharacterModel || system instanceof UnitModel ? system : null;
  }

  /**
   * RULES §6.2 (D-26): applies one hit through the rules' damage pipeline and writes PV, gauges,
   * the armour's *Adaptatif* bonus and the force field in ONE update. Returns the breakdown for
   * the card, or `null` (with a localised message, nothing changed) when the input is refused.
   * `extra` (or what it returns for the result) joins that same update: a card's exactly-once key
   * (src/data/card-keys.ts).
   */
  async applyDamage(
    attack: IncomingAttack,
    extra: DottedChange | ((result: DamageResult) => DottedChange) = {},
  ): Promise<DamageResult | null> {
    const model = this.model;
    if (!model) return null;
    const protection = model.protection();
    let result: DamageResult;
    try {
      result = applyDamage({ damage: attack.damage, attack: attack.attributes, target: protection.target });
    } catch (err) {
      notifyRulesError(err);
      return null;
    }
    const update = damageUpdate(protection, result);
    // D-16: the first crossing of the half-start line is recorded in the same write as the damage.
    const prompt = !model.morale.moraleTested && moraleDueAfter(model, result.target.pv);
    const full = prompt ? { ...update, system: { ...update.system, morale: { moraleTested: true } } } : update;
    await this.update({ ...full, ...(typeof extra === "function" ? extra(result) : extra) });
    if (prompt) await postMoralePrompt(this, model.morale.unshakeable);
    return result;
  }

  /** Sets or clears one of Tactica's conditions (a status effect). Returns whether it is now on. */
  async setCondition(statusId: StatusId, active: boolean): Promise<boolean> {
    if (!isStatusId(statusId)) throw new Error(`unknown Tactica status ${String(statusId)}`);
    await this.toggleStatusEffect(statusId, { active });
    return this.statuses.has(statusId);
  }

  /**
   * Spends `n` AC of the current activation (RULES §4, §5, §7). Refused with a localised message,
   * nothing changed, when fewer than `n` remain.
   */
  async spendActions(n: number): Promise<boolean> {
    try {
      assertInteger("AC", n, 0);
    } catch (err) {
      return !notifyRulesError(err);
    }
    const model = this.model;
    if (!model) return false;
    const { remaining, spent } = model.actions;
    if (n > remaining) {
      notifyError("TACTICA.Errors.Actions.NotEnough", { name: this.name, needed: n, remaining });
      return false;
    }
    await this.update({ system: { actions: { spent: spent + n } } });
    return true;
  }

  /**
   * Gains `n` *Épuisement* (RULES §1) and announces it with the hook `tactica.exhaustionGained`
   * (the timeline uses it for *Focalisé*, RULES §7.2). `extra` joins the same update (a card's
   * exactly-once key: one write of the actor). Returns the new total, or `null` when refused.
   */
  async gainExhaustion(n: number, extra: DottedChange = {}): Promise<number | null> {
    const system = this.system;
    if (!(system instanceof CharacterModel)) return null;
    try {
      assertInteger("Épuisement", n, 0);
    } catch (err) {
      notifyRulesError(err);
      return null;
    }
    if (n === 0) {
      if (Object.keys(extra).length) await this.update(extra);
      return system.exhaustion;
    }
    const total = system.exhaustion + n;
    const update = foundry.utils.mergeObject(
      structuredClone(extra),
      { system: { exhaustion: total } },
      { inplace: false },
    );
    // The update option travels with the update to every client, so the active GM learns of the
    // gain whoever made it (Focalisé, src/combat/register.ts); the hook is for this client's modules.
    await this.update(update, { tactica: { exhaustionGained: n } });
    Hooks.callAll("tactica.exhaustionGained", this, n);
    return total;
  }

  /* ------------------------------------ roll methods ------------------------------------ */
  // Each is the use case of src/actions/ for this actor: its arguments are the use case's after the actor.

  /** RULES §1: a profile test (d10 roll-under). */
  rollProfile(...args: After<typeof rollProfile>): Promise<TacticaChatMessage | null> {
    return rollProfile(this, ...args);
  }

  /** RULES §2: a pressure roll through an equipped linked item. */
  rollPressure(...args: After<typeof rollPressure>): Promise<TacticaChatMessage | null> {
    return rollPressure(this, ...args);
  }

  /** RULES §3: a dice pool (pushed from its card). */
  rollPool(...args: After<typeof rollPool>): Promise<TacticaChatMessage | null> {
    return rollPool(this, ...args);
  }

  /** RULES §4: casts a power. */
  castPower(...args: After<typeof castPower>): Promise<TacticaChatMessage | null> {
    return castPower(this, ...args);
  }

  /** RULES §4 (D-13): maintains a power this activation (a small card: what, and the AC spent). */
  maintainPower(...args: After<typeof maintainPower>): Promise<TacticaChatMessage | null> {
    return maintainPower(this, ...args);
  }

  /** RULES §4 (D-14): tries to cancel an effect in play. */
  cancelPower(...args: After<typeof cancelPower>): Promise<TacticaChatMessage | null> {
    return cancelPower(this, ...args);
  }

  /** RULES §5: the morale test. */
  moraleTest(...args: After<typeof moraleTest>): Promise<TacticaChatMessage | null> {
    return moraleTest(this, ...args);
  }

  /** RULES §5: rally (first action, half the AC). */
  rally(...args: After<typeof rally>): Promise<TacticaChatMessage | null> {
    return rally(this, ...args);
  }

  /** RULES §5: a fear test against an enemy of PEUR `fear`. */
  fearTest(...args: After<typeof fearTest>): Promise<TacticaChatMessage | null> {
    return fearTest(this, ...args);
  }

  /** RULES §6.1: a score test. */
  rollScore(...args: After<typeof rollScore>): Promise<TacticaChatMessage | null> {
    return rollScore(this, ...args);
  }

  /**
   * RULES §6.1: an attack on the user's targets; a *Différé* attack is then declared on the viewed
   * timeline by the one writer (RULES §7.2, src/chat/delayed-actions.ts).
   */
  async attack(...args: After<typeof attack>): Promise<TacticaChatMessage | null> {
    const message = await attack(this, ...args);
    if (message?.card?.delayed !== null && message?.card?.delayed !== undefined) await declareOnTimeline(message);
    return message;
  }

  /** D-39: a move action — the worn armour's *Requis*; a pursuit move may roll MOU pressure first. */
  move(...args: After<typeof moveAction>): Promise<TacticaChatMessage | null> {
    return moveAction(this, ...args);
  }

  /** D-41: sets the morale state, that is the one panic condition (`steady`: none). Owners only. */
  async setMoraleState(state: MoraleState): Promise<boolean> {
    if (!this.isOwner || !isMoraleState(state)) {
      notifyError(this.isOwner ? "TACTICA.Sheet.Errors.BadButton" : "TACTICA.Sheet.Errors.NotOwner", {
        name: this.name,
      });
      return false;
    }
    await setMoraleState(this, state);
    return true;
  }
}
