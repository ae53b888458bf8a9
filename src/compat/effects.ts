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
 * Reading: a v14 effect's top-level `changes` is a deprecated alias of `system.changes`, so
 * {@link changesOf} reads `system.changes` whenever the effect has them, and `changes` otherwise
 * (a v13 effect, or v13-shaped data).
 *
 * Expiry (v14): an effect's `duration` is `{value, units, expiry, expired}`; "expiration occurs
 * when both the end of the duration and the expiry event are reached", a null value being an
 * unending duration (https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.EffectDurationData.html).
 * Packages add their own events to `CONFIG.ActiveEffect.expiryEvents` (id → label) and handle
 * them (https://foundryvtt.com/api/variables/CONST.ACTIVE_EFFECT_EXPIRY_EVENTS.html: "Other events
 * can be defined by systems and modules, with their handling also left to them") by calling
 * `ActiveEffect.registry.refresh(event, {actors})`, which refreshes durations and performs
 * `CONFIG.ActiveEffect.expiryAction` on the effects that expired — `"update"` (core's default:
 * `duration.expired` set, the effect stops applying), `"delete"`, or `null` (nothing)
 * (https://foundryvtt.com/api/classes/foundry.helpers.ActiveEffectRegistry.html,
 * https://foundryvtt.com/api/v14/variables/CONFIG.ActiveEffect.html; the yeet module's page:
 * v14 "only disables expired effects by default"). The API pages do not say on which client core
 * writes that action (one writer per world is likely: the active GM), so after the refresh, the
 * client that handles the event (a GM, or the actor's owner) writes the same action itself for
 * whatever effect of the event is still unexpired: one write per actor, whoever wrote it. A world
 * that set the action to `null` still gets its rules windows closed (`"update"`). v13 has none of
 * this: the pressure windows close by deleting their effects there (src/effects/pressure-windows.ts).
 *
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
 * config): `system.changes` when the effect has them (v14; its top-level `changes` is then a
 * deprecated alias, never read), else the top-level `changes` (v13).
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

/** The `duration` of an effect core expires at `event` (v14), and its icon always shown on tokens. */
export interface ExpiringData {
  duration?: ActiveEffect.CreateData["duration"];
  /** v14 only (`CONST.ACTIVE_EFFECT_SHOW_ICON`) */
  showIcon?: number;
}

/**
 * The data that makes an actor's effect expire at `event` on v14: a duration already run out
 * (`value` 0), so the event alone ends it, and `showIcon` ALWAYS (2: `CONST.ACTIVE_EFFECT_SHOW_ICON`,
 * https://foundryvtt.com/api/variables/CONST.ACTIVE_EFFECT_SHOW_ICON.html) so the token shows it
 * until then. `{}` on v13, which has no expiry events (the caller closes the effect itself there).
 */
export function expiringAt(event: string): ExpiringData {
  // @deprecated v13: no expiry events before v14.
  if (!isV14()) return {};
  const data = { duration: { value: 0, units: "seconds", expiry: event, expired: false }, showIcon: 2 };
  // v14's duration (https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.EffectDurationData.html)
  // in the v13 typings' schema type, which no declaration can extend and which shares none of its
  // members (`value`, `units`, `expiry`, `expired`): asserted here, once.
  return data as ExpiringData;
}

/** An effect as the expiry reads it (v14's prepared `duration`; v13's has other members). */
interface ExpiringEffect {
  readonly id: string | null;
  readonly duration?: unknown;
}

/** v14: the expiry event an effect waits for (`duration.expiry`), or null (none, or v13). */
export function expiryOf(effect: { readonly duration?: unknown }): string | null {
  const duration = effect.duration;
  const expiry = isObject(duration) && "expiry" in duration ? duration.expiry : undefined;
  return typeof expiry === "string" && expiry !== "" ? expiry : null;
}

/** v14: whether the effect has expired (`duration.expired`). */
function isExpired(effect: { readonly duration?: unknown }): boolean {
  const duration = effect.duration;
  return isObject(duration) && "expired" in duration && duration.expired === true;
}

/** An actor as the expiry reads and writes it. */
export interface EffectHost {
  readonly effects: Iterable<ExpiringEffect>;
  deleteEmbeddedDocuments(name: "ActiveEffect", ids: string[]): Promise<unknown>;
  updateEmbeddedDocuments(name: "ActiveEffect", updates: Record<string, unknown>[]): Promise<unknown>;
}

/** The ids of `actor`'s effects that wait for `event` and have not expired yet. */
export function waitingFor(actor: EffectHost, event: string): string[] {
  const ids: string[] = [];
  for (const effect of actor.effects) {
    if (effect.id && expiryOf(effect) === event && !isExpired(effect)) ids.push(effect.id);
  }
  return ids;
}

/**
 * v14: `events` happened to `actors` — core's registry refreshes their effects' durations and, on
 * the active GM, performs the world's expiry action; then whatever effect of those events is still
 * unexpired gets that action from this client, in one write per actor (see the module comment).
 * Returns how many effects this client expired (0 on v13). Call it from the client that may write
 * the actors (their owner or a GM).
 */
export async function expireAt(events: string | readonly string[], actors: Iterable<EffectHost>): Promise<number> {
  // @deprecated v13: no expiry events before v14 (nothing waits for one).
  if (!isV14()) return 0;
  const list = [...new Set(actors)];
  const ids = typeof events === "string" ? [events] : [...new Set(events)];
  if (!list.length || !ids.length) return 0;
  const registry = "registry" in ActiveEffect ? ActiveEffect.registry : undefined;
  if (isExpiryRegistry(registry)) for (const event of ids) await registry.refresh(event, { actors: new Set(list) });
  const action = expiryAction();
  let expired = 0;
  for (const actor of list) {
    const waiting = ids.flatMap((event) => waitingFor(actor, event));
    if (!waiting.length) continue;
    if (action === "delete") await actor.deleteEmbeddedDocuments("ActiveEffect", waiting);
    else
      await actor.updateEmbeddedDocuments(
        "ActiveEffect",
        waiting.map((_id) => ({ _id, "duration.expired": true })),
      );
    expired += waiting.length;
  }
  return expired;
}
