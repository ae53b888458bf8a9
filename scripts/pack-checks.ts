/**
 * Checks of pack documents beyond ids and keys (run by the build before packs are compiled):
 * - the document subtype must be one the manifest declares;
 * - its `system` data must match the data model of that subtype exactly: no unknown key, every
 *   value of the right type and within its bounds and choices (checked as stored, WITHOUT the
 *   cleaning Foundry would do, so a 12 in a 0–10 field fails instead of being clamped; only
 *   missing fields take their initial value), the joint rules of the model (e.g. attributes the
 *   rules accept), and no old shape a migration would rewrite. Embedded items of actor packs are
 *   checked the same way;
 * - every `@UUID[…]` link points at a document of this system's packs that exists (a compendium
 *   cannot link a world document, so any other UUID is broken for every world);
 * - every document, embedded ones included, carries `_stats` for this system: a v13+ core version,
 *   this system's id, a system version no newer than the manifest's, no author, times or sources
 *   (`npm run packs:stamp` adds them);
 * - pack content stays in v13's shape, which v14 reads and migrates in memory while v13 cannot
 *   read v14's (issue 14; dnd5e 5.3.3 and draw-steel 1.0 packs are all core 13.x): no
 *   `_stats.coreVersion` 14 or later, and no Active Effect — on an actor, an item, or an actor's
 *   item — with v14 data: `system.changes`, a change `type` (v13 has a numeric `mode`), the v14
 *   duration keys `value`/`units`/`expiry`/`expired`, `start` or `showIcon`
 *   (https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.ActiveEffectData.html,
 *   https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.EffectDurationData.html);
 * - a player character's prototype token is linked, friendly and has sight, and a unit's first
 *   bar is its headcount — what a new actor gets (src/data/actor/*.ts `_preCreate`), which an
 *   import from a compendium does not get, since it carries the pack's token.
 * The models are evaluated in Node with the data layer of the Foundry fake (test/foundry).
 */
import path from "node:path";
import { readManifest } from "./manifest";
import { embeddedDocuments, readPackSources, type DocumentCheck, type PackManifest } from "./packs";
import { installDataLayer } from "../test/foundry/fake-data";

/** What the checks read of a model class (the fake's DataModel API). */
interface CheckedModel {
  schema: CheckedField;
  validationFailures(source: Record<string, unknown>, options?: { partial?: boolean }): string[];
}

interface CheckedField {
  fields?: Record<string, CheckedField>;
  element?: CheckedField;
  getInitialValue(): unknown;
}

type Models = Record<string, Record<string, CheckedModel | undefined>>;
type Migrate = (
  documentName: "Actor" | "Item" | "ChatMessage",
  type: string,
  system: Record<string, unknown>,
) => boolean;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Keys of `value` the schema does not have, as `system.<path>` (arrays checked per element). */
function unknownKeys(field: CheckedField, value: unknown, path: string): string[] {
  if (field.fields && isObject(value)) {
    return Object.entries(value).flatMap(([key, inner]) => {
      const child = field.fields![key];
      return child ? unknownKeys(child, inner, `${path}.${key}`) : [`${path}.${key}: unknown key`];
    });
  }
  if (field.element && Array.isArray(value))
    return value.flatMap((v, i) => unknownKeys(field.element!, v, `${path}.${i}`));
  return [];
}

/**
 * `value` with the fields it leaves out given their initial values (as Foundry fills them), and
 * nothing else changed: no cast, no clamping, so wrong values still fail validation.
 */
function withDefaults(field: CheckedField, value: unknown): unknown {
  if (field.fields && isObject(value)) {
    const out: Record<string, unknown> = { ...value };
    for (const [key, child] of Object.entries(field.fields)) {
      out[key] = key in value ? withDefaults(child, value[key]) : child.getInitialValue();
    }
    return out;
  }
  if (field.element && Array.isArray(value)) return value.map((v) => withDefaults(field.element!, v));
  return value;
}

/** Every problem of one document's `system` against the model of its type. */
function systemProblems(
  models: Models,
  migrate: Migrate,
  documentName: string,
  doc: Record<string, unknown>,
): string[] {
  const model = models[documentName]?.[String(doc.type)];
  if (!model) return [];
  const system = isObject(doc.system) ? doc.system : {};
  const label = `"${String(doc.name)}" (${String(doc.type)})`;
  const problems = unknownKeys(model.schema, system, "system");
  const complete = withDefaults(model.schema, structuredClone(system)) as Record<string, unknown>;
  problems.push(...model.validationFailures(complete).map((f) => `system.${f}`));
  if (migrate(documentName as "Actor" | "Item", String(doc.type), structuredClone(system))) {
    problems.push("system: old data shape (a migration step rewrites it; update the source)");
  }
  const own = problems.map((p) => `${label} ${p}`);
  const items = documentName === "Actor" && Array.isArray(doc.items) ? (doc.items as Record<string, unknown>[]) : [];
  return [
    ...own,
    ...items.flatMap((item) => systemProblems(models, migrate, "Item", item).map((p) => `${label} item ${p}`)),
  ];
}

/** Every string inside `value` (descriptions, page texts, biographies…), depth first. */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (isObject(value)) return Object.values(value).flatMap(stringsOf);
  return [];
}

const UUID_LINK = /@UUID\[([^\]]*)\]/g;

/** Ids of the documents a pack holds, and of each one's embedded pages (for page links). */
interface PackIndex {
  type: string;
  ids: Map<string, Set<string>>;
}

/**
 * Broken `@UUID` links of the sources under `root`. A link must read
 * `Compendium.<systemId>.<pack>.<DocumentType>.<id>` (optionally `.JournalEntryPage.<pageId>`),
 * with a declared pack of that type holding that id (and page).
 */
export function uuidLinkCheck(root: string, packs: PackManifest[], systemId: string): DocumentCheck {
  const index = new Map<string, PackIndex>();
  for (const pack of packs) {
    const ids = new Map<string, Set<string>>();
    for (const { doc } of readPackSources(root, pack)) {
      const pages = Array.isArray(doc.pages) ? (doc.pages as Record<string, unknown>[]).map((p) => String(p._id)) : [];
      ids.set(String(doc._id), new Set(pages));
    }
    index.set(pack.name, { type: pack.type, ids });
  }
  const problem = (uuid: string): string | null => {
    const [scope, system, packName, type, id, subType, subId, ...rest] = uuid.split(".");
    if (scope !== "Compendium" || system !== systemId) return "not a link into this system's compendiums";
    const pack = index.get(packName ?? "");
    if (!pack) return `no pack "${packName}"`;
    if (type !== pack.type) return `pack "${packName}" holds ${pack.type}, not ${type}`;
    const pages = pack.ids.get(id ?? "");
    if (!pages) return `no document ${id} in pack "${packName}"`;
    if (subType === undefined) return null;
    if (subType !== "JournalEntryPage" || !subId || rest.length) return "unsupported embedded link";
    return pages.has(subId) ? null : `no page ${subId} in ${id}`;
  };
  return (_pack, doc) =>
    stringsOf(doc).flatMap((text) =>
      [...text.matchAll(UUID_LINK)].flatMap((m) => {
        const why = problem(m[1] ?? "");
        return why ? [`broken link @UUID[${m[1]}]: ${why}`] : [];
      }),
    );
}

/** `a` compared with `b`, dotted numeric versions (`13.351`, `0.1.0`): negative, 0 or positive. */
function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

const VERSION = /^\d+(\.\d+)*$/;

/** The problems of one document's `_stats` (see the module comment). */
function statsProblems(stats: unknown, systemId: string, systemVersion: string): string[] {
  if (!isObject(stats)) return ["_stats: missing (run npm run packs:stamp)"];
  const problems: string[] = [];
  const core = String(stats.coreVersion ?? "");
  if (!VERSION.test(core) || compareVersions(core, "13") < 0 || compareVersions(core, "14") >= 0)
    problems.push(
      `_stats.coreVersion: ${JSON.stringify(stats.coreVersion)} is not a v13 core version (pack content keeps v13 shapes)`,
    );
  if (stats.systemId !== systemId) problems.push(`_stats.systemId: must be "${systemId}"`);
  const version = String(stats.systemVersion ?? "");
  if (!VERSION.test(version) || compareVersions(version, systemVersion) > 0)
    problems.push(
      `_stats.systemVersion: ${JSON.stringify(stats.systemVersion)} is not a version up to ${systemVersion}`,
    );
  for (const key of [
    "createdTime",
    "modifiedTime",
    "lastModifiedBy",
    "compendiumSource",
    "duplicateSource",
    "exportSource",
  ]) {
    if (stats[key] !== null) problems.push(`_stats.${key}: must be null in pack content`);
  }
  return problems;
}

/** `_stats` of a pack document and of its embedded documents. */
export function statsCheck(systemId: string, systemVersion: string): DocumentCheck {
  return (pack, doc) => [
    ...statsProblems(doc._stats, systemId, systemVersion),
    ...embeddedDocuments(pack.type, doc).flatMap((child) =>
      statsProblems(child._stats, systemId, systemVersion).map((p) => `embedded ${String(child._id)} ${p}`),
    ),
  ];
}

/** The v14 duration keys (v13's are `startTime, seconds, combat, rounds, turns, startRound, startTurn`). */
const V14_DURATION_KEYS = ["value", "units", "expiry", "expired"];

/** The v14-only data of one Active Effect's source. */
function v14EffectProblems(effect: Record<string, unknown>): string[] {
  const label = `effect "${String(effect.name)}"`;
  const problems: string[] = [];
  if (isObject(effect.system) && "changes" in effect.system)
    problems.push(`${label}: system.changes is v14's shape (write changes with a numeric mode)`);
  const changes = Array.isArray(effect.changes) ? (effect.changes as unknown[]) : [];
  if (changes.some((c) => isObject(c) && ("type" in c || "phase" in c)))
    problems.push(`${label}: a change with a type or phase is v14's shape (v13: mode)`);
  const duration = isObject(effect.duration) ? effect.duration : {};
  for (const key of V14_DURATION_KEYS)
    if (key in duration) problems.push(`${label}: duration.${key} is a v14 duration key`);
  for (const key of ["start", "showIcon"]) if (key in effect) problems.push(`${label}: ${key} is v14 data`);
  return problems;
}

/** Active Effects in v14's shape on a pack document, its items or their effects (see the module comment). */
export const v13ShapeCheck: DocumentCheck = (_pack, doc) => {
  const effectsOf = (d: Record<string, unknown>) =>
    Array.isArray(d.effects) ? (d.effects as Record<string, unknown>[]) : [];
  const items = Array.isArray(doc.items) ? (doc.items as Record<string, unknown>[]) : [];
  return [
    ...effectsOf(doc).flatMap(v14EffectProblems),
    ...items.flatMap((item) =>
      effectsOf(item)
        .flatMap(v14EffectProblems)
        .map((p) => `item "${String(item.name)}" ${p}`),
    ),
  ];
};

/** The prototype token a new actor of each type gets, which pack actors must carry themselves. */
export const tokenCheck: DocumentCheck = (pack, doc) => {
  if (pack.type !== "Actor") return [];
  const token = isObject(doc.prototypeToken) ? doc.prototypeToken : {};
  const sight = isObject(token.sight) ? token.sight : {};
  const bar1 = isObject(token.bar1) ? token.bar1 : {};
  if (doc.type === "character" && (token.actorLink !== true || token.disposition !== 1 || sight.enabled !== true)) {
    return [
      "prototypeToken: a player character's token must be linked (actorLink true), friendly (disposition 1) and see (sight.enabled true)",
    ];
  }
  if (doc.type === "unit" && bar1.attribute !== "figures")
    return ['prototypeToken.bar1.attribute: a unit shows its headcount, "figures"'];
  return [];
};

export async function packSchemaChecks(root = path.join(process.cwd(), "packs", "_source")): Promise<DocumentCheck[]> {
  const manifest = readManifest();
  const declared = (manifest.documentTypes ?? {}) as Record<string, Record<string, unknown>>;
  const subtypeCheck: DocumentCheck = (pack, doc) => {
    const types = declared[pack.type];
    if (!types) return [];
    const type = doc.type;
    return typeof type === "string" && type in types
      ? []
      : [`type ${JSON.stringify(type)} is not a declared ${pack.type} subtype (${Object.keys(types).join(", ")})`];
  };
  // The models extend foundry.abstract.TypeDataModel: give them the fake's data layer first.
  installDataLayer();
  const { dataModels } = await import("../src/data/index");
  const { migrateSystem } = await import("../src/data/migration/steps");
  // The maps are typed with fvtt-types' TypeDataModel statics; at build time they are the fake's
  // classes, whose validation API (CheckedModel) the checks use.
  const models = dataModels as unknown as Models;
  const schemaCheck: DocumentCheck = (pack, doc) => systemProblems(models, migrateSystem, pack.type, doc);
  return [
    subtypeCheck,
    schemaCheck,
    uuidLinkCheck(root, manifest.packs, manifest.id),
    statsCheck(manifest.id, manifest.version),
    tokenCheck,
    v13ShapeCheck,
  ];
}
