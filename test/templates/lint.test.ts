import fs from "node:fs";
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import { CHAT_PARTIALS, CHAT_TEMPLATE_ROOT } from "../../src/dice/card";
import { SYSTEM_PREFIX, templateFiles } from "./harness";

// Lint of every Handlebars template under templates/ (whoever wrote it).
const files = templateFiles();
const read = (file: string) => fs.readFileSync(file, "utf8");

describe("templates", () => {
  it("exist, including every chat card and partial the dice layer names", () => {
    const served = new Set(files.map((f) => `${SYSTEM_PREFIX}${f}`));
    const cards = ["pressure", "pool", "psy", "profile-test", "score"].map((n) => `${CHAT_TEMPLATE_ROOT}/${n}.hbs`);
    for (const path of [...cards, ...CHAT_PARTIALS]) expect(served.has(path), path).toBe(true);
  });

  it.each(files)("%s compiles, also in strict mode", (file) => {
    expect(() => Handlebars.precompile(read(file))).not.toThrow();
    expect(() => Handlebars.precompile(read(file), { strict: true })).not.toThrow();
  });

  it.each(files)("%s never renders unescaped text (no triple-stash)", (file) => {
    expect(read(file)).not.toMatch(/\{\{\{|\{\{&/);
  });

  it.each(files)("%s includes only partials that exist", (file) => {
    const served = new Set(files.map((f) => `${SYSTEM_PREFIX}${f}`));
    for (const m of read(file).matchAll(/\{\{#?>\s*"([^"]+)"/g)) expect(served.has(m[1]!), m[1]).toBe(true);
  });

  it.each(files)("%s gives every button an explicit type", (file) => {
    for (const m of read(file).matchAll(/<button\b[^>]*>/g)) expect(m[0]).toMatch(/type="button"|type="submit"/);
  });

  // Review D3 / N8: an id fixed in a template is shared by every open window that renders it (two
  // End-action prompts, two sheets): each id and each label's `for` starts with the window's
  // `rootId` (sheets) or the render's `uid` (dialogs).
  it.each(files)("%s gives every element id a per-window prefix", (file) => {
    for (const m of read(file).matchAll(/\s(id|for)="([^"]*)"/g))
      expect(m[2], `${m[1]}="${m[2]}"`).toMatch(/^\{\{(@root\.)?(rootId|uid)\}\}-/);
  });
});
