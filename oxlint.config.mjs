// Oxlint configuration for the code (TypeScript and JavaScript); ESLint lints only the Handlebars
// templates (eslint.config.js). `npm run lint` passes this file with `-c` (a JavaScript config:
// the zones below come from the one table of layers, scripts/layers.mjs).
//
// The rules are ESLint's recommended set and typescript-eslint's recommended set, named one by
// one (no category is on by default), with ESLint's options where Oxlint's defaults differ: the
// checks the project had under ESLint, at a fraction of the time. Where they are not the same:
// - `max-len` has no Oxlint counterpart: scripts/long-lines.ts checks it (in the source checks);
// - `no-restricted-syntax` (`new Date()` in src/rules) has none either: `Date` is a restricted
//   global there, which also refuses `Date.now()`;
// - Oxlint's `no-self-assign` does not see `a[0] = a[0]` (a literal index); ESLint's did;
// - Oxlint's `no-unsafe-declaration-merging` reports the interface of a merged pair, not the class;
// - a disable comment that disables nothing (a misspelt rule name among them) is an error, as
//   ESLint's unknown-rule error and unused-directive warning were together. Oxlint ignores
//   `/* eslint rule: … */` and `/* global … */` comments (none is used).
//
// The rules layer (src/rules) must stay pure: no Foundry globals, no DOM, no randomness or clock
// of its own, no imports from the Foundry layers (DESIGN.md §1). Every other folder of src/ may
// import only from the layers below its own (docs/architecture.md); scripts/import-graph.ts
// checks the same table on the resolved imports, and that no import cycle exists.
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

/** ESLint's recommended rules that apply to TypeScript and JavaScript alike. */
const RECOMMENDED = [
  "for-direction",
  "no-async-promise-executor",
  "no-case-declarations",
  "no-compare-neg-zero",
  "no-cond-assign",
  "no-constant-binary-expression",
  "no-constant-condition",
  "no-control-regex",
  "no-debugger",
  "no-delete-var",
  "no-dupe-else-if",
  "no-duplicate-case",
  "no-empty",
  "no-empty-character-class",
  "no-empty-pattern",
  "no-empty-static-block",
  "no-ex-assign",
  "no-extra-boolean-cast",
  "no-fallthrough",
  "no-global-assign",
  "no-invalid-regexp",
  "no-loss-of-precision",
  "no-misleading-character-class",
  "no-nonoctal-decimal-escape",
  "no-prototype-builtins",
  "no-regex-spaces",
  "no-self-assign",
  "no-shadow-restricted-names",
  "no-sparse-arrays",
  "no-unexpected-multiline",
  "no-unsafe-finally",
  "no-unsafe-optional-chaining",
  "no-unused-labels",
  "no-unused-private-class-members",
  "no-useless-backreference",
  "no-useless-catch",
  "no-useless-escape",
  "require-yield",
  "use-isnan",
  "valid-typeof",
  // typescript-eslint's recommended set adds these for TypeScript; they hold for JavaScript too.
  "no-var",
  "prefer-const",
  "prefer-rest-params",
  "prefer-spread",
  "no-array-constructor",
  "no-unused-expressions",
];

/**
 * ESLint's recommended rules that the TypeScript compiler checks already in TypeScript files
 * (typescript-eslint turns them off there): on for JavaScript files only.
 */
const JAVASCRIPT_ONLY = [
  "constructor-super",
  "getter-return",
  "no-class-assign",
  "no-const-assign",
  "no-dupe-class-members",
  "no-dupe-keys",
  "no-func-assign",
  "no-import-assign",
  "no-new-native-nonconstructor",
  "no-obj-calls",
  "no-redeclare",
  "no-setter-return",
  "no-this-before-super",
  "no-undef",
  "no-unreachable",
  "no-unsafe-negation",
  "no-with",
];

/** typescript-eslint's recommended rules of its own. */
const TYPESCRIPT = [
  "ban-ts-comment",
  "no-duplicate-enum-values",
  "no-empty-object-type",
  "no-explicit-any",
  "no-extra-non-null-assertion",
  "no-misused-new",
  "no-namespace",
  "no-non-null-asserted-optional-chain",
  "no-require-imports",
  "no-this-alias",
  "no-unnecessary-type-constraint",
  "no-unsafe-declaration-merging",
  "no-unsafe-function-type",
  "no-wrapper-object-types",
  "prefer-as-const",
  "prefer-namespace-keyword",
  "triple-slash-reference",
].map((rule) => `typescript/${rule}`);

const on = (rules) => Object.fromEntries(rules.map((rule) => [rule, "error"]));

export default {
  plugins: ["eslint", "typescript"],
  options: { reportUnusedDisableDirectives: "error" },
  categories: { correctness: "off" },
  env: { browser: true, node: true, es2024: true },
  ignorePatterns: ["dist/**", "coverage/**", "test/browser/__screenshots__/**"],
  rules: {
    ...on(RECOMMENDED),
    ...on(TYPESCRIPT),
    "no-unused-vars": [
      "error",
      // typescript-eslint's rule reported a value used only as a type; Oxlint's needs asking.
      { argsIgnorePattern: "^_", varsIgnorePattern: "^_", reportVarsOnlyUsedAsTypes: true },
    ],
    // ESLint's options (Oxlint skips template literals and regular expressions by default).
    "no-irregular-whitespace": ["error", { skipStrings: true, skipTemplates: false, skipRegExps: false }],
    eqeqeq: ["error", "smart"],
  },
  overrides: [
    { files: ["**/*.js", "**/*.mjs", "**/*.cjs"], rules: on(JAVASCRIPT_ONLY) },
    {
      files: ["src/rules/**/*.ts"],
      rules: {
        "no-restricted-globals": [
          "error",
          ...restricted(FOUNDRY_GLOBALS, "src/rules is pure: no Foundry globals (DESIGN §1)."),
          ...restricted(DOM_GLOBALS, "src/rules is pure: no DOM or browser APIs (DESIGN §1)."),
          { name: "Date", message: "Date: src/rules has no clock of its own." },
        ],
        "no-restricted-properties": [
          "error",
          {
            object: "Math",
            property: "random",
            message: "src/rules has no randomness of its own: dice faces come in as numbers.",
          },
        ],
        "no-restricted-imports": [
          "error",
          {
            patterns: [
              // Any climb out of src/rules, and fvtt-types at any depth.
              { regex: "^(\\.\\./|fvtt-types(/|$))", message: "src/rules imports only from src/rules." },
            ],
          },
        ],
      },
    },
    ...layerZones(),
  ],
};
