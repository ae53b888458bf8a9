/**
 * `npm run package`: builds the system, writes `tactica.zip` with exactly the release files, then
 * reads the zip back and fails if its manifest or file list disagrees with what was expected.
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import yazl from "yazl";
import { readManifest } from "./manifest";
import { checkZip, releaseFiles } from "./release";

const root = process.cwd();
const dist = path.join(root, "dist");
execSync("npx vite build", { stdio: "inherit" });

const manifest = readManifest(dist);
const files = releaseFiles(dist, manifest);
const zipPath = path.join(root, `${manifest.id}.zip`);
await new Promise<void>((resolve, reject) => {
  const zip = new yazl.ZipFile();
  for (const f of files) zip.addFile(path.join(dist, f), f);
  zip.end();
  zip.outputStream.pipe(fs.createWriteStream(zipPath)).on("close", resolve).on("error", reject);
});

const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
const errors = await checkZip(zipPath, files, pkg.version);
if (errors.length) {
  console.error(`Package check failed:\n  ${errors.join("\n  ")}`);
  process.exit(1);
}
console.log(`Wrote ${path.relative(root, zipPath)}: ${files.length} files, version ${manifest.version}.`);
