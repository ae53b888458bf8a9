import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTempTrees } from "../helpers/temp-tree";
import { deadExports } from "../../scripts/dead-exports";

// The dead-export check of `npm run lint` (scripts/dead-exports.ts), on small source trees written here.
const tempTree = useTempTrees("dead");

/** The `file: name` of each dead export of the tree `files` (its src/ checked, its test/ a consumer). */
function deadIn(files: Record<string, string>): string[] {
  const root = tempTree(files);
  return deadExports(path.join(root, "src"), [path.join(root, "test")]).map(
    ({ file, name }) => `${path.relative(root, file)}: ${name}`,
  );
}

describe("dead exports", () => {
  it("finds an export nothing reads, whatever its kind, and a re-export nothing imports", () => {
    expect(
      deadIn({
        "src/a.ts": [
          "export const unused = 1;",
          "export function lost() {}",
          "export type Never = 1;",
          "export interface Gone { a: 1 }",
          "export const used = 2;",
        ].join("\n"),
        "src/b.ts": 'import { used } from "./a";\nexport { used as again } from "./a";\nexport const b = used;\n',
        "src/c.ts": 'import { b } from "./b";\nconsole.log(b);\n',
      }).sort(),
    ).toEqual(["src/a.ts: Gone", "src/a.ts: Never", "src/a.ts: lost", "src/a.ts: unused", "src/b.ts: again"]);
  });

  it("counts a test's import, a namespace, a dynamic import, an import type and a file's own use as reads", () => {
    expect(
      deadIn({
        "src/a.ts": "export const forTests = 1;\n",
        "src/b.ts": "export const x = 1;\nexport const y = 2;\n",
        "src/c.ts": "export const z = 1;\n",
        "src/d.ts": "export type T = 1;\nexport const w = 1;\n",
        "src/e.ts": "export type Shape = { a: 1 };\nexport function make(): Shape { return { a: 1 }; }\n",
        "src/main.ts": [
          'import * as b from "./b";',
          'const c = () => import("./c");',
          'type D = import("./d").T | typeof import("./d");',
          'import { make } from "./e";',
          "console.log(b, c, make);",
          "export type { D };",
        ].join("\n"),
        "test/a.test.ts": 'import { forTests } from "../src/a";\nimport type { D } from "../src/main";\nforTests;\n',
      }),
    ).toEqual([]);
  });
});
