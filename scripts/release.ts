/**
 * What a release zip contains, and the checks that a zip agrees with its manifest and, for a
 * published release, with the tag and the hosting repository. Used by `npm run package` (and so by
 * .github/workflows/release.yml) and by the tests.
 */
import fs from "node:fs";
import path from "node:path";
import yauzl from "yauzl";
import type { E2eResult } from "./e2e/result";
import {
  RELEASE_URL_KEYS,
  declaredBuilds,
  newerBuild,
  referencedFiles,
  releaseTargetProblems,
  releaseUrls,
  type ReleaseTarget,
  type SystemManifest,
} from "./manifest";

/** Folders the system loads at run time without the manifest naming each file. */
const RUNTIME_DIRS = ["templates", "assets"];

function listFiles(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
}

/** Relative module specifiers (`./x.mjs`) a module imports, statically or with `import()`. */
export function relativeImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/\b(?:from|import)\s*\(?\s*["'`](\.{1,2}\/[^"'`]+)["'`]/g)) found.add(m[1]!);
  return [...found];
}

/**
 * The manifest's ES modules and every chunk they import, transitively (the shared chunk and the
 * self-test loaded on `quenchReady`): the JavaScript files a release must ship, relative to `dist`.
 */
export function moduleFiles(dist: string, manifest: SystemManifest): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const full = path.join(dist, file);
    if (!fs.existsSync(full)) return;
    for (const spec of relativeImports(fs.readFileSync(full, "utf8"))) {
      visit(path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)));
    }
  };
  for (const file of manifest.esmodules) visit(file);
  return [...seen].sort();
}

/** Every file a release of the built system folder `dist` must contain, sorted. */
export function releaseFiles(dist: string, manifest: SystemManifest): string[] {
  const files = new Set<string>(["system.json", ...referencedFiles(manifest), ...moduleFiles(dist, manifest)]);
  for (const pack of manifest.packs) for (const f of listFiles(dist, pack.path ?? `packs/${pack.name}`)) files.add(f);
  for (const dir of RUNTIME_DIRS) for (const f of listFiles(dist, dir)) files.add(f);
  return [...files].sort();
}

/** Reads a zip's entries: file names and the text of `system.json`. */
export function readZip(zipPath: string): Promise<{ names: string[]; manifest: SystemManifest | null }> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error(`cannot open ${zipPath}`));
      const names: string[] = [];
      let manifest: SystemManifest | null = null;
      zip.on("entry", (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith("/")) return zip.readEntry();
        names.push(entry.fileName);
        if (entry.fileName !== "system.json") return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error("cannot read system.json"));
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            manifest = JSON.parse(Buffer.concat(chunks).toString("utf8")) as SystemManifest;
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve({ names: names.sort(), manifest }));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

/**
 * Every disagreement between a zip, the package version and the expected file list. With a
 * release `target`, the manifest must also carry that release's URLs (see `releaseUrls`) and the
 * tag must be `v` + the version; without one, it must name no repository, manifest or download URL
 * (only the release workflow knows where the system is hosted).
 */
export async function checkZip(
  zipPath: string,
  expectedFiles: string[],
  packageVersion: string,
  target: ReleaseTarget | null = null,
): Promise<string[]> {
  const { names, manifest } = await readZip(zipPath);
  const errors: string[] = [];
  if (!manifest) return ["the zip has no system.json"];
  if (manifest.version !== packageVersion) {
    errors.push(`system.json version ${manifest.version} differs from package.json version ${packageVersion}`);
  }
  if (target) {
    errors.push(...releaseTargetProblems(target, manifest.version));
    const urls = releaseUrls(manifest.id, target);
    for (const key of RELEASE_URL_KEYS) {
      if (manifest[key] !== urls[key]) errors.push(`${key} must be ${urls[key]} (got ${String(manifest[key])})`);
    }
  } else {
    for (const key of RELEASE_URL_KEYS) {
      if (manifest[key] !== undefined) {
        errors.push(
          `${key} must be absent outside a release (got ${String(manifest[key])}): the release workflow writes it`,
        );
      }
    }
  }
  if (manifest.flags && "hotReload" in manifest.flags) errors.push("a release must not carry flags.hotReload");
  const missing = expectedFiles.filter((f) => !names.includes(f));
  const extra = names.filter((f) => !expectedFiles.includes(f));
  if (missing.length) errors.push(`missing from the zip: ${missing.join(", ")}`);
  if (extra.length) errors.push(`not expected in the zip: ${extra.join(", ")}`);
  return errors;
}

/** The files a release uploads as assets, relative to the repository root (the workflow names them). */
export function releaseAssets(id: string): string[] {
  return ["dist/system.json", `${id}.zip`];
}

/**
 * The CHANGELOG section of `version` (Keep a Changelog: `## [0.2.0] — 2027-01-15`), with its date
 * and its text up to the next `## ` heading; null when there is none.
 */
export function changelogSection(changelog: string, version: string): { date: string | null; body: string } | null {
  const lines = changelog.split(/\r?\n/);
  const escaped = version.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const heading = new RegExp(`^## \\[?v?${escaped}\\]?(?:\\s|$)`);
  const start = lines.findIndex((l) => heading.test(l));
  if (start < 0) return null;
  const date = /\b(\d{4}-\d{2}-\d{2})\s*$/.exec(lines[start]!)?.[1] ?? null;
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => l.startsWith("## "));
  return { date, body: (end < 0 ? rest : rest.slice(0, end)).join("\n").trim() };
}

/** Why the CHANGELOG is not ready for a release of `version`: no section for it, or no date. */
export function changelogProblems(changelog: string, version: string): string[] {
  const section = changelogSection(changelog, version);
  if (!section) return [`CHANGELOG.md has no "## [${version}] — YYYY-MM-DD" section`];
  const problems: string[] = [];
  if (!section.date) problems.push(`CHANGELOG.md: the ${version} heading has no release date (YYYY-MM-DD at its end)`);
  if (!section.body) problems.push(`CHANGELOG.md: the ${version} section is empty`);
  return problems;
}

/**
 * Why a release of `manifest` may not be published on the end-to-end `result` (e2e-report/result.json
 * of `npm run e2e`, scripts/e2e/result.ts): no result; a result of another system, version or
 * commit; a run that failed; a build the manifest declares (minimum, verified) with no passing
 * run; a `verified` that is not the newest build a passing run proved.
 */
export function e2eGateProblems(manifest: SystemManifest, result: E2eResult | null, commit: string | null): string[] {
  const { builds, problems } = declaredBuilds(manifest);
  const declared = builds.join(" and ");
  if (!result)
    return [...problems, `no end-to-end result: run npm run e2e on Foundry ${declared || "the declared builds"} first`];
  if (result.system !== manifest.id || result.version !== manifest.version)
    problems.push(
      `the end-to-end result is of ${result.system} ${result.version}, not ${manifest.id} ${manifest.version}`,
    );
  if (commit && result.commit && result.commit !== commit)
    problems.push(`the end-to-end result is of commit ${result.commit}, not of ${commit}`);
  for (const run of result.runs) {
    if (run.failed > 0 || run.passed === 0)
      problems.push(
        `the end-to-end run on Foundry ${run.foundry ?? run.label} did not pass (${run.passed} passed, ${run.failed} failed)`,
      );
  }
  const proved = result.runs.filter((r) => r.failed === 0 && r.passed > 0 && r.foundry).map((r) => r.foundry!);
  const names = { [builds[0] ?? ""]: "compatibility.minimum", [builds.at(-1) ?? ""]: "compatibility.verified" };
  for (const build of builds) {
    if (!proved.includes(build))
      problems.push(
        `no passing end-to-end run on Foundry ${build} (${names[build] ?? "declared"}); runs on: ${result.runs.map((r) => r.foundry ?? r.label).join(", ") || "none"}`,
      );
  }
  const verified = String((manifest.compatibility as { verified?: unknown } | undefined)?.verified ?? "");
  const newest = proved.reduce<string | null>((best, b) => (best === null || newerBuild(b, best) ? b : best), null);
  if (newest && proved.includes(verified) && newerBuild(newest, verified))
    problems.push(
      `compatibility.verified is ${verified}, but the run proved the newer ${newest}: declare the build the run proved`,
    );
  return problems;
}

/**
 * The options of `npm run package`: `--tag <tag> --repository <owner/name>` (both or neither) make
 * a release, which needs `--e2e <result.json>` (the end-to-end run that proves it); `--check` only
 * checks the tag against the version and the CHANGELOG, without building (it needs no `--e2e`).
 */
export function parsePackageArgs(argv: string[]): {
  target: ReleaseTarget | null;
  checkOnly: boolean;
  e2e: string | null;
  errors: string[];
} {
  const errors: string[] = [];
  const values: Record<string, string> = {};
  let checkOnly = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--check") checkOnly = true;
    else if (arg === "--tag" || arg === "--repository" || arg === "--e2e") {
      const value = argv[++i];
      if (value === undefined || value.startsWith("--") || value === "") errors.push(`${arg} needs a value`);
      else values[arg.slice(2)] = value;
    } else errors.push(`unknown argument ${arg}`);
  }
  const { tag, repository, e2e } = values;
  if ((tag === undefined) !== (repository === undefined)) errors.push("give both --tag and --repository, or neither");
  if (checkOnly && tag === undefined) errors.push("--check needs --tag and --repository");
  if (e2e !== undefined && tag === undefined) errors.push("--e2e goes with --tag and --repository");
  if (tag !== undefined && !checkOnly && e2e === undefined)
    errors.push(
      "a release needs --e2e <e2e-report/result.json>: the end-to-end run on the builds the manifest declares",
    );
  return {
    target: tag !== undefined && repository !== undefined ? { tag, repository } : null,
    checkOnly,
    e2e: e2e ?? null,
    errors,
  };
}
