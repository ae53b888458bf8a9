/**
 * What a release zip contains, and the checks that a zip agrees with its manifest and, for a
 * published release, with the tag and the hosting repository. Used by `npm run package` (and so by
 * .github/workflows/release.yml) and by the tests.
 */
import fs from "node:fs";
import path from "node:path";
import yauzl from "yauzl";
import {
  RELEASE_URL_KEYS,
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
 * The options of `npm run package`: `--tag <tag> --repository <owner/name>` (both or neither) make
 * a release; `--check` only checks them against the version and the CHANGELOG, without building.
 */
export function parsePackageArgs(argv: string[]): {
  target: ReleaseTarget | null;
  checkOnly: boolean;
  errors: string[];
} {
  const errors: string[] = [];
  const values: Record<string, string> = {};
  let checkOnly = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--check") checkOnly = true;
    else if (arg === "--tag" || arg === "--repository") {
      const value = argv[++i];
      if (value === undefined || value.startsWith("--") || value === "") errors.push(`${arg} needs a value`);
      else values[arg.slice(2)] = value;
    } else errors.push(`unknown argument ${arg}`);
  }
  const { tag, repository } = values;
  if ((tag === undefined) !== (repository === undefined)) errors.push("give both --tag and --repository, or neither");
  if (checkOnly && tag === undefined) errors.push("--check needs --tag and --repository");
  return { target: tag !== undefined && repository !== undefined ? { tag, repository } : null, checkOnly, errors };
}
