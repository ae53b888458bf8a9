import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readManifest } from "../../scripts/manifest";
import {
  packStats,
  readPackSources,
  stampPackSources,
  validatePackSources,
  type PackManifest,
} from "../../scripts/packs";
import { statsCheck, tokenCheck, v13ShapeCheck } from "../../scripts/pack-checks";
import { loadLang } from "../helpers/lang";

/** The value at a dotted key of a translation object. */
const getKey = (obj: unknown, key: string): unknown =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], obj);

const items: PackManifest = { name: "probe", label: "Probe", type: "Item" };
const tables: PackManifest = { name: "probe", label: "Probe", type: "RollTable" };
const doc = (over: Record<string, unknown> = {}) => ({
  file: "probe.json",
  doc: { _id: "abcdefghijklmnop", _key: "!items!abcdefghijklmnop", name: "Objet", type: "gear", ...over },
});

describe("pack source validation", () => {
  it("accepts every shipped pack source", () => {
    for (const pack of readManifest().packs) {
      const sources = readPackSources(path.join("packs", "_source"), pack);
      expect(validatePackSources(pack, sources), pack.name).toEqual([]);
    }
  });

  it("refuses an id that is not 16 letters or digits", () => {
    expect(validatePackSources(items, [doc({ _id: "short", _key: "!items!short" })]).join()).toMatch(/not 16 letters/);
  });

  it("refuses a missing or wrong _key (the CLI would silently skip it)", () => {
    expect(validatePackSources(items, [doc({ _key: undefined })]).join()).toMatch(
      /_key must be "!items!abcdefghijklmnop"/,
    );
    expect(validatePackSources(items, [doc({ _key: "!actors!abcdefghijklmnop" })]).join()).toMatch(/_key must be/);
  });

  it("refuses duplicate ids and duplicate names in a pack", () => {
    const errors = validatePackSources(items, [doc(), doc()]).join("\n");
    expect(errors).toMatch(/duplicate _id/);
    expect(errors).toMatch(/duplicate name "Objet"/);
  });

  it("refuses an embedded result without its own key", () => {
    const table = {
      file: "t.json",
      doc: {
        _id: "tttttttttttttttt",
        _key: "!tables!tttttttttttttttt",
        name: "Table",
        results: [{ _id: "rrrrrrrrrrrrrrrr", _key: "!tables.results!oops" }],
      },
    };
    expect(validatePackSources(tables, [table]).join()).toMatch(
      /_key "!tables\.results!tttttttttttttttt\.rrrrrrrrrrrrrrrr"/,
    );
  });

  it("runs extra document checks and names the file", () => {
    const errors = validatePackSources(items, [doc()], [() => ["system.level: out of range"]]);
    expect(errors).toEqual(["probe.json: system.level: out of range"]);
  });
});

describe("manifest and pack metadata (core review M12–M14)", () => {
  const manifest = readManifest();

  it("admits v13 from 13.347 and v14 (verified 14.367, the build the release must prove), with no maximum", () => {
    expect((manifest as { compatibility?: unknown }).compatibility).toEqual({ minimum: "13.347", verified: "14.367" });
  });

  it("labels every pack with a language key present in both languages", () => {
    for (const pack of manifest.packs) {
      expect(pack.label, pack.name).toMatch(/^TACTICA\.Compendium\.\w+$/);
      for (const lang of ["fr", "en"] as const)
        expect(typeof getKey(loadLang(lang), pack.label), `${lang} ${pack.label}`).toBe("string");
    }
  });

  it("every shipped source and embedded document carries _stats for this system", () => {
    const check = statsCheck(manifest.id, manifest.version);
    for (const pack of manifest.packs) {
      for (const { file, doc } of readPackSources(path.join("packs", "_source"), pack))
        expect(check(pack, doc), file).toEqual([]);
    }
  });

  it("refuses a source without _stats, or with another system's, a newer version or an author", () => {
    const check = statsCheck("tactica", "0.1.0");
    expect(check(items, doc().doc)).toEqual(["_stats: missing (run npm run packs:stamp)"]);
    const stats = {
      ...packStats("tactica", "0.1.0"),
      systemId: "dnd5e",
      systemVersion: "0.2.0",
      lastModifiedBy: "abcdefghijklmnop",
    };
    expect(check(items, doc({ _stats: stats }).doc)).toEqual([
      '_stats.systemId: must be "tactica"',
      '_stats.systemVersion: "0.2.0" is not a version up to 0.1.0',
      "_stats.lastModifiedBy: must be null in pack content",
    ]);
    const table = {
      _id: "tttttttttttttttt",
      _stats: packStats("tactica", "0.1.0"),
      results: [{ _id: "rrrrrrrrrrrrrrrr" }],
    };
    expect(check(tables, table)).toEqual(["embedded rrrrrrrrrrrrrrrr _stats: missing (run npm run packs:stamp)"]);
  });

  it("refuses content saved by v14: a core version 14 or later, and Active Effects in v14's shape (issue 14)", () => {
    const check = statsCheck("tactica", "0.1.0");
    expect(check(items, doc({ _stats: { ...packStats("tactica", "0.1.0"), coreVersion: "14.361" } }).doc)).toEqual([
      '_stats.coreVersion: "14.361" is not a v13 core version (pack content keeps v13 shapes)',
    ]);
    const actors: PackManifest = { name: "probe", label: "Probe", type: "Actor" };
    const v13Effect = {
      name: "Bonus",
      changes: [{ key: "system.pressure", mode: 4, value: "2" }],
      duration: { rounds: 1 },
    };
    const v14Effect = {
      name: "Neuf",
      system: { changes: [{ key: "system.pressure", type: "upgrade", value: 2 }] },
      duration: { value: 0, expiry: "turnEnd" },
      showIcon: 2,
    };
    const typed = { name: "Typé", changes: [{ key: "system.pressure", type: "upgrade", value: "2" }] };
    expect(v13ShapeCheck(items, doc({ effects: [v13Effect] }).doc)).toEqual([]);
    expect(v13ShapeCheck(items, doc({ effects: [v14Effect, typed] }).doc)).toEqual([
      'effect "Neuf": system.changes is v14\'s shape (write changes with a numeric mode)',
      'effect "Neuf": duration.value is a v14 duration key',
      'effect "Neuf": duration.expiry is a v14 duration key',
      'effect "Neuf": showIcon is v14 data',
      'effect "Typé": a change with a type or phase is v14\'s shape (v13: mode)',
    ]);
    expect(
      v13ShapeCheck(actors, {
        name: "A",
        items: [{ name: "Épée", effects: [{ name: "Vieux", start: { round: 1 } }] }],
      }),
    ).toEqual(['item "Épée" effect "Vieux": start is v14 data']);
  });

  it("every shipped source is in v13's shape", () => {
    for (const pack of manifest.packs) {
      for (const { file, doc: source } of readPackSources(path.join("packs", "_source"), pack))
        expect(v13ShapeCheck(pack, source), file).toEqual([]);
    }
  });

  it("stamps _stats before _key on the documents that have none, and leaves stamped ones alone", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tactica-stamp-"));
    try {
      fs.mkdirSync(path.join(dir, "probe"));
      const file = path.join(dir, "probe", "a.json");
      const kept = { ...packStats("tactica", "0.0.1") };
      fs.writeFileSync(
        file,
        JSON.stringify({
          _id: "abcdefghijklmnop",
          _key: "!tables!abcdefghijklmnop",
          name: "T",
          results: [
            { _id: "r1", _stats: kept, _key: "k" },
            { _id: "r2", _key: "k2" },
          ],
        }),
      );
      expect(stampPackSources(dir, tables, "tactica", "0.1.0")).toEqual([file]);
      const stamped = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown> & {
        results: Record<string, unknown>[];
      };
      expect(Object.keys(stamped)).toEqual(["_id", "_stats", "_key", "name", "results"]);
      expect(stamped._stats).toEqual(packStats("tactica", "0.1.0"));
      expect(stamped.results[0]!._stats).toEqual(kept);
      expect(stamped.results[1]!._stats).toEqual(packStats("tactica", "0.1.0"));
      expect(stampPackSources(dir, tables, "tactica", "0.1.0")).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a player character in the packs has a linked, friendly token with sight; a unit shows its headcount (M5, M11)", () => {
    const actors = manifest.packs.find((p) => p.type === "Actor")!;
    for (const { file, doc: actor } of readPackSources(path.join("packs", "_source"), actors))
      expect(tokenCheck(actors, actor), file).toEqual([]);
    expect(tokenCheck(actors, { type: "character", prototypeToken: { actorLink: false } })).toHaveLength(1);
    expect(tokenCheck(actors, { type: "unit" })).toEqual([
      'prototypeToken.bar1.attribute: a unit shows its headcount, "figures"',
    ]);
    expect(tokenCheck(actors, { type: "npc" })).toEqual([]);
  });
});
