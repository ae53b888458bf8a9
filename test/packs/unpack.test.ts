import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { ClassicLevel } from "classic-level";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readManifest } from "../../scripts/manifest";
import { compilePacks, type PackManifest } from "../../scripts/packs";
import { resolveSystemDir, serialise, sourceFileName, unpackPacks } from "../../scripts/unpack";

// `npm run unpack` brings packs edited in Foundry back into packs/_source. The packs are built
// with the same Foundry CLI as the build, and read back with its extractPack.

const temps: string[] = [];
const temp = (label: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tactica-${label}-`));
  temps.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

/** Every file under `dir` with its text, by relative path. */
const tree = (dir: string): Record<string, string> =>
  Object.fromEntries(
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => {
        const full = path.join(e.parentPath, e.name);
        return [path.relative(dir, full), fs.readFileSync(full, "utf8")];
      })
      .sort(([a], [b]) => a!.localeCompare(b!)),
  );

const writeJson = (file: string, doc: unknown) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, serialise(doc as Record<string, never>));
};

describe("npm run unpack — round trip of the shipped sources", () => {
  const sources = path.join("packs", "_source");
  const packs = readManifest().packs;
  let system: string;

  beforeAll(async () => {
    system = temp("built");
    await compilePacks(packs, sources, system);
  });

  it("writes back every source file byte for byte, under the same names", async () => {
    const out = temp("unpacked");
    const reports = await unpackPacks({ systemDir: system, packs, referenceRoot: sources, outRoot: out });
    const unpacked = tree(out);
    expect(Object.keys(unpacked)).toEqual(Object.keys(tree(sources)));
    for (const [file, text] of Object.entries(tree(sources))) expect(unpacked[file], file).toBe(text);
    expect(reports.every((r) => r.warnings.length === 0 && r.removed.length === 0)).toBe(true);

    // A second run over its own output changes nothing.
    const again = await unpackPacks({ systemDir: system, packs, referenceRoot: out, outRoot: out });
    expect(again.map((r) => [r.changed, r.added, r.removed])).toEqual(packs.map(() => [[], [], []]));
    expect(tree(out)).toEqual(unpacked);
  });
});

// A small pack as Foundry v13 saves it after a GM's edits: every document complete, keys in the
// schema's order, `_stats` stamped with times, author and versions.
const items: PackManifest = { name: "gear", label: "Gear", type: "Item", path: "packs/gear" };
const tables: PackManifest = { name: "tables", label: "Tables", type: "RollTable", path: "packs/tables" };
const sourceStats = {
  coreVersion: "13.351",
  systemId: "tactica",
  systemVersion: "0.1.0",
  createdTime: null,
  modifiedTime: null,
  lastModifiedBy: null,
  compendiumSource: null,
  duplicateSource: null,
  exportSource: null,
};
const savedStats = (over: Record<string, unknown> = {}) => ({
  compendiumSource: "Item.Wq8NvXcTzY1pLmRa",
  duplicateSource: null,
  exportSource: null,
  coreVersion: "13.351",
  systemId: "tactica",
  systemVersion: "0.1.0",
  createdTime: 1764581000000,
  modifiedTime: 1764582000000,
  lastModifiedBy: "gmUser0000000001",
  ...over,
});
const core = { effects: [], folder: null, sort: 0, ownership: { default: 0 }, flags: {} };

const PISTOL = "pistolPistol0001";
const SHIELD = "shieldShield0001";
const VEST = "vestVestVest0001";
const TABLE = "panicPanicPanic1";

function sources(root: string): void {
  writeJson(path.join(root, "gear", "pistolet.json"), {
    _id: PISTOL,
    _stats: sourceStats,
    _key: `!items!${PISTOL}`,
    name: "Pistolet",
    type: "weapon",
    img: "icons/svg/sword.svg",
    system: { damage: 2, range: "ranged" },
  });
  writeJson(path.join(root, "gear", "armures", "bouclier.json"), {
    _id: SHIELD,
    _stats: sourceStats,
    _key: `!items!${SHIELD}`,
    name: "Bouclier",
    type: "gear",
    sort: 0,
    system: { weight: "light" },
  });
  writeJson(path.join(root, "gear", "gilet.json"), {
    _id: VEST,
    _stats: sourceStats,
    _key: `!items!${VEST}`,
    name: "Gilet",
    type: "armor",
    system: {},
  });
  writeJson(path.join(root, "tables", "panique.json"), {
    _id: TABLE,
    _key: `!tables!${TABLE}`,
    name: "Panique",
    formula: "1d10",
    results: [
      { _id: "resultResult0001", _key: `!tables.results!${TABLE}.resultResult0001`, name: "Tenir", range: [1, 5] },
    ],
  });
}

/** The packs as Foundry saved them (written through the CLI, which stores what it is given). */
async function savedPacks(docs: {
  gear: Record<string, unknown>[];
  tables: Record<string, unknown>[];
}): Promise<string> {
  const system = temp("foundry");
  for (const [name, list] of Object.entries(docs)) {
    const src = temp(`saved-${name}`);
    for (const doc of list) writeJson(path.join(src, `${String(doc._id)}.json`), doc);
    await compilePack(src, path.join(system, "packs", name), { recursive: true });
  }
  return system;
}

const savedPistol = (over: Record<string, unknown> = {}) => ({
  _id: PISTOL,
  name: "Pistolet",
  type: "weapon",
  img: "icons/svg/sword.svg",
  system: { range: "ranged", damage: 2 },
  ...core,
  _stats: savedStats(),
  _key: `!items!${PISTOL}`,
  ...over,
});
const savedShield = {
  _id: SHIELD,
  name: "Bouclier",
  type: "gear",
  system: { weight: "light" },
  ...core,
  _stats: savedStats(),
  _key: `!items!${SHIELD}`,
};
const savedTable = (results: Record<string, unknown>[]) => ({
  _id: TABLE,
  name: "Panique",
  formula: "1d10",
  results,
  folder: null,
  sort: 0,
  ownership: { default: 0 },
  flags: {},
  _stats: savedStats(),
  _key: `!tables!${TABLE}`,
});
const savedResult = (id: string, name: string, range: number[]) => ({
  _id: id,
  type: "text",
  name,
  range,
  flags: {},
  _stats: savedStats(),
  _key: `!tables.results!${TABLE}.${id}`,
});

describe("npm run unpack — a pack edited in Foundry", () => {
  it("writes each document to its own file in the sources' key order, without what core adds on save", async () => {
    const root = temp("sources");
    sources(root);
    const before = tree(root);
    const system = await savedPacks({
      gear: [
        savedPistol({ name: "Pistolet lourd", system: { range: "ranged", damage: 3, quantity: 1 }, sort: 200 }),
        savedShield,
        {
          _id: "rifleRifleRifle1",
          name: "Fusil à plasma, modèle II",
          type: "weapon",
          img: "icons/svg/sword.svg",
          system: { damage: 4 },
          ...core,
          _stats: savedStats(),
          _key: "!items!rifleRifleRifle1",
        },
      ],
      tables: [
        savedTable([
          savedResult("resultResult0001", "Tenir bon", [1, 5]),
          savedResult("resultResult0002", "Fuir", [6, 10]),
        ]),
      ],
    });

    const reports = await unpackPacks({
      systemDir: system,
      packs: [items, tables],
      referenceRoot: root,
      outRoot: root,
    });
    const after = tree(root);

    // Edited: same file, source key order (new keys after), volatile _stats nulled, blanks dropped
    // (a moved document keeps its sort).
    expect(after["gear/pistolet.json"]).toBe(
      serialise({
        _id: PISTOL,
        _stats: sourceStats,
        _key: `!items!${PISTOL}`,
        name: "Pistolet lourd",
        type: "weapon",
        img: "icons/svg/sword.svg",
        system: { damage: 3, range: "ranged", quantity: 1 },
        sort: 200,
      }),
    );
    // Saved but not edited (only _stats and core's blanks): the file is left as it was, and a key
    // the source states (sort) stays.
    expect(after["gear/armures/bouclier.json"]).toBe(before["gear/armures/bouclier.json"]);
    // New: named after its name, keys in the order of a source of its type.
    expect(after["gear/fusil-a-plasma-modele-ii.json"]).toBe(
      serialise({
        _id: "rifleRifleRifle1",
        _stats: sourceStats,
        _key: "!items!rifleRifleRifle1",
        name: "Fusil à plasma, modèle II",
        type: "weapon",
        img: "icons/svg/sword.svg",
        system: { damage: 4 },
      }),
    );
    // Deleted in Foundry: its file goes.
    expect(after["gear/gilet.json"]).toBeUndefined();
    // Embedded results: the edited one in its source order and the new one in its sibling's, the
    // keys the source lacks after them in the order Foundry saved them; flags {} dropped.
    const table = JSON.parse(after["tables/panique.json"]!) as { results: Record<string, unknown>[] };
    expect(table.results.map((r) => Object.keys(r))).toEqual([
      ["_id", "_key", "name", "range", "type", "_stats"],
      ["_id", "_key", "name", "range", "type", "_stats"],
    ]);
    expect(table.results.map((r) => [r.name, (r._stats as { modifiedTime: unknown }).modifiedTime])).toEqual([
      ["Tenir bon", null],
      ["Fuir", null],
    ]);
    expect(Object.keys(table)).toEqual(["_id", "_key", "name", "formula", "results", "_stats"]);

    expect(
      reports.map(({ pack, unchanged, changed, added, removed }) => ({ pack, unchanged, changed, added, removed })),
    ).toEqual([
      {
        pack: "gear",
        unchanged: 1,
        changed: ["pistolet.json"],
        added: ["fusil-a-plasma-modele-ii.json"],
        removed: ["gilet.json"],
      },
      { pack: "tables", unchanged: 0, changed: ["panique.json"], added: [], removed: [] },
    ]);
  });

  it("leaves a document alone when a save only moved its core and system versions", async () => {
    const root = temp("sources");
    sources(root);
    const before = tree(root);
    const system = await savedPacks({
      gear: [
        savedPistol({ _stats: savedStats({ coreVersion: "13.352", systemVersion: "0.2.0" }) }),
        savedShield,
        { ...savedShield, _id: VEST, _key: `!items!${VEST}`, name: "Gilet", type: "armor", system: {} },
      ],
      tables: [savedTable([savedResult("resultResult0001", "Tenir", [1, 5])])],
    });
    const reports = await unpackPacks({ systemDir: system, packs: [items], referenceRoot: root, outRoot: root });
    expect(reports[0]).toMatchObject({ unchanged: 3, changed: [], added: [], removed: [] });
    expect(tree(root)).toEqual(before);
  });

  it("refuses packs saved by Foundry v14 and writes nothing", async () => {
    const root = temp("sources");
    sources(root);
    const before = tree(root);
    const system = await savedPacks({
      gear: [savedPistol({ name: "Pistolet v14" }), savedShield],
      tables: [
        savedTable([
          { ...savedResult("resultResult0001", "Tenir", [1, 5]), _stats: savedStats({ coreVersion: "14.360" }) },
        ]),
      ],
    });
    await expect(
      unpackPacks({ systemDir: system, packs: [items, tables], referenceRoot: root, outRoot: root }),
    ).rejects.toThrow(/saved by Foundry v14[\s\S]*tables: Panique › Tenir \(core 14\.360\)/);
    expect(tree(root)).toEqual(before);
  });

  it("says so when Foundry still holds a pack open, and writes nothing", async () => {
    const root = temp("sources");
    sources(root);
    const before = tree(root);
    const system = await savedPacks({ gear: [savedPistol({ name: "Pistolet lourd" }), savedShield], tables: [] });
    const held = new ClassicLevel(path.join(system, "packs", "gear"));
    await held.open();
    try {
      await expect(
        unpackPacks({ systemDir: system, packs: [items], referenceRoot: root, outRoot: root }),
      ).rejects.toThrow(/packs\/gear is locked by another process: stop Foundry or return to Setup/);
    } finally {
      await held.close();
    }
    expect(tree(root)).toEqual(before);
  });

  it("says which pack it cannot read", async () => {
    const root = temp("sources");
    await expect(
      unpackPacks({ systemDir: temp("empty"), packs: [items], referenceRoot: root, outRoot: root }),
    ).rejects.toThrow(/no LevelDB pack at .*packs\/gear/);
  });
});

describe("npm run unpack — names and folders", () => {
  it("names a new document's file after its name, in plain lower-case words", () => {
    expect(sourceFileName("Fusil à plasma, modèle II", "abcdefghijklmnop")).toBe("fusil-a-plasma-modele-ii.json");
    expect(sourceFileName("Œil « du » néant !", "abcdefghijklmnop")).toBe("il-du-neant.json");
    expect(sourceFileName("???", "abcdefghijklmnop")).toBe("abcdefghijklmnop.json");
  });

  it("finds the system in dist/, a Foundry user data folder, its Data folder or the system folder", () => {
    const data = temp("userdata");
    const sys = path.join(data, "Data", "systems", "tactica");
    writeJson(path.join(sys, "system.json"), { id: "tactica" });
    expect(resolveSystemDir(undefined, "tactica", "/repo")).toBe(path.join("/repo", "dist"));
    expect(resolveSystemDir(data, "tactica")).toBe(sys);
    expect(resolveSystemDir(path.join(data, "Data"), "tactica")).toBe(sys);
    expect(resolveSystemDir(sys, "tactica")).toBe(sys);
    writeJson(path.join(data, "Data", "systems", "other", "system.json"), { id: "other" });
    expect(() => resolveSystemDir(path.join(data, "Data", "systems", "other"), "tactica")).toThrow(
      /no tactica system in/,
    );
  });
});
