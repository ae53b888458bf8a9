import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTempTrees } from "../helpers/temp-tree";
import { importCycles, importGraph, unlayeredFiles, upwardImports } from "../../scripts/import-graph";

// The second half of `npm run lint` (scripts/import-graph.ts), on small source trees written here.
const tempTree = useTempTrees("graph");

/** Writes `files` (path under src/ → source) into a fresh folder and returns its src/. */
function tree(files: Record<string, string>): string {
  const under = Object.fromEntries(Object.entries(files).map(([file, source]) => [path.join("src", file), source]));
  return path.join(tempTree(under), "src");
}

const names = (src: string, files: string[]) => files.map((file) => path.relative(src, file));

describe("import cycles", () => {
  it("finds a cycle made of type-only imports, as a closed path", () => {
    const src = tree({
      "data/a.ts": 'import type { B } from "./b";\nexport type A = B | 1;\n',
      "data/b.ts": 'import type { A } from "./a";\nexport type B = A[];\n',
      "data/c.ts": 'import type { A } from "./a";\nexport type C = A;\n',
    });
    const cycles = importCycles(importGraph(src));
    expect(cycles.map((cycle) => names(src, cycle))).toEqual([["data/a.ts", "data/b.ts", "data/a.ts"]]);
  });

  it("finds a cycle through a re-export and a dynamic import, and one file importing itself", () => {
    const src = tree({
      "chat/a.ts": 'export { b } from "./b";\nexport const a = 1;\n',
      "chat/b.ts": 'export const b = () => import("./c");\n',
      "chat/c.ts": 'import { a } from "./a";\nexport const c = a;\n',
      "chat/self.ts": 'import { s } from "./self";\nexport const s = 1;\nexport const t = s;\n',
    });
    const cycles = importCycles(importGraph(src)).map((cycle) => names(src, cycle));
    expect(cycles).toEqual([
      ["chat/self.ts", "chat/self.ts"],
      ["chat/a.ts", "chat/b.ts", "chat/c.ts", "chat/a.ts"],
    ]);
  });

  it("finds none in a graph without one", () => {
    const src = tree({
      "rules/a.ts": "export const a = 1;\n",
      "data/b.ts": 'import { a } from "../rules/a";\nexport const b = a;\n',
      "documents/c.ts": 'import { a } from "../rules/a";\nimport { b } from "../data/b";\nexport const c = a + b;\n',
    });
    expect(importCycles(importGraph(src))).toEqual([]);
  });
});

describe("upward imports (scripts/layers.mjs)", () => {
  it("reports an import of a higher layer's folder, type-only or dynamic, and nothing else", () => {
    const src = tree({
      "rules/a.ts": "export const a = 1;\n",
      "data/model.ts": 'import type { Doc } from "../documents/doc";\nexport type M = Doc;\n',
      "documents/doc.ts":
        'import { a } from "../rules/a";\nexport type Doc = { a: typeof a };\nexport const later = () => import("../applications/card");\n',
      "applications/card.ts": 'import type { Doc } from "../documents/doc";\nexport type Card = Doc;\n',
      "tactica.ts": 'import "./applications/card";\n',
    });
    const found = upwardImports(importGraph(src), src).map(
      ({ from, to }) => `${path.relative(src, from)} → ${path.relative(src, to)}`,
    );
    expect(found.sort()).toEqual(["data/model.ts → documents/doc.ts", "documents/doc.ts → applications/card.ts"]);
  });

  it("names the files of a folder that is in no layer", () => {
    const src = tree({ "misc/x.ts": "export const x = 1;\n", "rules/a.ts": "export const a = 1;\n" });
    expect(names(src, unlayeredFiles(importGraph(src), src))).toEqual(["misc/x.ts"]);
  });
});
