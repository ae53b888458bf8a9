import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { useTempTrees } from "../helpers/temp-tree";

// The rules layer must stay pure (DESIGN §1), and every other layer imports only from below
// (scripts/layers.mjs): this proves the lint rules bite, not just that they exist. Each probe is a
// file written into a copy of the project's lint configuration (oxlint.config.mjs and the table of
// layers it reads), at the place in src/ its case names; Oxlint lints them all in one run.
const probes = new Map<string, string>();
const tempTree = useTempTrees("lint");
const found = new Map<string, string[]>();

/** Registers a probe: `code` at `file` (a path in src/), made unique with a number. */
function probe(code: string, file: string): string {
  const unique = file.replace(/\.ts$/, `-${probes.size}.ts`);
  probes.set(unique, code);
  return unique;
}

beforeAll(() => {
  const config = ["oxlint.config.mjs", "scripts/layers.mjs"].map((file) => [file, fs.readFileSync(file, "utf8")]);
  const root = tempTree({ ...Object.fromEntries(config), ...Object.fromEntries(probes) });
  const oxlint = path.resolve("node_modules", "oxlint", "bin", "oxlint");
  const run = spawnSync(process.execPath, [oxlint, "-c", "oxlint.config.mjs", "--format", "json", "src"], {
    cwd: root,
    encoding: "utf8",
  });
  // Oxlint exits 1 when it reports an error, which most probes are written to cause.
  expect(run.error, run.stderr).toBeUndefined();
  expect([0, 1], run.stderr).toContain(run.status);
  const report = JSON.parse(run.stdout) as {
    diagnostics: { code?: string; filename: string }[];
    number_of_files: number;
  };
  // Every probe was linted (an "allows" case must not pass on a file Oxlint skipped).
  expect(report.number_of_files).toBe(probes.size);
  for (const file of probes.keys()) found.set(file, []);
  // Codes read `eslint(no-restricted-imports)`: the rule's name is what a case expects. A parse
  // error has no code.
  for (const { code, filename } of report.diagnostics) {
    found.get(filename)?.push(code?.replace(/^\w+\((.*)\)$/, "$1") ?? "parse-error");
  }
  expect(report.diagnostics.every(({ filename }) => probes.has(filename))).toBe(true);
});

/** The rules Oxlint reported on the probe registered as `file`. */
const ruleIds = (file: string): string[] => found.get(file) ?? ["(not linted)"];

describe("lint boundary of src/rules", () => {
  it.each(
    [
      ["a Foundry global", "export const x = () => game.settings;", "no-restricted-globals"],
      ["CONFIG", "export const x = () => CONFIG.TACTICA;", "no-restricted-globals"],
      ["the DOM", "export const x = () => document.body;", "no-restricted-globals"],
      ["Math.random", "export const x = () => Math.random();", "no-restricted-properties"],
      ["a clock", "export const x = () => new Date();", "no-restricted-globals"],
      ["a clock's reading", "export const x = () => Date.now();", "no-restricted-globals"],
      ["an import from another layer", 'import { x } from "../config";\nexport const y = x;', "no-restricted-imports"],
      [
        "a file deep in another layer",
        'import { x } from "../config/a";\nexport const y = x;',
        "no-restricted-imports",
      ],
      ["Foundry's types", 'import type { X } from "fvtt-types/src/x";\nexport type Y = X;', "no-restricted-imports"],
    ].map(([what, code, rule]) => [what, probe(code!, "src/rules/probe.ts"), rule]),
  )("refuses %s", (_what, file, rule) => {
    expect(ruleIds(file!)).toContain(rule);
  });

  const outside = probe("export const x = () => Math.random();", "src/dice/probe.ts");
  it("allows the same code outside src/rules", () => {
    expect(ruleIds(outside)).toEqual([]);
  });

  const pure = probe("export const twice = (n: number): number => n * 2;", "src/rules/probe.ts");
  it("accepts pure code inside src/rules", () => {
    expect(ruleIds(pure)).toEqual([]);
  });
});

describe("lint zones of the other layers (scripts/layers.mjs)", () => {
  it.each(
    [
      [
        "a type-only import of a document into data",
        'import type { TacticaActor } from "../../documents/actor";\nexport type A = TacticaActor;',
        "src/data/actor/probe.ts",
      ],
      [
        "the chat's GM side from data",
        'import { requestCardAction } from "../chat/gm";\nexport const r = requestCardAction;',
        "src/data/probe.ts",
      ],
      [
        "a document from a use case",
        'import type { TacticaActor } from "../documents/actor";\nexport type A = TacticaActor;',
        "src/actions/probe.ts",
      ],
      [
        "a document from the chat",
        'import { TacticaChatMessage } from "../documents/chat-message";\nexport const m = TacticaChatMessage;',
        "src/chat/probe.ts",
      ],
      [
        "a re-export of a dialog from a use case",
        'export { poolDialog } from "../applications/dialogs/pool-dialog";',
        "src/actions/probe.ts",
      ],
      [
        "an application from the chat",
        'import { endActionWithPrompt } from "../applications/combat/end-action";\nexport const p = endActionWithPrompt;',
        "src/chat/probe.ts",
      ],
      [
        "a peer of the same layer (dice from data)",
        'import { PoolRoll } from "../dice/pool-roll";\nexport const p = PoolRoll;',
        "src/data/probe.ts",
      ],
      [
        "the entry from a feature",
        'import { configureSystem } from "../setup/registration";\nexport const c = configureSystem;',
        "src/applications/probe.ts",
      ],
    ].map(([what, code, file]) => [what, probe(code!, file!)]),
  )("refuses %s", (_what, file) => {
    expect(ruleIds(file!)).toContain("no-restricted-imports");
  });

  it.each(
    [
      [
        "data's own chat models from deeper in data",
        'import { RollCardModel } from "../chat/roll-card";\nexport const m = RollCardModel;',
        "src/data/actor/probe.ts",
      ],
      [
        "a use case and the chat's renderer from a document",
        'import { rollPool } from "../actions/pool";\nimport { renderCardContent } from "../chat/kinds/index";\nexport const r = [rollPool, renderCardContent];',
        "src/documents/probe.ts",
      ],
      [
        "the chat's GM side from an application",
        'import { requestCardAction } from "../../chat/gm";\nexport const r = requestCardAction;',
        "src/applications/combat/probe.ts",
      ],
      [
        "anything from the entry",
        'import { endActionWithPrompt } from "../applications/combat/end-action";\nexport const p = endActionWithPrompt;',
        "src/setup/probe.ts",
      ],
    ].map(([what, code, file]) => [what, probe(code!, file!)]),
  )("allows %s", (_what, file) => {
    expect(ruleIds(file!)).toEqual([]);
  });
});
