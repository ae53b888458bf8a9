import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readManifest } from "../../scripts/manifest";
import { readPackSources, validatePackSources, type PackManifest, type PackSource } from "../../scripts/packs";
import { packSchemaChecks, uuidLinkCheck } from "../../scripts/pack-checks";
import { ATTRIBUTE_KEYS } from "../../src/rules/attribute-model";
import { attackSubAptitude } from "../../src/rules/scores";
import { SUB_APTITUDE_KEYS } from "../../src/rules/keys";
import { toAttribute, type StoredAttribute } from "../../src/data/attributes";
import { PANIC_RESULTS } from "../../src/config";
import { STATUS_IDS } from "../../src/status-effects";
import { loadLang } from "../helpers/lang";

// Issue 7: what the compendiums must hold, read from packs/_source (the build compiles these
// files and test/dist reads the compiled packs back with the same counts).

type Obj = Record<string, unknown>;
const root = path.join(process.cwd(), "packs", "_source");
const manifest = readManifest();
const packOf = (name: string) => manifest.packs.find((p) => p.name === name) as PackManifest;
const sources = (name: string): PackSource[] => readPackSources(root, packOf(name));
const docs = (name: string): Obj[] => sources(name).map((s) => s.doc);
const sys = (doc: Obj) => doc.system as Obj;
const byName = (name: string, pack: string) => docs(pack).find((d) => d.name === name) as Obj;

/** RULES §4, the power table: French name, English name, use cost, level, maintenance, points. */
const POWER_TABLE: [string, string, number, number, number | null, number][] = [
  ["Choc mental", "Mind Shock", 6, 2, null, 30],
  ["Mal dirigé", "Misdirect", 4, 5, null, 15],
  ["Itération temporelle", "Temporal Iteration", 6, 3, null, 14],
  ["Sauvegarde", "Safeguard", 4, 5, 2, 22],
  ["Force", "Force", 4, 5, 2, 7],
  ["Souffle", "Blast", 6, 3, null, 20],
  ["Obstacle", "Obstacle", 4, 6, null, 5],
  ["Rapidité", "Quickness", 3, 6, 2, 8],
  ["Conseils", "Guidance", 4, 5, null, 12],
  ["Guérison", "Healing", 5, 4, null, 7],
  ["Bouclier", "Shield", 6, 6, 3, 8],
  ["Annulation", "Nullify", 4, 3, null, 6],
];

/** Ids shipped before issue 7: kept as they were so worlds that imported them keep their links. */
const KEPT_IDS = new Set([
  // the twelve powers
  ...["7K4sTYBaB2nPW14U", "3AsTfF6wfGrDO86j", "3rP1PnXTuXeZs7gj", "yo07VGrQEIEJevh2", "chfAFXJEyQBF9Rdf", "Lbm3vp65HOBkBWmS"],
  ...["wv30rgjimIUlBDDj", "soEMTPpxJI3eeCWo", "589uyqrEZAr9l9hh", "rLkr1pwKNUXp5h6V", "erjJfzNABCuOaaS0", "YE7XNf0hxMqPo9DB"],
  // the panic table and its results, the steam legs
  ...["6VrZeZjViHRQqxkx", "NlBgyEvEjmW4gcJv"],
  ...["mdwQ4fktiEGBt2kt", "XCw9r5EIfpVO4ugQ", "qRqa0Pl8vEslZuiU", "LL377H03U4MyQ1Tc"],
]);

/** The documented id rule (docs/gm-guide.md): 16 base-62 characters of sha256("tactica:<seed>"). */
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
function stableId(seed: string): string {
  const bytes = crypto.createHash("sha256").update(`tactica:${seed}`).digest();
  return Array.from(bytes.subarray(0, 16), (b) => ALPHABET[b % 62]).join("");
}
const slugify = (s: string) =>
  s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

describe("pack manifest", () => {
  it("declares every pack in the Tactica folder, with its document type", () => {
    const declared = manifest.packs.map((p) => [p.name, p.type]);
    expect(declared).toEqual([
      ["powers", "Item"],
      ["powers-en", "Item"],
      ["tables", "RollTable"],
      ["equipment", "Item"],
      ["actors", "Actor"],
      ["journal", "JournalEntry"],
    ]);
    const folders = (manifest as unknown as { packFolders: { name: string; packs: string[] }[] }).packFolders;
    expect(folders).toEqual([expect.objectContaining({ name: "Tactica", packs: manifest.packs.map((p) => p.name) })]);
  });

  it("holds the expected number of documents in each pack", () => {
    const counts = Object.fromEntries(manifest.packs.map((p) => [p.name, sources(p.name).length]));
    expect(counts).toEqual({ powers: 12, "powers-en": 12, tables: 1, equipment: 18, actors: 4, journal: 2 });
  });
});

describe("ids", () => {
  it("are unique across every pack and every embedded collection", () => {
    const seen: string[] = [];
    const walk = (doc: Obj) => {
      seen.push(String(doc._id));
      for (const field of ["items", "results", "pages", "effects"]) for (const child of (doc[field] as Obj[] | undefined) ?? []) walk(child);
    };
    for (const pack of manifest.packs) docs(pack.name).forEach(walk);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("are derived from the pack and file name (and the embedded name), except the ids already shipped", () => {
    for (const pack of manifest.packs) {
      for (const { file, doc } of sources(pack.name)) {
        const slug = path.basename(file, ".json");
        if (!KEPT_IDS.has(String(doc._id))) expect(doc._id, file).toBe(stableId(`${pack.name}:${slug}`));
        for (const field of ["items", "pages"]) {
          for (const child of (doc[field] as Obj[] | undefined) ?? []) {
            expect(child._id, `${file} ${String(child.name)}`).toBe(stableId(`${pack.name}:${slug}/${slugify(String(child.name))}`));
          }
        }
      }
    }
  });
});

describe("Pouvoirs psy / Psychic powers", () => {
  it("hold the twelve powers of RULES §4 with their exact numbers and the ids already shipped", () => {
    const table = docs("powers").map((d) => [d.name, (d.flags as Obj | undefined)?.tactica, sys(d).cost, sys(d).level, sys(d).maintenance, sys(d).points]);
    expect(table.map(([name, flags, ...n]) => [name, (flags as Obj).englishName, ...n])).toEqual(expect.arrayContaining(POWER_TABLE));
    expect(byName("Choc mental", "powers")._id).toBe("chfAFXJEyQBF9Rdf");
    expect(byName("Bouclier", "powers")._id).toBe("erjJfzNABCuOaaS0");
  });

  it("say in their description what the source gives and leave range and resist to the GM", () => {
    for (const doc of [...docs("powers"), ...docs("powers-en")]) {
      const s = sys(doc);
      expect([s.range, s.resist], String(doc.name)).toEqual(["", ""]);
      expect(String(s.description)).toContain(`${s.points} points`);
      expect(String(s.description)).toMatch(/carte du pouvoir|power's card/);
      expect(String(s.description)).toMatch(s.maintenance === null ? /ne s'entretient pas|cannot be maintained/ : new RegExp(`${s.maintenance} AC`));
    }
  });

  it("the English pack names each power in English with the same numbers as its French twin", () => {
    const french = new Map(docs("powers").map((d) => [d._id, d]));
    for (const doc of docs("powers-en")) {
      const flags = (doc.flags as { tactica: { frenchId: string; frenchName: string } }).tactica;
      const twin = french.get(flags.frenchId)!;
      expect(twin, String(doc.name)).toBeDefined();
      expect(flags.frenchName).toBe(twin.name);
      expect(POWER_TABLE.find(([fr]) => fr === twin.name)?.[1]).toBe(doc.name);
      const { description: _en, ...numbers } = sys(doc);
      const { description: _fr, ...frenchNumbers } = sys(twin);
      expect(numbers).toEqual(frenchNumbers);
    }
  });
});

describe("Tables — the panic table", () => {
  const table = docs("tables")[0]!;
  const results = table.results as Obj[];
  const fr = loadLang("fr") as { TACTICA: { Status: Record<string, string> } };
  const en = loadLang("en") as { TACTICA: { Status: Record<string, string> } };

  it("is a d10 table with the ranges 1, 2–7, 8–9, 10 covering every face once", () => {
    expect(table.formula).toBe("1d10");
    expect(results.map((r) => r.range)).toEqual([[1, 1], [2, 7], [8, 9], [10, 10]]);
    expect(results.map((r) => r.weight)).toEqual([1, 6, 2, 1]);
    expect(results.every((r) => r.type === "text")).toBe(true);
  });

  it("each result maps to a panic result of CONFIG.TACTICA with the same faces", () => {
    for (const r of results) {
      const key = (r.flags as { tactica: { panicResult: keyof typeof PANIC_RESULTS } }).tactica.panicResult;
      expect(PANIC_RESULTS[key], String(r.name)).toBeDefined();
      expect(r.range).toEqual(PANIC_RESULTS[key].faces);
    }
  });

  it("each result names the condition it sets, which is an existing status (destroyed sets none)", () => {
    for (const r of results) {
      const key = (r.flags as { tactica: { panicResult: keyof typeof PANIC_RESULTS } }).tactica.panicResult;
      const status = PANIC_RESULTS[key].status;
      if (key === "destroyed") {
        expect(status).toBeNull();
        expect(String(r.description)).toMatch(/Aucun état/);
        continue;
      }
      expect(STATUS_IDS).toContain(status);
      expect(String(r.description)).not.toMatch(/<code>/);
      expect(String(r.description)).toContain(`<strong>État\u00a0: ${fr.TACTICA.Status[status!]}.</strong>`);
      expect(String(r.description)).not.toContain(en.TACTICA.Status[status!]);
    }
  });
});

describe("Équipement", () => {
  const items = docs("equipment");
  const weapons = items.filter((d) => d.type === "weapon");
  const attributesOf = (d: Obj) => (sys(d).attributes as StoredAttribute[] | undefined) ?? [];

  it("has linked steam gear for MOU, INI, ATT, DEF and PEUR", () => {
    const steam = items.filter((d) => d.type === "gear" && sys(d).linked).map((d) => sys(d).pressureTarget);
    expect(steam).toEqual(expect.arrayContaining(["mou", "ini", "att", "def", "peur"]));
  });

  it("has a boiler-linked melee weapon and a boiler-linked ranged weapon", () => {
    const linked = weapons.filter((w) => sys(w).linked).map((w) => sys(w).range);
    expect(linked).toEqual(expect.arrayContaining(["melee", "ranged"]));
  });

  it("has one weapon for each governing sub-aptitude, stored as the rules propose for its category", () => {
    const governing = new Set<string>();
    for (const w of weapons) {
      const s = sys(w) as { range: "melee" | "ranged"; weight: "light" | "heavy"; origin: "imperium" | "mars" | "xenos"; subAptitude: string };
      expect(s.subAptitude, String(w.name)).toBe(attackSubAptitude(s));
      governing.add(s.subAptitude);
    }
    expect([...governing].sort()).toEqual(["force", "precision", "robustesse", "savoirsInterdits", "technoMaitrise"]);
    expect(SUB_APTITUDE_KEYS).toEqual(expect.arrayContaining([...governing]));
  });

  it("uses every attribute of the lexicon at least once, each one valid for the rules", () => {
    const used = new Set<string>();
    for (const d of items) for (const a of attributesOf(d)) {
      expect(() => toAttribute(a), String(d.name)).not.toThrow();
      used.add(a.key);
    }
    expect([...used].sort()).toEqual([...ATTRIBUTE_KEYS].sort());
  });

  it("has armours with Adaptatif, Résistant and Requis, a force field and grenades", () => {
    const armourKeys = new Set(items.filter((d) => d.type === "armor").flatMap((d) => attributesOf(d).map((a) => a.key)));
    expect([...armourKeys]).toEqual(expect.arrayContaining(["adaptive", "resistant", "requires"]));
    expect(items.filter((d) => d.type === "forceField")).toHaveLength(1);
    expect(items.filter((d) => d.type === "grenade").length).toBeGreaterThanOrEqual(2);
  });
});

describe("Acteurs", () => {
  const actors = docs("actors");
  const owned = (a: Obj) => a.items as Obj[];

  it("a psyker character of mastery 2 with three powers", () => {
    const psyker = actors.find((a) => a.type === "character" && (sys(a).psyker as Obj | undefined)?.mastery === 2)!;
    expect(owned(psyker).filter((i) => i.type === "power")).toHaveLength(3);
  });

  it("a neophyte unit of 5 that learnt one power, recorded as its choir's power", () => {
    const unit = actors.find((a) => a.type === "unit")!;
    expect(sys(unit).strength).toEqual({ start: 5, current: 5 });
    const powers = owned(unit).filter((i) => i.type === "power");
    expect(powers).toHaveLength(1);
    expect((sys(unit).choir as Obj).powerId).toBe(powers[0]!._id);
  });

  it("a steam-gear fighter equipped with linked gear and a linked weapon, and an npc", () => {
    const fighter = actors.find((a) => a.type === "character" && owned(a).some((i) => i.type === "gear" && sys(i).linked))!;
    expect(owned(fighter).filter((i) => sys(i).linked && sys(i).equipped).length).toBeGreaterThanOrEqual(6);
    expect(actors.filter((a) => a.type === "npc")).toHaveLength(1);
  });

  it("embedded items are copies of the compendium's (same subtype and numbers)", () => {
    const library = new Map([...docs("equipment"), ...docs("powers")].map((d) => [d.name, d]));
    for (const actor of actors) for (const item of owned(actor)) {
      const original = library.get(item.name)!;
      expect(original, String(item.name)).toBeDefined();
      expect(item.type).toBe(original.type);
      const strip = (s: Obj) => { const { equipped: _e, active: _a, quantity: _q, ...rest } = s; return rest; };
      expect(strip(sys(item))).toEqual(strip(sys(original)));
    }
  });
});

describe("Aide de jeu — rules reference journal", () => {
  const journals = docs("journal");
  const textOf = (j: Obj) => (j.pages as { text: { content: string } }[]).map((p) => p.text.content).join("\n");
  const SETTINGS = ["S-modules", "S-nat10", "S-degree", "S-push-scores", "S-stun-literal", "S-combat-mode", "S-threshold"];

  it("exists in French and in English with the same pages", () => {
    const langs = journals.map((j) => (j.flags as { tactica: { lang: string } }).tactica.lang).sort();
    expect(langs).toEqual(["en", "fr"]);
    const [a, b] = journals.map((j) => (j.pages as Obj[]).length);
    expect(a).toBe(b);
    expect(a).toBeGreaterThanOrEqual(9);
  });

  it.each(["fr", "en"])("%s: covers every decision D-1 … D-34 and every world setting of RULES.md", (lang) => {
    const journal = journals.find((j) => (j.flags as { tactica: { lang: string } }).tactica.lang === lang)!;
    const text = textOf(journal);
    const missing = Array.from({ length: 34 }, (_, i) => `D-${i + 1}`).filter((d) => !new RegExp(`\\(${d}\\)`).test(text));
    expect(missing).toEqual([]);
    expect(SETTINGS.filter((s) => !text.includes(`(${s})`))).toEqual([]);
  });

  it("links equipment, powers and the panic table with @UUID, and every link resolves", () => {
    for (const journal of journals) {
      const text = textOf(journal);
      for (const pack of ["equipment", journal.name === "Référence des règles" ? "powers" : "powers-en", "tables"]) {
        expect(text, `${String(journal.name)} → ${pack}`).toContain(`@UUID[Compendium.tactica.${pack}.`);
      }
    }
    const check = uuidLinkCheck(root, manifest.packs, manifest.id);
    const broken = manifest.packs.flatMap((p) => docs(p.name).flatMap((d) => check(packOf(p.name), d)));
    expect(broken).toEqual([]);
  });
});

describe("@UUID link check", () => {
  const check = uuidLinkCheck(root, manifest.packs, manifest.id);
  const journal = docs("journal")[0]!;
  const page = (journal.pages as Obj[])[0]!;
  const problemsOf = (link: string) => check(packOf("journal"), { _id: "x", text: `voir @UUID[${link}]{lien}` });

  it("accepts links to a document and to a journal page of this system's packs", () => {
    expect(problemsOf(`Compendium.tactica.equipment.Item.${String(byName("Marteau-piston", "equipment")._id)}`)).toEqual([]);
    expect(problemsOf(`Compendium.tactica.journal.JournalEntry.${String(journal._id)}.JournalEntryPage.${String(page._id)}`)).toEqual([]);
  });

  it.each([
    ["a world document", "Item.abcdefghijklmnop", /not a link into this system's compendiums/],
    ["another system's pack", "Compendium.dnd5e.items.Item.abcdefghijklmnop", /not a link into this system's compendiums/],
    ["an unknown pack", "Compendium.tactica.spells.Item.abcdefghijklmnop", /no pack "spells"/],
    ["the wrong document type", "Compendium.tactica.equipment.Actor.abcdefghijklmnop", /holds Item, not Actor/],
    ["a missing id", "Compendium.tactica.equipment.Item.abcdefghijklmnop", /no document abcdefghijklmnop/],
    ["a missing page", `Compendium.tactica.journal.JournalEntry.${String(journal._id)}.JournalEntryPage.zzzzzzzzzzzzzzzz`, /no page zzzz/],
  ])("refuses a link to %s", (_what, link, message) => {
    expect(problemsOf(link).join()).toMatch(message);
  });

  it("runs in the build's checks and names the file", async () => {
    const doc = { ...structuredClone(byName("Pistolet laser", "equipment")) };
    (doc.system as Obj).description = "<p>@UUID[Compendium.tactica.powers.Item.missingmissing00]{?}</p>";
    const errors = validatePackSources(packOf("equipment"), [{ file: path.join(root, "equipment", "probe.json"), doc }], await packSchemaChecks());
    expect(errors).toEqual([
      "packs/_source/equipment/probe.json: broken link @UUID[Compendium.tactica.powers.Item.missingmissing00]: no document missingmissing00 in pack \"powers\"",
    ]);
  });
});

describe("sources on disk", () => {
  it("every source file is one pretty-printed JSON document ending with a new line", () => {
    for (const pack of manifest.packs) for (const { file, doc } of sources(pack.name)) {
      expect(fs.readFileSync(file, "utf8"), file).toBe(`${JSON.stringify(doc, null, 2)}\n`);
    }
  });
});
