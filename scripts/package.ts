/**
 * `npm run package`: builds the system, writes `tactica.zip` with exactly the release files, then
 * reads the zip back and fails if its manifest or file list disagrees with what was expected.
 *
 * `npm run package -- --tag v1.2.0 --repository owner/name` packages a release (the release
 * workflow passes `GITHUB_REF_NAME` and `GITHUB_REPOSITORY`): the tag must be `v` + the version of
 * package.json and system.json, CHANGELOG.md must have a dated section for that version, and
 * dist/system.json gets the URLs of that release on that repository before it is zipped. It also
 * writes `release-notes.md` (the CHANGELOG section). With `--check` it checks all of that and stops
 * before building. A release also needs `--e2e e2e-report/result.json`: the result of `npm run e2e`
 * on this commit, passed on the Foundry builds the manifest declares, its `verified` the newest
 * build the run proved (scripts/release.ts, `e2eGateProblems`). Without a tag the zip names no
 * repository, manifest or download URL.
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import yazl from "yazl";
import { readManifest, releaseTargetProblems, withReleaseUrls } from "./manifest";
import {
  changelogProblems,
  changelogSection,
  checkZip,
  e2eGateProblems,
  parsePackageArgs,
  releaseFiles,
} from "./release";
import { currentCommit, readResult } from "./e2e/result";

const root = process.cwd();
const dist = path.join(root, "dist");
const fail = (title: string, errors: string[]): never => {
  console.error(`${title}:\n  ${errors.join("\n  ")}`);
  process.exit(1);
};

const args = parsePackageArgs(process.argv.slice(2));
if (args.errors.length)
  fail(
    "Usage: npm run package [-- --tag v<version> --repository <owner/name> (--check | --e2e <result.json>)]",
    args.errors,
  );
const { target } = args;
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
const changelog = fs.readFileSync(path.join(root, "CHANGELOG.md"), "utf8");

if (target) {
  const source = readManifest(root);
  const errors = releaseTargetProblems(target, pkg.version);
  if (source.version !== pkg.version)
    errors.push(`system.json version ${source.version} differs from package.json version ${pkg.version}`);
  errors.push(...changelogProblems(changelog, pkg.version));
  if (args.e2e) errors.push(...e2eGateProblems(source, readResult(path.resolve(root, args.e2e)), currentCommit(root)));
  if (errors.length) fail(`Release ${target.tag} of ${target.repository} refused`, errors);
  if (args.checkOnly) {
    console.log(`Release ${target.tag} of ${target.repository}: tag, version and CHANGELOG agree.`);
    process.exit(0);
  }
}

execSync("npx vite build", { stdio: "inherit" });

let manifest = readManifest(dist);
if (target) {
  manifest = withReleaseUrls(manifest, target);
  fs.writeFileSync(path.join(dist, "system.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.writeFileSync(path.join(root, "release-notes.md"), `${changelogSection(changelog, pkg.version)?.body ?? ""}\n`);
}
const files = releaseFiles(dist, manifest);
const zipPath = path.join(root, `${manifest.id}.zip`);
await new Promise<void>((resolve, reject) => {
  const zip = new yazl.ZipFile();
  for (const f of files) zip.addFile(path.join(dist, f), f);
  zip.end();
  zip.outputStream.pipe(fs.createWriteStream(zipPath)).on("close", resolve).on("error", reject);
});

const errors = await checkZip(zipPath, files, pkg.version, target);
if (errors.length) fail("Package check failed", errors);
const where = target ? `, release ${target.tag} of ${target.repository} (manifest ${manifest.manifest})` : "";
console.log(`Wrote ${path.relative(root, zipPath)}: ${files.length} files, version ${manifest.version}${where}.`);
