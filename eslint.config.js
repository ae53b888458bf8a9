// ESLint flat config. The rules layer (src/rules) must stay pure: no Foundry globals, no DOM,
// no randomness or clock of its own, no imports from the Foundry layers (DESIGN.md §1). Every other
// folder of src/ may import only from the layers below its own (scripts/layers.mjs,
// docs/architecture.md); scripts/import-graph.ts checks the same table on the resolved imports,
// and that no import cycle exists.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";
import html from "@html-eslint/eslint-plugin";
import htmlParser from "@html-eslint/parser";
import { LAYERS, mayImport, mayNotImport } from "./scripts/layers.mjs";

const FOUNDRY_GLOBALS = [
  "game",
  "CONFIG",
  "CONST",
  "Hooks",
  "foundry",
  "ui",
  "canvas",
  "Actor",
  "Item",
  "ChatMessage",
  "Combat",
  "Combatant",
  "ActiveEffect",
  "Roll",
  "Token",
  "TokenDocument",
  "Scene",
  "User",
  "Macro",
  "RollTable",
  "fromUuid",
  "fromUuidSync",
  "socketlib",
  "Dialog",
  "Application",
  "renderTemplate",
  "loadTemplates",
  "Handlebars",
  "TextEditor",
  "FormApplication",
];
const DOM_GLOBALS = [
  "window",
  "document",
  "navigator",
  "localStorage",
  "sessionStorage",
  "HTMLElement",
  "Element",
  "Event",
  "CustomEvent",
  "fetch",
  "requestAnimationFrame",
  "setTimeout",
  "setInterval",
  "crypto",
];
const restricted = (names, why) => names.map((name) => ({ name, message: `${name}: ${why}` }));

/** How deep a file may sit under its folder of src/ (src/<folder>/a/b/c/file.ts is depth 4). */
const MAX_DEPTH = 5;

/**
 * One zone per layered folder and file depth: from src/<folder>/ at depth d, an import that climbs
 * d levels (`../` d times) and enters a folder <folder> may not import is refused — type-only
 * imports and re-exports included. src/rules has its own, stricter zone below; the entry
 * (src/tactica.ts, src/setup, src/hooks) may import anything.
 */
function layerZones() {
  const zones = [];
  // Every layer but the first (src/rules) and the last (the entry).
  for (const folder of LAYERS.slice(1, -1).flatMap((layer) => layer.folders)) {
    const forbidden = mayNotImport(folder);
    const message = `src/${folder} may import only from src/${[folder, ...mayImport(folder)].join(", src/")} (docs/architecture.md).`;
    for (let depth = 1; depth <= MAX_DEPTH; depth += 1) {
      zones.push({
        files: [`src/${folder}/${"*/".repeat(depth - 1)}*.ts`],
        rules: {
          "no-restricted-imports": [
            "error",
            { patterns: [{ regex: `^(\\.\\./){${depth}}(${forbidden.join("|")})(/|\\.ts$|$)`, message }] },
          ],
        },
      });
    }
  }
  return zones;
}

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "coverage/**", "*.zip", "test/browser/__screenshots__/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
      eqeqeq: ["error", "smart"],
      // Prettier wraps code at 120 columns (.prettierrc.json); comments are wrapped by hand.
      "max-len": [
        "error",
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
    },
  },
  {
    files: ["src/rules/**/*.ts"],
    languageOptions: { globals: { ...globals.es2022 } },
    rules: {
      "no-restricted-globals": [
        "error",
        ...restricted(FOUNDRY_GLOBALS, "src/rules is pure: no Foundry globals (DESIGN §1)."),
        ...restricted(DOM_GLOBALS, "src/rules is pure: no DOM or browser APIs (DESIGN §1)."),
      ],
      "no-restricted-properties": [
        "error",
        {
          object: "Math",
          property: "random",
          message: "src/rules has no randomness of its own: dice faces come in as numbers.",
        },
        { object: "Date", property: "now", message: "src/rules has no clock of its own." },
      ],
      "no-restricted-syntax": [
        "error",
        { selector: "NewExpression[callee.name='Date']", message: "src/rules has no clock of its own." },
      ],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["../*", "fvtt-types", "fvtt-types/*"], message: "src/rules imports only from src/rules." },
          ],
        },
      ],
    },
  },
  ...layerZones(),
  // Handlebars templates, read as HTML with `{{ }}` as template syntax: closed tags, no duplicate
  // attributes or ids, buttons with a type, images with alt text, two-space indentation, no
  // trailing spaces. (Prettier does not format them: its Handlebars parser refuses partials.)
  {
    files: ["templates/**/*.hbs"],
    plugins: { "@html-eslint": html },
    languageOptions: { parser: htmlParser, parserOptions: { templateEngineSyntax: { "{{": "}}" } } },
    rules: {
      "@html-eslint/require-closing-tags": "error",
      "@html-eslint/no-duplicate-attrs": "error",
      "@html-eslint/no-duplicate-id": "error",
      "@html-eslint/require-button-type": "error",
      "@html-eslint/require-img-alt": "error",
      "@html-eslint/no-nested-interactive": "error",
      "@html-eslint/no-multiple-empty-lines": "error",
      "@html-eslint/no-trailing-spaces": "error",
      "@html-eslint/quotes": "error",
      "@html-eslint/indent": ["error", 2],
      // Long lines stay: a control's attributes and its conditionals read best on one line.
      "max-len": "off",
    },
  },
  {
    // The field partial gives one id to the input of whichever branch renders.
    files: ["templates/partials/item-field.hbs"],
    rules: { "@html-eslint/no-duplicate-id": "off" },
  },
);
