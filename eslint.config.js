// ESLint configuration: the Handlebars templates only. The code (TypeScript and JavaScript) is
// linted by Oxlint (oxlint.config.mjs), which has no Handlebars parser.
import html from "@html-eslint/eslint-plugin";
import htmlParser from "@html-eslint/parser";

export default [
  // Handlebars templates, read as HTML with `{{ }}` as template syntax: closed tags, no duplicate
  // attributes or ids, buttons with a type, images with alt text, two-space indentation, no
  // trailing spaces, no irregular whitespace. The formatter leaves them alone (Prettier's
  // Handlebars parser refuses partials, and Oxfmt has none). No line-length limit here: a
  // control's attributes and its conditionals read best on one line.
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
      // A raw no-break or narrow no-break space typed into a template (French typography puts them in
      // lang/, never in the markup).
      "no-irregular-whitespace": [
        "error",
        { skipStrings: true, skipTemplates: false, skipComments: false, skipRegExps: false },
      ],
    },
  },
  {
    // The field partial gives one id to the input of whichever branch renders.
    files: ["templates/partials/item-field.hbs"],
    rules: { "@html-eslint/no-duplicate-id": "off" },
  },
];
