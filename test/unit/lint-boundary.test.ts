import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The rules layer must stay pure (DESIGN §1); this proves the lint rule bites, not just that it exists.
const eslint = new ESLint({ cwd: process.cwd() });

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
