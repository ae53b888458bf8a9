/**
 * Part of the Foundry FAKE (see fake.ts): the ActiveEffect document of both generations, the
 * application of its changes, and v14's expiry registry — NOT Foundry. The actor that applies the
 * changes (order, phases, statuses) is fake-document-types.ts. Self-tests:
 * test/foundry/fake-effects.test.ts, and test/foundry/effects-generations.test.ts for the
 * generation records.
 *
 * Not covered: CUSTOM changes, core's own expiry events (combat and world time), durations in
 * time units or turns (the fake has no clock), token overlays, item effects applied to their item,
 * `modifyBatch`.
 *
 * Behaviours:
 * - v13: `changes: [{key, value, mode, priority}]` on the effect, `mode` a number, `value` a
 *   string; applied by priority (`mode × 10` unless given): ADD, MULTIPLY, OVERRIDE, UPGRADE,
 *   DOWNGRADE on numbers (ADD and OVERRIDE on booleans too); CUSTOM left to the system. Source:
 *   https://foundryvtt.com/api/v13/interfaces/foundry.documents.types.EffectChangeData.html,
 *   https://foundryvtt.com/api/v13/variables/CONST.ACTIVE_EFFECT_MODES.html; core v13 client
 *   `documents/actor.mjs` `applyActiveEffects` (core-source review part 1, row 12). Contract:
 *   `effects.change-types`, `effects.upgrade`, `effects.priority`, `effects.generation-shape`.
 * - v14-shaped data handed to v13 is recorded (fake-generation.ts `v14OnlyUse`): `system`
 *   (v13's effect has the field, but a base effect's `system` holds nothing v13 applies: it reads
 *   the top-level `changes`), a `type` other than `base`, `start`, `showIcon`, and the v14
 *   duration keys `value`/`units`/`expiry`/`expired` (v13's duration is `startTime, seconds,
 *   combat, rounds, turns, startRound, startTurn`). Source:
 *   https://foundryvtt.com/api/interfaces/foundry.documents.types.ActiveEffectData.html (the
 *   pre-v14 page: `changes`, `system`, `type`, no `start` nor `showIcon`),
 *   https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.EffectDurationData.html.
 *   Contract: `effects.generation-shape`.
 * - v14: the changes live in `system.changes`, `{key, value, type, phase, priority}`: `type` a
 *   string (default priorities `custom 0, multiply 10, add 20, subtract 20, downgrade 30, upgrade
 *   40, override 50`), `phase` `initial` (applied before the actor's derived data) or `final`
 *   (after). Source: https://foundryvtt.com/api/interfaces/foundry.documents.types.ActiveEffectChangeData.html,
 *   https://foundryvtt.com/api/variables/CONST.ACTIVE_EFFECT_CHANGE_TYPES.html,
 *   https://foundryvtt.com/api/classes/foundry.data.ActiveEffectTypeDataModel.html. Contract:
 *   `effects.generation-shape`, `effects.priority`, `effects.change-types`.
 * - v14 migrates v13-shaped data (`changes` → `system.changes`, the mode number → its type, a
 *   JSON value parsed) and keeps the top-level `changes` readable as an alias. Handing v13 shapes
 *   to a create or update (`changes`, a numeric `mode`) is recorded as a deprecation
 *   (fake-generation.ts `deprecatedUse`); reading the alias `ActiveEffect#changes` is recorded too,
 *   but as TACTICA'S OWN RULE, not core's (`tacticaRuleUse`): no public source says core warns about
 *   it, and Tactica's seam reads `system.changes` on v14 (src/compat/effects.ts). Source: dnd5e
 *   5.3.3 `dnd5e.mjs` (silences "numeric #mode" and `CONST.ACTIVE_EFFECT_MODES`), dnd5e 5.3.3
 *   `module/documents/item.mjs:454`, `actor.mjs:2726` (read `effect.changes` on v14, silence no
 *   such warning). Contract: none — manual check "A world made on v13 with a pressure bonus in
 *   force, opened on v14: the bonus still applies".
 * - v14 defaults of a new effect: `type` `base`, `system.changes` `[]`, duration `{value: null,
 *   units: "seconds", expiry: null, expired: false}`, `showIcon` CONDITIONAL; an effect created on
 *   an actor gets `start` (`EffectStartData`). Source:
 *   https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.ActiveEffectData.html,
 *   https://foundryvtt.com/api/variables/CONST.ACTIVE_EFFECT_SHOW_ICON.html, the v14
 *   EffectDurationData page above (a null value "initialized to Infinity"). Contract:
 *   `effects.v14-expiry`.
 * - v14 duration `{value, units, expiry, expired}`: "expiration occurs when both the end of the
 *   duration and the expiry event are reached"; an expired effect is suppressed — not `active`,
 *   not applied — and its `expired` is stored (`CONFIG.ActiveEffect.expiryAction` "update" sets
 *   `ActiveEffectDuration#expired`). Source: the v14 EffectDurationData page above,
 *   https://foundryvtt.com/api/v14/variables/CONFIG.ActiveEffect.html; dnd5e#6995. Contract:
 *   `effects.v14-kept-end`.
 * - v14 `isTemporary`: an expiry or a finite duration ("a truly indefinite duration is one in
 *   which both duration value and expiry are null"; an expiry event without a duration runs
 *   "until the event is reached"); `isExpiryTrackable`: embedded in an actor, active, started,
 *   temporary and not expired (core's getter as quoted in foundryvtt#14551, its `!this.isExpired`
 *   read as the `duration.expired` the issue says was meant). Source: the v14 EffectDurationData
 *   page above; foundryvtt#13667 (a core maintainer), foundryvtt#14551. Contract:
 *   `effects.v14-expiry`.
 * - v14 `isExpiryEvent(event, context)`: for a package's own event, whether it is the effect's
 *   expiry; systems override it and the registry asks the document's own. Source:
 *   Savantford/foundry-weirdwizard `module/documents/active-effect.mjs` (reproduces core's method
 *   before its own cases: "if ( event !== expiry ) return false; if ( !CORE_EXPIRY_EVENTS.includes(expiry) )
 *   return true"); foundryvtt#14725 (the start of core's method); draw-steel
 *   `1166-duration-customization`, dnd5e after PR #6837 (overrides). Contract: `effects.v14-expiry`.
 * - v14 `ActiveEffect.registry.refresh(event, {actors})` ("Refresh the durations of registered
 *   ActiveEffects and perform the configured action for expired effects"): the tracked effects of
 *   those actors (every actor when none is named) whose `isExpiryEvent` is true and whose duration
 *   has run out (the fake knows null — expiry only — and 0 as run out) expire with
 *   `CONFIG.ActiveEffect.expiryAction` (`"update"`: `duration.expired: true`, `"delete"`, `null`:
 *   nothing stored), one request per actor. WHERE that happens no public source settles, so the
 *   fake offers both readings ({@link setRegistryReading}, per test; a new install plays the
 *   default again): `"activeGM"` (the default) — the action performed and persisted by the active
 *   GM's client only, as a module's notes measured in the 14.365 client bundle ("the action runs
 *   only on the active GM's client (`game.users.activeGM?.isSelf`)") and SR5-FoundryVTT
 *   `src/module/effect/SR5ActiveEffect.ts` expects; `"13743"` — foundryvtt#13743 (a core
 *   maintainer, open): `refresh` sets `duration.expired` in memory "without necessarily persisting
 *   it" on every client it runs on, and writes only "if you are _not_ the Active GM". Source:
 *   https://foundryvtt.com/api/classes/foundry.helpers.ActiveEffectRegistry.html;
 *   foundryvtt#13743; docs/foundry-behaviour.md §8. Contract: `effects.v14-expiry`.
 * - v14's `CONFIG.ActiveEffect.expiryEvents` (`{}`) and `expiryAction` (`"update"`) and
 *   `ActiveEffect.registry`; v13 has none of them. Source:
 *   https://foundryvtt.com/api/v14/variables/CONFIG.ActiveEffect.html,
 *   https://foundryvtt.com/api/v14/classes/foundry.documents.ActiveEffect.html (`registry`).
 *   Contract: `effects.v14-kept-end`.
 */
import { FakeDocument } from "./fake-documents";
import { currentWorld, type FakeUser } from "./fake-world";
import { deprecatedUse, isFakeV14, tacticaRuleUse, v14OnlyUse } from "./fake-generation";
import { deepClone, getProperty, isPlainObject, mergeObject, setProperty, type Obj } from "./fake-utils";

/** v13 `CONST.ACTIVE_EFFECT_MODES`. */
export const EFFECT_MODES = { CUSTOM: 0, MULTIPLY: 1, ADD: 2, DOWNGRADE: 3, UPGRADE: 4, OVERRIDE: 5 } as const;

/** v14 `CONST.ACTIVE_EFFECT_CHANGE_TYPES`: each type and its default priority. */
export const CHANGE_TYPES = {
  custom: 0,
  multiply: 10,
  add: 20,
  subtract: 20,
  downgrade: 30,
  upgrade: 40,
  override: 50,
} as const;

/** v14 `CONST.ACTIVE_EFFECT_SHOW_ICON` (https://foundryvtt.com/api/variables/CONST.ACTIVE_EFFECT_SHOW_ICON.html). */
export const SHOW_ICON = { NEVER: 0, CONDITIONAL: 1, ALWAYS: 2 } as const;

/** The v14 type of each v13 mode number (core's migration). */
const TYPE_OF_MODE = ["custom", "multiply", "add", "downgrade", "upgrade", "override"] as const;

/** A change as the actor applies it, whichever generation stored it. */
export interface AppliedChange {
  key: string;
  value: unknown;
  type: string;
  phase: string;
  priority: number;
}

/** v13 change data (stored on v13, or handed to v14). */
interface V13ChangeData {
  key: string;
  value: unknown;
  mode: number;
  priority?: number | null;
}

/** The v14 `system.changes` entry of a v13 change, as core's migration writes it. */
function migrateChange(change: V13ChangeData): Obj {
  let value: unknown = change.value;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      // Plain text stays a string.
    }
  }
  return {
    key: change.key,
    type: TYPE_OF_MODE[change.mode] ?? `custom.${change.mode}`,
    value,
    phase: "initial",
    priority: change.priority ?? null,
  };
}

/** The v14 keys of a duration (v13's are `startTime, seconds, combat, rounds, turns, startRound, startTurn`). */
const V14_DURATION_KEYS = ["value", "units", "expiry", "expired"];

/** Records what a create or update hands over that the running generation does not take. */
function checkGenerationShape(data: Obj): void {
  if (isFakeV14()) {
    if ("changes" in data) deprecatedUse("ActiveEffect `changes` (v14: `system.changes`)");
    const changes = [
      ...(Array.isArray(data.changes) ? data.changes : []),
      ...(Array.isArray((data.system as Obj | undefined)?.changes) ? ((data.system as Obj).changes as unknown[]) : []),
    ];
    if (changes.some((c) => isPlainObject(c) && "mode" in c)) deprecatedUse("ActiveEffect change `mode` (v14: `type`)");
    return;
  }
  if ("system" in data) v14OnlyUse("ActiveEffect `system`");
  if (data.type !== undefined && data.type !== "base") v14OnlyUse("ActiveEffect `type`");
  for (const key of ["start", "showIcon"]) if (key in data) v14OnlyUse(`ActiveEffect \`${key}\``);
  const duration = isPlainObject(data.duration) ? data.duration : {};
  for (const key of V14_DURATION_KEYS) if (key in duration) v14OnlyUse(`ActiveEffect \`duration.${key}\``);
}

export class FakeActiveEffect extends FakeDocument {
  static override documentName = "ActiveEffect";
  declare disabled: boolean;
  declare transfer: boolean;
  declare statuses: Set<string>;
  /** v14: `{value, units, expiry, expired}`; v13: as given. */
  declare duration: Obj;
  /** v13's own array (v14 reads `system.changes`). */
  declare private v13Changes: V13ChangeData[];

  /** v14 `BaseActiveEffect.migrateData`: v13-shaped data moves to `system.changes` (see the module comment). */
  static override migrateData(source: Obj): Obj {
    if (isFakeV14() && Array.isArray(source.changes)) {
      const system = isPlainObject(source.system) ? source.system : {};
      const migrated = (source.changes as V13ChangeData[]).map((c) => ("mode" in c ? migrateChange(c) : c));
      source.system = {
        ...system,
        changes: [...(Array.isArray(system.changes) ? (system.changes as Obj[]) : []), ...migrated],
      };
      delete source.changes;
    }
    return super.migrateData(source);
  }

  static override async createDocuments(
    data: Obj[] = [],
    operation: { parent?: FakeDocument | null } & Obj = {},
  ): Promise<FakeDocument[]> {
    for (const entry of data) if (isPlainObject(entry)) checkGenerationShape(entry);
    return super.createDocuments(data, operation);
  }

  override async update(data: Obj = {}, options: Obj = {}): Promise<this | undefined> {
    checkGenerationShape(data);
    return super.update(data, options);
  }

  protected override initialSource(source: Obj): Obj {
    const out = super.initialSource(source);
    if (isFakeV14()) {
      out.type ??= "base";
      const system = isPlainObject(out.system) ? out.system : {};
      out.system = { ...system, changes: Array.isArray(system.changes) ? system.changes : [] };
      out.duration = {
        value: null,
        units: "seconds",
        expiry: null,
        expired: false,
        ...(isPlainObject(out.duration) ? out.duration : {}),
      };
      out.showIcon ??= SHOW_ICON.CONDITIONAL;
    }
    return out;
  }

  /** v14: an effect created on an actor starts now (`start`, from `ActiveEffect.getEffectStart`). */
  protected override async _preCreate(data: Obj, options: Obj, user: FakeUser): Promise<boolean | void> {
    if (isFakeV14() && this.parent?.documentName === "Actor" && !isPlainObject(this._source.start)) {
      this._source.start = { time: 0, combat: null, combatant: null, initiative: null, round: null, turn: null };
    }
    return super._preCreate(data, options, user);
  }

  override _initialize(): void {
    super._initialize();
    const s = this._source;
    this.v13Changes = isFakeV14() ? [] : deepClone((s.changes as V13ChangeData[] | undefined) ?? []);
    this.disabled = s.disabled === true;
    this.transfer = s.transfer === true;
    this.statuses = new Set((s.statuses as string[] | undefined) ?? []);
    this.duration = deepClone((s.duration as Obj | undefined) ?? {});
  }

  /** v13: the changes. v14: an alias of `system.changes` (reading it breaks a Tactica rule: see the module comment). */
  get changes(): unknown[] {
    if (!isFakeV14()) return this.v13Changes;
    tacticaRuleUse("ActiveEffect#changes read (v14: system.changes)");
    return ((this.system as Obj).changes as unknown[]) ?? [];
  }

  /** v14: an expired effect is suppressed (v13: nothing suppresses an effect in the fake). */
  get isSuppressed(): boolean {
    return isFakeV14() && this.duration.expired === true;
  }

  get active(): boolean {
    return !this.disabled && !this.isSuppressed;
  }

  /** v14: temporary when it has an expiry or a finite duration (see the module comment). */
  get isTemporary(): boolean {
    return isFakeV14() && (typeof this.duration.expiry === "string" || typeof this.duration.value === "number");
  }

  /** v14: what the registry tracks: embedded in an actor, active, started, temporary, not expired. */
  get isExpiryTrackable(): boolean {
    return (
      this.parent?.documentName === "Actor" &&
      this.active &&
      isPlainObject(this._source.start) &&
      this.isTemporary &&
      this.duration.expired !== true
    );
  }

  /** v14: whether `event` is this effect's expiry event (a package's own event; core's are not modelled). */
  isExpiryEvent(event: string, _context: Obj = {}): boolean {
    return typeof this.duration.expiry === "string" && this.duration.expiry === event;
  }

  /** v14: the duration has run out — null (an expiry event alone) or 0; the fake has no clock. */
  get hasRunOut(): boolean {
    const value = this.duration.value;
    return value === null || value === undefined || (typeof value === "number" && value <= 0);
  }

  /** The changes to apply, whichever generation stored them. */
  appliedChanges(): AppliedChange[] {
    if (!isFakeV14()) {
      return this.v13Changes.map((c) => ({
        key: c.key,
        value: c.value,
        type: TYPE_OF_MODE[c.mode] ?? "custom",
        phase: "initial",
        priority: c.priority ?? c.mode * 10,
      }));
    }
    const list = (((this.system as Obj).changes as Obj[] | undefined) ?? []).filter(isPlainObject);
    return list.map((c) => {
      const type = String(c.type ?? "add");
      const priority =
        typeof c.priority === "number" ? c.priority : (CHANGE_TYPES[type as keyof typeof CHANGE_TYPES] ?? 0);
      return { key: String(c.key ?? ""), value: c.value, type, phase: String(c.phase ?? "initial"), priority };
    });
  }

  /** Applies one change to `doc` (numbers and booleans), returning `{ [key]: newValue }`. */
  apply(doc: object, change: AppliedChange): Obj {
    if (change.type === "custom" || !change.key) return {};
    const current = getProperty(doc, change.key);
    const raw = change.value;
    const delta =
      typeof current === "boolean" ? raw === true || raw === "true" : typeof current === "number" ? Number(raw) : raw;
    let value: unknown = delta;
    if (typeof current === "number" && typeof delta === "number") {
      if (change.type === "add") value = current + delta;
      else if (change.type === "subtract") value = current - delta;
      else if (change.type === "multiply") value = current * delta;
      else if (change.type === "upgrade") value = Math.max(current, delta);
      else if (change.type === "downgrade") value = Math.min(current, delta);
    } else if (typeof current === "boolean" && change.type === "add") value = current || delta;
    setProperty(doc as Obj, change.key, value);
    return { [change.key]: value };
  }

  /** v14 only: `ActiveEffect.registry` (undefined on v13, which has none). */
  static get registry(): FakeEffectRegistry | undefined {
    return isFakeV14() ? REGISTRY : undefined;
  }

  /** v14: the source's `system` is plain data (the base type's model holds only `changes`). */
  override candidateSource(changes: Obj): Obj {
    const candidate = super.candidateSource(changes);
    if (isFakeV14() && isPlainObject(changes.system))
      mergeObject(candidate.system as Obj, changes.system as Obj, { performDeletions: true });
    return candidate;
  }
}

/** An actor as the registry reads and writes it (one request per actor; core may batch them with `modifyBatch`). */
interface EffectParent {
  readonly effects: Iterable<FakeDocument>;
  prepareData(): void;
  deleteEmbeddedDocuments(name: string, ids: string[]): Promise<unknown>;
  updateEmbeddedDocuments(name: string, updates: Obj[]): Promise<unknown>;
}

/** Where the registry performs its expiry action (see the module comment): the test picks one. */
export type RegistryReading = "activeGM" | "13743";

let reading: RegistryReading = "activeGM";

/** Makes the v14 registry follow `next` until the next install of the fake (the default: `"activeGM"`). */
export function setRegistryReading(next: RegistryReading): void {
  reading = next;
}

/** v14 `foundry.helpers.ActiveEffectRegistry`, reduced (see the module comment). */
export class FakeEffectRegistry {
  /** Every refresh, in order, with the reading it followed (a test helper, not Foundry API). */
  readonly refreshed: { event: string; actors: number; userId: string; reading: RegistryReading }[] = [];

  async refresh(event: string, context: { actors?: Set<EffectParent> } = {}): Promise<void> {
    const world = currentWorld();
    const actors = context.actors
      ? [...context.actors]
      : ([...(world.collections.Actor ?? [])] as unknown as EffectParent[]);
    this.refreshed.push({ event, actors: actors.length, userId: world.user.id, reading });
    const expired = actors.flatMap((actor) =>
      [...actor.effects].filter((doc) => {
        const effect = doc as FakeActiveEffect;
        return effect.isExpiryTrackable && effect.isExpiryEvent(event, context) && effect.hasRunOut;
      }),
    ) as FakeActiveEffect[];
    const activeGM = world.users.activeGM?.id === world.user.id;
    if (reading === "13743") {
      // In memory, on this client: the effect stops applying (its parent prepared again).
      for (const effect of expired) effect.duration.expired = true;
      for (const actor of actors) if (expired.some((e) => e.parent === (actor as unknown))) actor.prepareData();
    }
    const writes = reading === "activeGM" ? activeGM : !activeGM;
    if (!writes) return;
    const action = (world.config.ActiveEffect as { expiryAction?: unknown }).expiryAction;
    for (const actor of actors) {
      const ids = expired.filter((effect) => effect.parent === (actor as unknown)).map((effect) => effect._id!);
      if (!ids.length) continue;
      if (action === "delete") await actor.deleteEmbeddedDocuments("ActiveEffect", ids);
      else if (action === "update")
        await actor.updateEmbeddedDocuments(
          "ActiveEffect",
          ids.map((_id) => ({ _id, duration: { expired: true } })),
        );
    }
  }
}

const REGISTRY = new FakeEffectRegistry();

/** Installs the v14 members of `CONFIG.ActiveEffect`, or removes them on v13. */
export function useEffectGeneration(config: Record<string, Obj>, v14: boolean): void {
  const effect = config.ActiveEffect!;
  REGISTRY.refreshed.length = 0;
  reading = "activeGM";
  if (v14) Object.assign(effect, { expiryEvents: {}, expiryAction: "update" });
  else for (const key of ["expiryEvents", "expiryAction"]) delete effect[key];
}
