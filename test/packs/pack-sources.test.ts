import path from "node:path";
import { describe, expect, it } from "vitest";
import { readManifest } from "../../scripts/manifest";
import { readPackSources, validatePackSources, type PackManifest } from "../../scripts/packs";

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
    expect(validatePackSources(items, [doc({ _key: undefined })]).join()).toMatch(/_key must be "!items!abcdefghijklmnop"/);
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
    expect(validatePackSources(tables, [table]).join()).toMatch(/_key "!tables\.results!tttttttttttttttt\.rrrrrrrrrrrrrrrr"/);
  });

  it("runs extra document checks and names the file", () => {
    const errors = validatePackSources(items, [doc()], [() => ["system.level: out of range"]]);
    expect(errors).toEqual(["probe.json: system.level: out of range"]);
  });
});
