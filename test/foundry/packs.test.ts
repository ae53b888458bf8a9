import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readManifest } from "../../scripts/manifest";
import { readPackSources, validatePackSources, type PackManifest } from "../../scripts/packs";
import { packSchemaChecks } from "../../scripts/pack-checks";

// Item 9: pack sources are checked against the data models at build time (vite.config.ts).

const root = path.join(process.cwd(), "packs", "_source");
const manifest = readManifest();
const packOf = (name: string) => manifest.packs.find((p) => p.name === name) as PackManifest;

const gear = () =>
  JSON.parse(fs.readFileSync(path.join(root, "equipment", "jambes-a-vapeur.json"), "utf8")) as Record<string, unknown>;
const power = () =>
  JSON.parse(fs.readFileSync(path.join(root, "powers", "blast.json"), "utf8")) as Record<string, unknown>;

async function problems(pack: string, doc: Record<string, unknown>): Promise<string[]> {
  return validatePackSources(
    packOf(pack),
    [{ file: path.join(root, pack, "test.json"), doc }],
    await packSchemaChecks(),
  );
}

describe("pack schema checks", () => {
  it("accept every shipped pack source", async () => {
    const checks = await packSchemaChecks();
    const errors = manifest.packs.flatMap((pack) => validatePackSources(pack, readPackSources(root, pack), checks));
    expect(errors).toEqual([]);
  });

  it("refuse an unknown key, naming the document and the field", async () => {
    const doc = gear();
    (doc.system as Record<string, unknown>).bonus = 1;
    expect(await problems("equipment", doc)).toEqual([
      `packs/_source/equipment/test.json: "Jambières à vapeur" (gear) system.bonus: unknown key`,
    ]);
  });

  it("refuse a wrong type and an out-of-range value without clamping them", async () => {
    const doc = power();
    Object.assign(doc.system as Record<string, unknown>, { level: 9, cost: "6", resist: "dex" });
    const found = await problems("powers", doc);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/"Souffle" \(power\) system\.level: must be at most 8/),
        expect.stringMatching(/"Souffle" \(power\) system\.cost: must be a number/),
        expect.stringMatching(/"Souffle" \(power\) system\.resist: dex is not a valid choice/),
      ]),
    );
  });

  it("refuse a malformed attribute entry and an old data shape", async () => {
    const doc = gear();
    (doc.system as Record<string, unknown>).attributes = [{ key: "range", x: 4, y: 2 }];
    expect((await problems("equipment", doc)).join("\n")).toMatch(/system\.\(joint\): attributes\.0: Portée Y/);
    const old = gear();
    (old.system as Record<string, unknown>).attributes = "Portée 2";
    expect((await problems("equipment", old)).join("\n")).toMatch(/old data shape/);
  });

  it("refuse a subtype the manifest does not declare", async () => {
    expect(await problems("equipment", { ...gear(), type: "vehicle" })).toEqual([
      `packs/_source/equipment/test.json: type "vehicle" is not a declared Item subtype (weapon, armor, forceField, grenade, gear, power)`,
    ]);
  });
});
