/**
 * `npm run lint`'s checks after Oxlint, ESLint (templates) and Oxfmt, in one process (one start of
 * the TypeScript compiler API instead of four): the import graph of src/ (scripts/import-graph.ts:
 * no cycle, no upward import), the type-assertion budget of src/ (scripts/count-assertions.mjs),
 * the line length of the code (scripts/long-lines.ts), the size ceilings of src/'s files and
 * functions (scripts/size-limits.ts) and the dead exports of src/ (scripts/dead-exports.ts). All
 * run; the exit status is 1 when any fails. The first two scripts still run on their own too.
 */
import { assertionBudget } from "./count-assertions.mjs";
import { importGraphCheck } from "./import-graph";
import { longLinesCheck } from "./long-lines";
import { sizeLimitsCheck } from "./size-limits";
import { deadExportsCheck } from "./dead-exports";

const graph = importGraphCheck();
const budget = assertionBudget("src");
process.stdout.write(budget.stdout);
process.stderr.write(budget.stderr);
const lines = longLinesCheck();
const sizes = sizeLimitsCheck();
const dead = deadExportsCheck();
process.exitCode = graph || budget.status || lines || sizes || dead;
