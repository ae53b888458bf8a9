/**
 * `npx tsx scripts/e2e/builds.ts`: prints the Foundry builds the manifest declares
 * (`compatibility.minimum`, then `compatibility.verified`), one per line — the builds
 * .github/workflows/e2e.yml downloads and runs, and that a release must have proved
 * (scripts/manifest.ts `declaredBuilds`). Exits 1, saying why, when one is not a full build.
 */
import { declaredBuilds, readManifest } from "../manifest";

const { builds, problems } = declaredBuilds(readManifest());
if (problems.length) {
  console.error(`system.json: ${problems.join("; ")}`);
  process.exit(1);
}
console.log(builds.join("\n"));
