import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The rules layer must stay pure (DESIGN §1); this proves the lint rule bites, not just that it exists.
const eslint = new ESLint({ cwd: process.cwd() });

// The first lint loads the config and the TypeScript parser (seconds on a busy machine): once, here.
beforeAll(() => eslint.calculateConfigForFile("src/rules/probe.ts"), 120_000);

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? "parse-error");
}

describe("lint boundary of src/rules", () => {
  it.each([
    ["a Foundry global", "export const x = () => game.settings;", "no-restricted-globals"],
    ["CONFIG", "export const x = () => CONFIG.TACTICA;", "no-restricted-globals"],
    ["the DOM", "export const x = () => document.body;", "no-restricted-globals"],
    ["Math.random", "export const x = () => Math.random();", "no-restricted-properties"],
    ["a clock", "export const x = () => new Date();", "no-restricted-syntax"],
    ["an import from another layer", 'import { x } from "../config";\nexport const y = x;', "no-restricted-imports"],
  ])("refuses %s", async (_what, code, rule) => {
    expect(await ruleIds(code, "src/rules/probe.ts")).toContain(rule);
  });

  it("allows the same code outside src/rules", async () => {
    expect(await ruleIds("export const x = () => Math.random();", "src/dice/probe.ts")).toEqual([]);
  });

  it("accepts pure code inside src/rules", async () => {
    expect(await ruleIds("export const twice = (n: number): number => n * 2;", "src/rules/probe.ts")).toEqual([]);
  });
});

describe("lint zones of the other layers (scripts/layers.mjs)", () => {
  it.each([
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
      "a use case from a document",
      'import { rollPool } from "../actions/pool";\nexport const r = rollPool;',
      "src/documents/probe.ts",
    ],
    [
      "a re-export of a dialog from a use case",
      'export { poolDialog } from "../applications/dialogs/pool-dialog";',
      "src/actions/probe.ts",
    ],
    [
      "an application from the chat",
      'import { promptDuration } from "../applications/combat/end-action";\nexport const p = promptDuration;',
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
  ])("refuses %s", async (_what, code, file) => {
    expect(await ruleIds(code, file)).toContain("no-restricted-imports");
  });

  it.each([
    [
      "data's own chat models from deeper in data",
      'import { RollCardModel } from "../chat/roll-card";\nexport const m = RollCardModel;',
      "src/data/actor/probe.ts",
    ],
    [
      "a document from a use case",
      'import type { TacticaActor } from "../documents/actor";\nexport type A = TacticaActor;',
      "src/actions/probe.ts",
    ],
    [
      "the chat's GM side from an application",
      'import { requestCardAction } from "../../chat/gm";\nexport const r = requestCardAction;',
      "src/applications/combat/probe.ts",
    ],
    [
      "anything from the entry",
      'import { promptDuration } from "../applications/combat/end-action";\nexport const p = promptDuration;',
      "src/setup/probe.ts",
    ],
  ])("allows %s", async (_what, code, file) => {
    expect(await ruleIds(code, file)).toEqual([]);
  });
});
