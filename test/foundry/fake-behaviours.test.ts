/**
 * The fake's behaviours are each cited and pinned to real Foundry (architecture review F18): the
 * header of every fake file lists, under "Behaviours", the Foundry behaviours it models, one
 * bullet each, each naming its public source (`Source: …`) and the contract case of src/contract/
 * that checks it in a real Foundry (`Contract: \`id\``), or — when one GM's client cannot show it —
 * the manual check that does (`Contract: none — manual check "<words of docs/manual-checks.md>"`).
 * This test holds every file to that, checks that each named contract id is a case of the suites
 * (they run on the fake here and in Foundry through Quench), that each id is unique, and that every
 * case with an id is named by some behaviour: one contract case per fake behaviour.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadWorld } from "./world";
import { setFakeGeneration } from "./fake-generation";

const FAKE_DIR = "test/foundry";

/** A contract case's id: the bracketed prefix of its title, `[area.name]`. */
const ID = /^\[([a-z0-9]+(?:\.[a-z0-9-]+)+)\] /;

interface Bullet {
  file: string;
  text: string;
}

/** The bullets of the "Behaviours" list of a file's first comment (see the module comment). */
function behaviours(file: string, source: string): Bullet[] {
  const header = source.slice(0, source.indexOf("*/"));
  const lines = header.split("\n").map((line) => line.replace(/^\s*\/?\*+ ?/, ""));
  const start = lines.findIndex((line) => line.startsWith("Behaviours"));
  if (start < 0) return [];
  const bullets: Bullet[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith("- ")) bullets.push({ file, text: line.slice(2) });
    else if (/^ {2}\S/.test(line) && bullets.length) bullets.at(-1)!.text += ` ${line.trim()}`;
    else break;
  }
  return bullets;
}

/** The ids a bullet's `Contract:` part names, or the manual check it quotes. */
function contractOf(bullet: Bullet): { ids: string[]; manual: string | null } | null {
  const part = /Contract: (.*)$/.exec(bullet.text)?.[1];
  if (!part) return null;
  const manual = /^none — manual check "([^"]+)"/.exec(part)?.[1] ?? null;
  const ids = manual ? [] : [...part.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
  return manual || ids.length ? { ids, manual } : null;
}

const squash = (text: string) => text.replace(/\s+/g, " ");

/** Every case title of the contract suites, as each generation defines them. */
async function contractTitles(): Promise<string[]> {
  const world = await loadWorld();
  const { CONTRACT_SUITES } = await import("../../src/contract/index");
  const titles: string[] = [];
  const context = {
    describe: (_name: string, fn: () => void) => fn(),
    it: (name: string) => void titles.push(name),
    assert: {} as never,
  };
  for (const generation of [13, 14] as const) {
    setFakeGeneration(world.fake, generation);
    for (const suite of Object.values(CONTRACT_SUITES)) suite(context);
  }
  return titles;
}

const files = fs.readdirSync(FAKE_DIR).filter((f) => /^fake.*\.ts$/.test(f) && !f.endsWith(".test.ts"));
const bullets = files.flatMap((file) => behaviours(file, fs.readFileSync(path.join(FAKE_DIR, file), "utf8")));
const manualChecks = squash(fs.readFileSync("docs/manual-checks.md", "utf8"));
const ids = new Map<string, Set<string>>();
for (const title of await contractTitles()) {
  const id = ID.exec(title)?.[1];
  if (id) ids.set(id, (ids.get(id) ?? new Set()).add(title));
}

describe("every fake behaviour cites its source and the contract case (or manual check) that pins it", () => {
  it("lists its behaviours in every fake file's header", () => {
    const without = files.filter((file) => !bullets.some((b) => b.file === file));
    expect(without).toEqual([]);
    expect(bullets.length).toBeGreaterThan(60);
  });

  it("gives every behaviour a source and a contract case or a manual check", () => {
    const unsourced = bullets.filter((b) => !/Source: \S/.test(b.text)).map((b) => `${b.file}: ${b.text}`);
    const unpinned = bullets.filter((b) => !contractOf(b)).map((b) => `${b.file}: ${b.text}`);
    expect(unsourced).toEqual([]);
    expect(unpinned).toEqual([]);
  });

  it("names only contract cases that exist, and manual checks that docs/manual-checks.md holds", () => {
    const missing = bullets.flatMap((b) =>
      (contractOf(b)?.ids ?? []).filter((id) => !ids.has(id)).map((id) => `${b.file}: ${id}`),
    );
    const unknownManual = bullets.flatMap((b) => {
      const manual = contractOf(b)?.manual;
      return manual && !manualChecks.includes(squash(manual)) ? [`${b.file}: "${manual}"`] : [];
    });
    expect(missing).toEqual([]);
    expect(unknownManual).toEqual([]);
  });

  it("gives each contract case one id, and names every case that has one in some behaviour", () => {
    const twice = [...ids].filter(([, named]) => named.size > 1).map(([id]) => id);
    const named = new Set(bullets.flatMap((b) => contractOf(b)?.ids ?? []));
    const orphans = [...ids.keys()].filter((id) => !named.has(id));
    expect(twice).toEqual([]);
    expect(orphans).toEqual([]);
  });
});
