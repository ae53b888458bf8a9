/**
 * `npm test` runs the build beside vitest (scripts/test-all.mjs): the checks of dist/ wait for it.
 * The runner names a file in `TACTICA_BUILD_STATUS` and writes `{"ok": true|false}` to it when the
 * build has finished; without the variable (a plain `npx vitest run`, after `npm run build`)
 * dist/ is read as it is.
 */
import fs from "node:fs";

/** Resolves once the build of this run is done; throws when it failed or never finished. */
export async function distBuilt(timeoutMs = 110_000): Promise<void> {
  const status = process.env.TACTICA_BUILD_STATUS;
  if (!status) return;
  const deadline = Date.now() + timeoutMs;
  while (!fs.existsSync(status)) {
    if (Date.now() > deadline) throw new Error(`the build did not finish within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { ok } = JSON.parse(fs.readFileSync(status, "utf8")) as { ok: boolean };
  if (!ok) throw new Error("the build failed (its stage's output is above): dist/ cannot be checked");
}
