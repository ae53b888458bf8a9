/**
 * Active Effects on v13 and v14 (the compatibility seam, see ./generation.ts): the changes an
 * effect applies, written in the running generation's shape and read in both, and — v14 only —
 * effects that core itself expires at an event.
 *
 * Changes:
 * - v13: `changes: [{key, mode, value, priority}]` on the effect, `mode` a number of
 *   `CONST.ACTIVE_EFFECT_MODES` (`MULTIPLY 1, ADD 2, DOWNGRADE 3, UPGRADE 4, OVERRIDE 5`) and
 *   `value` a string (https://foundryvtt.com/api/v13/interfaces/foundry.documents.types.EffectChangeData.html,
 *   https://foundryvtt.com/api/v13/variables/CONST.ACTIVE_EFFECT_MODES.html).
 * - v14: the changes live in the effect's type data, `system.changes` (every ActiveEffect type
 *   model extends `foundry.data.ActiveEffectTypeDataModel`, which defines them:
 *   https://foundryvtt.com/api/classes/foundry.data.ActiveEffectTypeDataModel.html), each
 *   `{key, type, value, phase, priority}` with `type` a string of
 *   `CONST.ACTIVE_EFFECT_CHANGE_TYPES` (`add, subtract, multiply, downgrade, upgrade, override,
 *   custom`: https://foundryvtt.com/api/variables/CONST.ACTIVE_EFFECT_CHANGE_TYPES.html) and `phase`
 *   the application phase (https://foundryvtt.com/api/interfaces/foundry.documents.types.ActiveEffectChangeData.html).
 *   Phase `initial` applies before the actor's derived data, as every change did on v13 (dnd5e
 *   5.3.3 `module/documents/active-effect.mjs` writes `initial` for its v13-era changes). The
 *   numeric `mode`, `CONST.ACTIVE_EFFECT_MODES` and the top-level `changes` still work on v14 with
 *   a deprecation warning until v16 (dnd5e `dnd5e.mjs` silences "numeric #mode"
 *   and `CONST.ACTIVE_EFFECT_MODES`), so Tactica writes the running generation's shape and reads
 *   the v13 constant on v13 only.
 * Reading: a v14 effect's top-level `changes` is an alias of `system.changes` (no public source
 * says core warns about reading it; Tactica never does), so {@link changesOf} reads
 * `system.changes` whenever the effect has them, and `changes` otherwise (a v13 effect, or
 * v13-shaped data).
 *
 * Expiry (v14): an effect's `duration` is `{value, units, expiry, expired}`; "expiration occurs
 * when both the end of the duration and the expiry event are reached", a null value being
 * "initialized to Infinity" (https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.EffectDurationData.html).
 * Packages add their own events to `CONFIG.ActiveEffect.expiryEvents` (id → label) and handle
 * them (https://foundryvtt.com/api/variables/CONST.ACTIVE_EFFECT_EXPIRY_EVENTS.html: "Other events
 * can be defined by systems and modules, with their handling also left to them"). A core
 * maintainer describes the intended use (foundryvtt#13667): "an effect can be given an expiry event
 * without a duration, which is treated as running indefinitely unless/until the event is reached",
 * and for custom events "the system must announce their occurrence to the registry (currently via
 * `ActiveEffect.registry#refresh`)" — {@link expiringAt} writes exactly that (no 0-second
 * duration), {@link announceExpiry} announces. Which effects an event ends is
 * `ActiveEffect#isExpiryEvent(event, context)`, which systems override for their own events
 * (the `1166-duration-customization` branch of draw-steel, in
 * draw-steel `src/module/documents/active-effect.mjs`; dnd5e
 * `module/documents/active-effect.mjs` after its PR #6837): {@link ownExpiryEvent} is Tactica's
 * answer, given by src/documents/active-effect.ts. The refresh then performs
 * `CONFIG.ActiveEffect.expiryAction` — `"update"` (core's default: `duration.expired` set, the
 * effect stops applying), `"delete"`, or `null` (https://foundryvtt.com/api/classes/foundry.helpers.ActiveEffectRegistry.html,
 * https://foundryvtt.com/api/v14/variables/CONFIG.ActiveEffect.html) — but where it writes is not
 * settled: foundryvtt#13743 (open) reports that `refresh` sets `duration.expired` in memory
 * "without necessarily persisting it" and writes only when the client is NOT the active GM, while
 * a module's measurement of the 14.365 bundle saw the write made by the active GM's client
 * (docs/foundry-behaviour.md §8). So Tactica never relies on the registry to end its own
 * effects: the client that closes a window ends them in the stored document itself
 * ({@link endEffects}, one write per document, deciding from the stored source, never from the
 * in-memory flag), then announces the event for every other effect that waits for it. v13 has none
 * of this: the effects are deleted there.
 * v14-only members are read after checking that they are there (see ./generation.ts); one v14
 * duration is asserted in {@link expiringAt}, where the v13 typings' schema type cannot take it.
 */
import { isV14 } from "./generation";
import { isObject } from "./guards";

/** A change type Tactica writes (v14's `subtract` and `custom` are not used). */
export type ChangeType = "add" | "multiply" | "downgrade" | "upgrade" | "override";

/** One change, as Tactica describes it (generation-neutral). */
export interface EffectChange {
  /** The data path it changes, e.g. `system.profile.att.pressure`. */
  key: string;
  type: ChangeType;
  value: number | string | boolean;
  /** Its order among the changes (core's default: the type's default priority). */
  priority?: number;
}

/** A v13 change. @deprecated v13 */
export interface V13Change {
  key: string;
  mode: CONST.ACTIVE_EFFECT_MODES;
  value: string;
  priority?: number;
}

/** A v14 change. */
export interface V14Change {
  key: string;
  type: ChangeType;
  value: number | string | boolean;
  phase: "initial";
  priority?: number;
}

/** @deprecated v13 — the name in `CONST.ACTIVE_EFFECT_MODES` of each type. */
const V13_MODE_NAMES = {
  multiply: "MULTIPLY",
  add: "ADD",
  downgrade: "DOWNGRADE",
  upgrade: "UPGRADE",
  override: "OVERRIDE",
} as const satisfies Record<ChangeType, keyof typeof CONST.ACTIVE_EFFECT_MODES>;

/** @deprecated v13 — the type of each v13 mode number (0 is CUSTOM). */
const V13_TYPES: readonly string[] = ["custom", "multiply", "add", "downgrade", "upgrade", "override"];

/** The effect data that carries `changes`, in the running generation's shape. */
export type ChangesData = { changes: V13Change[] } | { system: { changes: V14Change[] } };

/**
 * The part of an effect's data (or of a status effect's config, which is effect data:
 * https://foundryvtt.com/api/v14/types/CONFIG.StatusEffectConfig.html) that carries `changes`:
 * `{changes}` on v13, `{system: {changes}}` on v14. Spread it into the effect data.
 */
export function changesData(changes: readonly EffectChange[]): ChangesData {
  if (isV14()) {
    return {
      system: {
        changes: changes.map((c) => ({
          key: c.key,
          type: c.type,
          value: c.value,
          phase: "initial" as const,
          ...priorityOf(c),
        })),
      },
    };
  }
  // @deprecated v13: the top-level shape with numeric modes and string values.
  return {
    changes: changes.map((c) => ({
      key: c.key,
      // Read on v13 only, where the constant is not deprecated.
      mode: CONST.ACTIVE_EFFECT_MODES[V13_MODE_NAMES[c.type]],
      value: String(c.value),
      ...priorityOf(c),
    })),
  };
}

function priorityOf(change: EffectChange): { priority?: number } {
  return change.priority === undefined ? {} : { priority: change.priority };
}

/** A change as read from an effect of either generation. */
export interface ReadChange {
  key: string;
  /** The change type (a v13 mode is read as its v14 type). */
  type: string;
  /** As stored: a string on v13, any JSON value on v14. */
  value: unknown;
}

function readChange(raw: unknown): ReadChange | null {
  if (!isObject(raw) || !("key" in raw) || typeof raw.key !== "string") return null;
  const type = "type" in raw ? raw.type : undefined;
  const mode = "mode" in raw ? raw.mode : undefined;
  const kind = typeof type === "string" ? type : typeof mode === "number" ? (V13_TYPES[mode] ?? "custom") : "custom";
  return { key: raw.key, type: kind, value: "value" in raw ? raw.value : undefined };
}

/**
 * The changes of an effect of either generation (a document, its source, or a status effect's
 * config): `system.changes` when the effect has them (v14; its top-level `changes` is then an
 * alias, never read), else the top-level `changes` (v13).
 */
export function changesOf(effect: unknown): ReadChange[] {
  if (!isObject(effect)) return [];
  const system = "system" in effect ? effect.system : undefined;
  const v14 = isObject(system) && "changes" in system ? system.changes : undefined;
  const v13 = Array.isArray(v14) || !("changes" in effect) ? undefined : effect.changes;
  const list = Array.isArray(v14) ? v14 : Array.isArray(v13) ? v13 : [];
  return list.flatMap((raw) => {
    const change = readChange(raw);
    return change ? [change] : [];
  });
}

/* ------------------------------------------------------------------------------- v14 expiry */

/**
 * v14's expiry registry, `ActiveEffect.registry` (https://foundryvtt.com/api/v14/classes/foundry.documents.ActiveEffect.html,
 * https://foundryvtt.com/api/classes/foundry.helpers.ActiveEffectRegistry.html): a static the v13
 * typings cannot be told about, so it is checked to be there.
 */
interface ExpiryRegistry {
  refresh(event: string, context?: { actors?: Set<unknown> }): Promise<void>;
}

function isExpiryRegistry(value: unknown): value is ExpiryRegistry {
  return isObject(value) && "refresh" in value && typeof value.refresh === "function";
}

/**
 * v14's `CONFIG.ActiveEffect.expiryAction` (https://foundryvtt.com/api/v14/variables/CONFIG.ActiveEffect.html);
 * `undefined` on v13. CONFIG's entry for a document is a fixed object type in the v13 typings, which
 * no declaration can extend, so its v14 members are checked to be there.
 */
function expiryAction(): unknown {
  const config = CONFIG.ActiveEffect;
  return "expiryAction" in config ? config.expiryAction : undefined;
}

/**
 * Registers expiry events (id → label language key) in `CONFIG.ActiveEffect.expiryEvents` (v14: an
 * object core creates, https://foundryvtt.com/api/v14/variables/CONFIG.ActiveEffect.html), on
 * `init` (core reads the list once). Nothing on v13, which has no expiry events.
 */
export function registerExpiryEvents(events: Readonly<Record<string, string>>): void {
  // @deprecated v13: no expiry events before v14.
  if (!isV14()) return;
  const config = CONFIG.ActiveEffect;
  if ("expiryEvents" in config) {
    config.expiryEvents = { ...(isObject(config.expiryEvents) ? config.expiryEvents : {}), ...events };
  }
}

/** The `duration` of an effect that lasts until an event (v14), and its icon always shown on tokens. */
export interface ExpiringData {
  duration?: ActiveEffect.CreateData["duration"];
  /** v14 only (`CONST.ACTIVE_EFFECT_SHOW_ICON`) */
  showIcon?: number;
}

/**
 * The data that makes an actor's effect last until `event` on v14: the expiry event without a
 * duration (`value` null), as core's maintainer describes it (foundryvtt#13667, see the module
 * comment), and `showIcon` ALWAYS (2: `CONST.ACTIVE_EFFECT_SHOW_ICON`,
 * https://foundryvtt.com/api/variables/CONST.ACTIVE_EFFECT_SHOW_ICON.html) so the token shows it
 * until then. `{}` on v13, which has no expiry events.
 */
export function expiringAt(event: string): ExpiringData {
  // @deprecated v13: no expiry events before v14.
  if (!isV14()) return {};
  const data = { duration: { value: null, expiry: event }, showIcon: 2 };
  // v14's duration (https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.EffectDurationData.html)
  // in the v13 typings' schema type, which no declaration can extend and which shares none of its
  // members (`value`, `expiry`): asserted here, once.
  return data as ExpiringData;
}

/** An effect as the expiry reads it: its stored source, and its prepared `duration`. */
export interface ExpiringEffect {
  readonly id: string | null;
  readonly _source?: unknown;
  readonly duration?: unknown;
}

/**
 * The effect's stored duration (its `_source`'s), else the prepared one (plain data). The registry
 * changes the prepared `duration` in memory (foundryvtt#13743), never the source: what is stored
 * is what every client gets back after a reload.
 */
function storedDuration(effect: { readonly _source?: unknown; readonly duration?: unknown }): unknown {
  const source = effect._source;
  return isObject(source) && "duration" in source ? source.duration : effect.duration;
}

/** v14: the expiry event an effect waits for (its stored `duration.expiry`), or null (none, or v13). */
export function expiryOf(effect: { readonly _source?: unknown; readonly duration?: unknown }): string | null {
  const duration = storedDuration(effect);
  const expiry = isObject(duration) && "expiry" in duration ? duration.expiry : undefined;
  return typeof expiry === "string" && expiry !== "" ? expiry : null;
}

/** v14: whether the stored document says the effect expired (`duration.expired` in its source). */
export function isEndedInSource(effect: { readonly _source?: unknown; readonly duration?: unknown }): boolean {
  const duration = storedDuration(effect);
  return isObject(duration) && "expired" in duration && duration.expired === true;
}

/** A document holding effects (an actor or an item), as the expiry reads and writes it. */
export interface EffectHost {
  readonly effects: Iterable<ExpiringEffect>;
  deleteEmbeddedDocuments(name: "ActiveEffect", ids: string[]): Promise<unknown>;
  updateEmbeddedDocuments(name: "ActiveEffect", updates: Record<string, unknown>[]): Promise<unknown>;
}

/**
 * Ends `effects` of `host` in the stored document, in ONE write: deleted; or, with `keep` on v14,
 * kept and marked expired (`duration.expired`: core's "update" action, the effect no longer
 * applies) — unless the world's expiry action is "delete", which deletes them. Kept, an effect
 * whose stored source already says expired is left alone (the in-memory flag is not read). v13 has
 * no expired state: they are deleted whatever `keep` says. Returns how many it ended.
 */
export async function endEffects(host: EffectHost, effects: Iterable<ExpiringEffect>, keep = false): Promise<number> {
  // @deprecated v13: nothing to keep an ended effect as before v14.
  const marking = keep && isV14() && expiryAction() !== "delete";
  const ids: string[] = [];
  for (const effect of effects) if (effect.id && !(marking && isEndedInSource(effect))) ids.push(effect.id);
  if (!ids.length) return 0;
  if (!marking) await host.deleteEmbeddedDocuments("ActiveEffect", ids);
  else
    await host.updateEmbeddedDocuments(
      "ActiveEffect",
      ids.map((_id) => ({ _id, "duration.expired": true })),
    );
  return ids.length;
}

/**
 * v14: announces that `events` happened to `actors` (core's `ActiveEffect.registry.refresh(event,
 * {actors})`, each event once): core then applies the world's expiry action to the other effects
 * that wait for them (a GM's own effect given one of Tactica's events, a module's). Tactica ends its
 * own effects before announcing ({@link endEffects}), so the registry finds none of them left to
 * expire. Nothing on v13.
 */
export async function announceExpiry(events: string | readonly string[], actors: Iterable<unknown>): Promise<void> {
  // @deprecated v13: no expiry events before v14.
  if (!isV14()) return;
  const list = new Set(actors);
  const ids = typeof events === "string" ? [events] : [...new Set(events)];
  const registry = "registry" in ActiveEffect ? ActiveEffect.registry : undefined;
  if (!list.size || !isExpiryRegistry(registry)) return;
  for (const event of ids) await registry.refresh(event, { actors: list });
}

/** The actor an effect belongs to: its parent, or its item's parent. */
function actorOf(effect: { readonly parent?: unknown }): unknown {
  const parent = effect.parent;
  if (!isObject(parent)) return null;
  if ("documentName" in parent && parent.documentName === "Actor") return parent;
  return "parent" in parent ? parent.parent : null;
}

/** Whether `actors` (a refresh's `context.actors`: a Set, or an array) holds `actor`; no list holds every actor. */
function holds(actors: unknown, actor: unknown): boolean {
  if (actors instanceof Set) return actors.has(actor);
  if (Array.isArray(actors)) return actors.includes(actor);
  return actors === undefined || actors === null;
}

/**
 * `ActiveEffect#isExpiryEvent(event, context)` for the events of `own` (Tactica's): the effect waits
 * for that very event (its stored expiry) and belongs to one of the refresh's actors (all, when it
 * names none), as draw-steel's override decides for its own events. `null` for any other event:
 * the caller defers to core's own method ({@link coreExpiryEvent}).
 */
export function ownExpiryEvent(
  effect: { readonly _source?: unknown; readonly duration?: unknown; readonly parent?: unknown },
  event: string,
  context: unknown,
  own: ReadonlySet<string>,
): boolean | null {
  if (!own.has(event)) return null;
  if (expiryOf(effect) !== event) return false;
  return holds(isObject(context) && "actors" in context ? context.actors : undefined, actorOf(effect));
}

/**
 * Core's `isExpiryEvent` (v14) of the class `base` (the prototype an override extends), called on
 * `effect`: a method the v13 typings do not know, so it is looked up. `false` where there is none (v13).
 */
export function coreExpiryEvent(base: object, effect: object, event: string, context: unknown): boolean {
  const method: unknown = Reflect.get(base, "isExpiryEvent");
  return typeof method === "function" ? Boolean(method.call(effect, event, context)) : false;
}
