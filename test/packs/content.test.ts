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
import { PANIC_RESULTS } from "../../src/config/config";
import { STATUS_IDS } from "../../src/effects/status-effects";
import { loadLang } from "../helpers/lang";

// What the compendiums must hold, read from packs/_source (the build compiles these
// files and test/dist reads the compiled packs back with the same counts).

type Obj = Record<string, unknown>;
const root = path.join(process.cwd(), "packs", "_source");
const manifest = readManifest();
const packOf = (name: string) => manifest.packs.find((p) => p.name === name) as PackManifest;
const sources = (name: string): PackSource[] => readPackSources(root, packOf(name));
const docs = (name: string): Obj[] => sources(name).map((s) => s.doc);
const sys = (doc: Obj) => doc.system as Obj;
const byName = (name: string, pack: string) => docs(pack).find((d) => d.name === name) as Obj;

/** Every French pack; each has an English twin named `<pack>-en` (docs/rules-decisions.md, Content). */
const FRENCH_PACKS = ["powers", "tables", "equipment", "actors", "journal"];

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

/** Ids shipped with the first compendiums: kept as they were so worlds that imported them keep their links. */
const KEPT_IDS = new Set([
  // the twelve powers
  ...[
    "7K4sTYBaB2nPW14U",
    "3AsTfF6wfGrDO86j",
    "3rP1PnXTuXeZs7gj",
    "yo07VGrQEIEJevh2",
    "chfAFXJEyQBF9Rdf",
    "Lbm3vp65HOBkBWmS",
  ],
  ...[
    "wv30rgjimIUlBDDj",
    "soEMTPpxJI3eeCWo",
    "589uyqrEZAr9l9hh",
    "rLkr1pwKNUXp5h6V",
    "erjJfzNABCuOaaS0",
    "YE7XNf0hxMqPo9DB",
  ],
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
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

describe("pack manifest", () => {
  it("declares every pack in the Tactica folder, with its document type", () => {
    const declared = manifest.packs.map((p) => [p.name, p.type]);
    expect(declared).toEqual([
      ["powers", "Item"],
      ["powers-en", "Item"],
      ["tables", "RollTable"],
      ["tables-en", "RollTable"],
      ["equipment", "Item"],
      ["equipment-en", "Item"],
      ["actors", "Actor"],
      ["actors-en", "Actor"],
      ["journal", "JournalEntry"],
      ["journal-en", "JournalEntry"],
    ]);
    // French first: the French packs in the Tactica folder, their English twins in its English folder.
    const folders = (
      manifest as unknown as {
        packFolders: { name: string; packs: string[]; folders?: { name: string; packs: string[] }[] }[];
      }
    ).packFolders;
    expect(folders).toEqual([
      expect.objectContaining({
        name: "Tactica",
        packs: FRENCH_PACKS,
        folders: [expect.objectContaining({ name: "English", packs: FRENCH_PACKS.map((p) => `${p}-en`) })],
      }),
    ]);
  });

  it("labels every pack with a language key that both languages translate", () => {
    const fr = loadLang("fr") as { TACTICA: { Compendium: Record<string, string> } };
    const en = loadLang("en") as { TACTICA: { Compendium: Record<string, string> } };
    for (const pack of manifest.packs) {
      const key = pack.label.replace(/^TACTICA\.Compendium\./, "");
      expect(pack.label, pack.name).toBe(`TACTICA.Compendium.${key}`);
      expect(fr.TACTICA.Compendium[key], pack.name).toBeTruthy();
      expect(en.TACTICA.Compendium[key], pack.name).toBeTruthy();
    }
  });

  it("holds the expected number of documents in each pack", () => {
    const counts = Object.fromEntries(manifest.packs.map((p) => [p.name, sources(p.name).length]));
    expect(counts).toEqual({
      powers: 12,
      "powers-en": 12,
      tables: 1,
      "tables-en": 1,
      equipment: 18,
      "equipment-en": 18,
      actors: 4,
      "actors-en": 4,
      journal: 1,
      "journal-en": 1,
    });
  });
});

describe("ids", () => {
  it("are unique across every pack and every embedded collection", () => {
    const seen: string[] = [];
    const walk = (doc: Obj) => {
      seen.push(String(doc._id));
      for (const field of ["items", "results", "pages", "effects"])
        for (const child of (doc[field] as Obj[] | undefined) ?? []) walk(child);
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
            expect(child._id, `${file} ${String(child.name)}`).toBe(
              stableId(`${pack.name}:${slug}/${slugify(String(child.name))}`),
            );
          }
        }
      }
    }
  });
});

describe("Pouvoirs psy / Psychic powers", () => {
  it("hold the twelve powers of RULES §4 with their exact numbers and the ids already shipped", () => {
    const table = docs("powers").map((d) => [
      d.name,
      (d.flags as Obj | undefined)?.tactica,
      sys(d).cost,
      sys(d).level,
      sys(d).maintenance,
      sys(d).points,
    ]);
    expect(table.map(([name, flags, ...n]) => [name, (flags as Obj).englishName, ...n])).toEqual(
      expect.arrayContaining(POWER_TABLE),
    );
    expect(byName("Choc mental", "powers")._id).toBe("chfAFXJEyQBF9Rdf");
    expect(byName("Bouclier", "powers")._id).toBe("erjJfzNABCuOaaS0");
  });

  it("say in their description what the source gives and leave range and resist to the GM", () => {
    for (const doc of [...docs("powers"), ...docs("powers-en")]) {
      const s = sys(doc);
      expect([s.range, s.resist], String(doc.name)).toEqual(["", ""]);
      expect(String(s.description)).toContain(`${s.points} points`);
      expect(String(s.description)).toMatch(/carte du pouvoir|power's card/);
      expect(String(s.description)).toMatch(
        s.maintenance === null ? /ne s'entretient pas|cannot be maintained/ : new RegExp(`${s.maintenance} AC`),
      );
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

describe.each([
  ["tables", "fr"],
  ["tables-en", "en"],
] as const)("Tables — the panic table (%s)", (pack, lang) => {
  const table = docs(pack)[0]!;
  const results = table.results as Obj[];
  const status = (loadLang(lang) as { TACTICA: { Status: Record<string, string> } }).TACTICA.Status;

  it("is a d10 table with the ranges 1, 2–7, 8–9, 10 covering every face once", () => {
    expect(table.formula).toBe("1d10");
    expect(results.map((r) => r.range)).toEqual([
      [1, 1],
      [2, 7],
      [8, 9],
      [10, 10],
    ]);
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

  it("each result names, in its own language only, the condition it sets (destroyed sets none), with no raw id", () => {
    const other = (loadLang(lang === "fr" ? "en" : "fr") as { TACTICA: { Status: Record<string, string> } }).TACTICA
      .Status;
    for (const r of results) {
      const key = (r.flags as { tactica: { panicResult: keyof typeof PANIC_RESULTS } }).tactica.panicResult;
      const id = PANIC_RESULTS[key].status;
      const text = String(r.description);
      expect(text, String(r.name)).not.toMatch(/<code>/);
      if (key === "destroyed") {
        expect(id).toBeNull();
        expect(text).toMatch(lang === "fr" ? /Aucun état/ : /No condition/);
        continue;
      }
      expect(STATUS_IDS).toContain(id);
      expect(text).not.toContain(`${id}`);
      expect(text).toContain(`<strong>${lang === "fr" ? "État\u00a0:" : "Condition:"} ${status[id!]}.</strong>`);
      expect(text).not.toContain(other[id!]);
      expect(text).not.toMatch(lang === "fr" ? /Condition:|Hold|Retreat/ : /État|Tenir bon|Retraite/);
    }
  });

  it("Retraite keeps the source's « towards its deployment zone if possible »", () => {
    const retreat = results.find(
      (r) => (r.flags as { tactica: { panicResult: string } }).tactica.panicResult === "retreat",
    )!;
    expect(String(retreat.description)).toContain(
      lang === "fr" ? "vers sa zone de déploiement si possible" : "towards its deployment zone if possible",
    );
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
      const s = sys(w) as {
        range: "melee" | "ranged";
        weight: "light" | "heavy";
        origin: "imperium" | "mars" | "xenos";
        subAptitude: string;
      };
      expect(s.subAptitude, String(w.name)).toBe(attackSubAptitude(s));
      governing.add(s.subAptitude);
    }
    expect([...governing].sort()).toEqual(["force", "precision", "robustesse", "savoirsInterdits", "technoMaitrise"]);
    expect(SUB_APTITUDE_KEYS).toEqual(expect.arrayContaining([...governing]));
  });

  it("uses every attribute of the lexicon at least once, each one valid for the rules", () => {
    const used = new Set<string>();
    for (const d of items)
      for (const a of attributesOf(d)) {
        expect(() => toAttribute(a), String(d.name)).not.toThrow();
        used.add(a.key);
      }
    expect([...used].sort()).toEqual([...ATTRIBUTE_KEYS].sort());
  });

  it("has armours with Adaptatif, Résistant and Requis, a force field and grenades", () => {
    const armourKeys = new Set(
      items.filter((d) => d.type === "armor").flatMap((d) => attributesOf(d).map((a) => a.key)),
    );
    expect([...armourKeys]).toEqual(expect.arrayContaining(["adaptive", "resistant", "requires"]));
    expect(items.filter((d) => d.type === "forceField")).toHaveLength(1);
    expect(items.filter((d) => d.type === "grenade").length).toBeGreaterThanOrEqual(2);
  });
});

describe("Acteurs", () => {
  const actors = docs("actors");
  const owned = (a: Obj) => a.items as Obj[];

  it("a psyker character of mastery 2 with two powers, and no sample with more powers than its mastery (RULES §4)", () => {
    const psyker = actors.find((a) => a.type === "character" && (sys(a).psyker as Obj | undefined)?.mastery === 2)!;
    expect(owned(psyker).filter((i) => i.type === "power")).toHaveLength(2);
    for (const actor of actors.filter((a) => a.type !== "unit")) {
      const mastery = ((sys(actor).psyker as Obj | undefined)?.mastery as number | undefined) ?? 0;
      expect(owned(actor).filter((i) => i.type === "power").length, String(actor.name)).toBeLessThanOrEqual(mastery);
    }
  });

  it("a neophyte unit of 5 that learnt one power, recorded as its choir's power", () => {
    const unit = actors.find((a) => a.type === "unit")!;
    expect(sys(unit).strength).toEqual({ start: 5, current: 5 });
    const powers = owned(unit).filter((i) => i.type === "power");
    expect(powers).toHaveLength(1);
    expect((sys(unit).choir as Obj).powerId).toBe(powers[0]!._id);
  });

  it("a steam-gear fighter equipped with linked gear and a linked weapon, and an npc", () => {
    const fighter = actors.find(
      (a) => a.type === "character" && owned(a).some((i) => i.type === "gear" && sys(i).linked),
    )!;
    expect(owned(fighter).filter((i) => sys(i).linked && sys(i).equipped).length).toBeGreaterThanOrEqual(6);
    expect(actors.filter((a) => a.type === "npc")).toHaveLength(1);
  });

  it.each([
    ["actors", ["equipment", "powers"]],
    ["actors-en", ["equipment-en", "powers-en"]],
  ])(
    "%s: embedded items are copies of the same language's compendium items (same subtype, numbers and text)",
    (pack, library) => {
      const items = new Map(library.flatMap((p) => docs(p)).map((d) => [d.name, d]));
      for (const actor of docs(pack))
        for (const item of owned(actor)) {
          const original = items.get(item.name)!;
          expect(original, String(item.name)).toBeDefined();
          expect(item.type).toBe(original.type);
          const strip = (s: Obj) => {
            const { equipped: _e, active: _a, quantity: _q, ...rest } = s;
            return rest;
          };
          expect(strip(sys(item))).toEqual(strip(sys(original)));
        }
    },
  );
});

describe("English twins (docs/rules-decisions.md, Content)", () => {
  const twinOf = (pack: string) => {
    const french = new Map(docs(pack).map((d) => [d._id, d]));
    return docs(`${pack}-en`).map((en) => {
      const flags = (en.flags as { tactica: { frenchId: string; frenchName: string } }).tactica;
      return { en, fr: french.get(flags.frenchId)!, flags };
    });
  };
  /** The data of a document that must not depend on its language. */
  const numbers = (doc: Obj): Obj => {
    const { description: _d, biography: _b, ...rest } = sys(doc) ?? {};
    return rest;
  };

  it.each(FRENCH_PACKS.filter((p) => p !== "journal"))(
    "%s-en: one English document per French one, each naming its twin",
    (pack) => {
      const pairs = twinOf(pack);
      expect(pairs).toHaveLength(docs(pack).length);
      expect(new Set(pairs.map((p) => p.flags.frenchId)).size).toBe(pairs.length);
      for (const { en, fr, flags } of pairs) {
        expect(fr, String(en.name)).toBeDefined();
        expect(flags.frenchName).toBe(fr.name);
        // Two powers are spelt the same in both languages.
        if (!["Force", "Obstacle"].includes(String(fr.name))) expect(en.name, "an English name").not.toBe(fr.name);
      }
    },
  );

  it.each(["equipment", "powers"])("%s-en: the same subtype, image and numbers as the French twin", (pack) => {
    for (const { en, fr } of twinOf(pack)) {
      expect([en.type, en.img], String(en.name)).toEqual([fr.type, fr.img]);
      expect(numbers(en), String(en.name)).toEqual(numbers(fr));
    }
  });

  it("actors-en: the same actor, token and items as the French twin, in English", () => {
    for (const { en, fr } of twinOf("actors")) {
      expect([en.type, en.img, en.prototypeToken], String(en.name)).toEqual([fr.type, fr.img, fr.prototypeToken]);
      const enItems = en.items as Obj[];
      const frItems = new Map((fr.items as Obj[]).map((i) => [i._id, i]));
      expect(enItems).toHaveLength(frItems.size);
      const idMap = new Map<unknown, unknown>();
      for (const item of enItems) {
        const twin = frItems.get((item.flags as { tactica: { frenchId: string } }).tactica.frenchId)!;
        expect(twin, String(item.name)).toBeDefined();
        expect([item.type, numbers(item)]).toEqual([twin.type, numbers(twin)]);
        idMap.set(twin._id, item._id);
      }
      const frSystem = numbers(fr);
      if (frSystem.choir)
        frSystem.choir = { ...(frSystem.choir as Obj), powerId: idMap.get((frSystem.choir as Obj).powerId) };
      expect(numbers(en)).toEqual(frSystem);
      expect(String(sys(en).biography)).not.toEqual(String(sys(fr).biography));
    }
  });

  it("tables-en: the same formula, faces and results as the French table", () => {
    for (const { en, fr } of twinOf("tables")) {
      expect([en.formula, en.replacement, en.displayRoll]).toEqual([fr.formula, fr.replacement, fr.displayRoll]);
      const shape = (t: Obj) => (t.results as Obj[]).map((r) => [r.range, r.weight, r.type, r.flags]);
      expect(shape(en)).toEqual(shape(fr));
    }
  });
});

describe("French text in the French packs", () => {
  /** Every text a player reads in a document: names, descriptions, biographies, page texts, results. */
  const texts = (doc: Obj): string[] => {
    const own = [
      doc.name,
      doc.description,
      sys(doc)?.description,
      sys(doc)?.biography,
      (doc.text as Obj | undefined)?.content,
    ];
    const children = ["items", "results", "pages"].flatMap((f) => ((doc[f] as Obj[] | undefined) ?? []).flatMap(texts));
    return [...own.filter((t): t is string => typeof t === "string"), ...children];
  };
  /** The text nodes of HTML, where typography applies (never inside a tag). */
  const visible = (html: string) => html.replace(/<[^>]*>/g, "\n");

  it.each(FRENCH_PACKS)("%s: French typography — no plain space before : ; ! ? % » or after «", (pack) => {
    const bad = docs(pack).flatMap((d) =>
      texts(d).flatMap((t) =>
        [...visible(t).matchAll(/.{0,20}(?: [:;!?%»]|« ).{0,20}/g)].map((m) => `${String(d.name)}: « ${m[0]} »`),
      ),
    );
    expect(bad).toEqual([]);
  });

  it("« Étourdissante » keeps its accent, and no aptitude colour depends on an emoji font", () => {
    const all = FRENCH_PACKS.flatMap((p) => docs(p).flatMap(texts)).join("\n");
    expect(all).not.toMatch(/Etourdissante/);
    expect(all).toMatch(/Étourdissante/);
    expect(
      [...FRENCH_PACKS, ...FRENCH_PACKS.map((p) => `${p}-en`)].flatMap((p) => docs(p).flatMap(texts)).join(),
    ).not.toMatch(/[🟫🟥🟩🟦]/u);
  });
});

describe.each([
  ["journal", "fr"],
  ["journal-en", "en"],
] as const)("Aide de jeu — rules reference journal (%s)", (pack, lang) => {
  const journal = docs(pack)[0]!;
  const text = (journal.pages as { text: { content: string } }[]).map((p) => p.text.content).join("\n");
  const settings = (
    loadLang(lang) as { TACTICA: { Settings: Record<string, { name: string }>; Module: Record<string, string> } }
  ).TACTICA;

  it("is one journal in its language, with the same pages as its twin", () => {
    expect(docs(pack)).toHaveLength(1);
    expect((journal.flags as { tactica: { lang: string } }).tactica.lang).toBe(lang);
    const twin = docs(lang === "fr" ? "journal-en" : "journal")[0]!;
    expect((journal.pages as Obj[]).length).toBe((twin.pages as Obj[]).length);
    expect((journal.pages as Obj[]).length).toBeGreaterThanOrEqual(10);
  });

  it("explains rules in words: no decision or setting code, no wargame inches", () => {
    expect(text.match(/\b[DS]-[\w-]+/g)).toBeNull();
    expect(text.match(/\d+\s*(?:"|''|″|pouces?|inch(?:es)?)/g)).toBeNull();
  });

  it("names every world setting and every rule module as the settings window shows them", () => {
    for (const key of ["nat10", "degreeSize", "pushScores", "stunLiteral", "combatMode", "thresholdEvery"]) {
      expect(text, key).toContain(settings.Settings[key]!.name);
    }
    for (const label of Object.values(settings.Module)) expect(text, label).toContain(label);
  });

  it("links equipment, powers and the panic table of its own language, and every link resolves", () => {
    const suffix = lang === "fr" ? "" : "-en";
    for (const linked of ["equipment", "powers", "tables"]) {
      expect(text, `${pack} → ${linked}${suffix}`).toContain(`@UUID[Compendium.tactica.${linked}${suffix}.`);
    }
    const packsLinked = [...text.matchAll(/@UUID\[Compendium\.tactica\.([a-z-]+)\./g)].map((m) => m[1]!);
    expect(packsLinked.filter((p) => p.endsWith("-en") !== (lang === "en"))).toEqual([]);
    const check = uuidLinkCheck(root, manifest.packs, manifest.id);
    expect(check(packOf(pack), journal)).toEqual([]);
  });
});

describe("every @UUID link of every pack", () => {
  it("resolves to a document of this system's packs", () => {
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
    expect(
      problemsOf(`Compendium.tactica.equipment.Item.${String(byName("Marteau-piston", "equipment")._id)}`),
    ).toEqual([]);
    expect(
      problemsOf(`Compendium.tactica.journal.JournalEntry.${String(journal._id)}.JournalEntryPage.${String(page._id)}`),
    ).toEqual([]);
  });

  it.each([
    ["a world document", "Item.abcdefghijklmnop", /not a link into this system's compendiums/],
    [
      "another system's pack",
      "Compendium.dnd5e.items.Item.abcdefghijklmnop",
      /not a link into this system's compendiums/,
    ],
    ["an unknown pack", "Compendium.tactica.spells.Item.abcdefghijklmnop", /no pack "spells"/],
    ["the wrong document type", "Compendium.tactica.equipment.Actor.abcdefghijklmnop", /holds Item, not Actor/],
    ["a missing id", "Compendium.tactica.equipment.Item.abcdefghijklmnop", /no document abcdefghijklmnop/],
    [
      "a missing page",
      `Compendium.tactica.journal.JournalEntry.${String(journal._id)}.JournalEntryPage.zzzzzzzzzzzzzzzz`,
      /no page zzzz/,
    ],
  ])("refuses a link to %s", (_what, link, message) => {
    expect(problemsOf(link).join()).toMatch(message);
  });

  it("runs in the build's checks and names the file", async () => {
    const doc = { ...structuredClone(byName("Pistolet laser", "equipment")) };
    (doc.system as Obj).description = "<p>@UUID[Compendium.tactica.powers.Item.missingmissing00]{?}</p>";
    const errors = validatePackSources(
      packOf("equipment"),
      [{ file: path.join(root, "equipment", "probe.json"), doc }],
      await packSchemaChecks(),
    );
    expect(errors).toEqual([
      'packs/_source/equipment/probe.json: broken link @UUID[Compendium.tactica.powers.Item.missingmissing00]: no document missingmissing00 in pack "powers"',
    ]);
  });
});

describe("sources on disk", () => {
  it("every source file is one pretty-printed JSON document ending with a new line", () => {
    for (const pack of manifest.packs)
      for (const { file, doc } of sources(pack.name)) {
        expect(fs.readFileSync(file, "utf8"), file).toBe(`${JSON.stringify(doc, null, 2)}\n`);
      }
  });
});
