/**
 * `npm run lint`'s checks of src/ after eslint and Prettier, in one process (one start of the
 * TypeScript compiler API instead of two): the import graph (scripts/import-graph.ts: no cycle, no
 * upward import) and the type-assertion budget (scripts/count-assertions.mjs). Both run; the exit
 * status is 1 when either fails. Each script still runs on its own too.
 */
import { assertionBudget } from "./count-assertions.mjs";
import { importGraphCheck } from "./import-graph";

const graph = importGraphCheck();
const budget = assertionBudget("src");
process.stdout.write(budget.stdout);
process.stderr.write(budget.stderr);
process.exitCode = graph || budget.status;
