/**
 * What a release zip contains, and the checks that a zip agrees with its manifest. Used by
 * `npm run package` and by the tests.
 */
import fs from "node:fs";
import path from "node:path";
import yauzl from "yauzl";
import { expectedDownload, expectedManifestUrl, referencedFiles, type SystemManifest } from "./manifest";

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

/** Every file a release of the built system folder `dist` must contain, sorted. */
export function releaseFiles(dist: string, manifest: SystemManifest): string[] {
  const files = new Set<string>(["system.json", ...referencedFiles(manifest)]);
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

/** Every disagreement between a zip, the package version and the expected file list. */
export async function checkZip(zipPath: string, expectedFiles: string[], packageVersion: string): Promise<string[]> {
  const { names, manifest } = await readZip(zipPath);
  const errors: string[] = [];
  if (!manifest) return ["the zip has no system.json"];
  if (manifest.version !== packageVersion) {
    errors.push(`system.json version ${manifest.version} differs from package.json version ${packageVersion}`);
  }
  if (manifest.download !== expectedDownload(manifest)) {
    errors.push(`download must be ${expectedDownload(manifest)} (got ${manifest.download})`);
  }
  if (manifest.manifest !== expectedManifestUrl(manifest)) {
    errors.push(`manifest must be ${expectedManifestUrl(manifest)} (got ${manifest.manifest})`);
  }
  if (manifest.flags && "hotReload" in manifest.flags) errors.push("a release must not carry flags.hotReload");
  const missing = expectedFiles.filter((f) => !names.includes(f));
  const extra = names.filter((f) => !expectedFiles.includes(f));
  if (missing.length) errors.push(`missing from the zip: ${missing.join(", ")}`);
  if (extra.length) errors.push(`not expected in the zip: ${extra.join(", ")}`);
  return errors;
}
