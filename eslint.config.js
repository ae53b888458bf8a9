// ESLint flat config. The rules layer (src/rules) must stay pure: no Foundry globals, no DOM,
// no randomness or clock of its own, no imports from the Foundry layers (DESIGN.md §1).
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

const FOUNDRY_GLOBALS = [
  "game", "CONFIG", "CONST", "Hooks", "foundry", "ui", "canvas", "Actor", "Item", "ChatMessage",
  "Combat", "Combatant", "ActiveEffect", "Roll", "Token", "TokenDocument", "Scene", "User", "Macro",
  "RollTable", "fromUuid", "fromUuidSync", "socketlib", "Dialog", "Application", "renderTemplate",
  "loadTemplates", "Handlebars", "TextEditor", "FormApplication",
];
const DOM_GLOBALS = [
  "window", "document", "navigator", "localStorage", "sessionStorage", "HTMLElement", "Element",
  "Event", "CustomEvent", "fetch", "requestAnimationFrame", "setTimeout", "setInterval", "crypto",
];
const restricted = (names, why) => names.map((name) => ({ name, message: `${name}: ${why}` }));

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
        { object: "Math", property: "random", message: "src/rules has no randomness of its own: dice faces come in as numbers." },
        { object: "Date", property: "now", message: "src/rules has no clock of its own." },
      ],
      "no-restricted-syntax": [
        "error",
        { selector: "NewExpression[callee.name='Date']", message: "src/rules has no clock of its own." },
      ],
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["../*", "fvtt-types", "fvtt-types/*"], message: "src/rules imports only from src/rules." }] },
      ],
    },
  },
);
