/**
 * Unpacking Foundry and preparing its user data folder: the system under test in
 * `Data/systems/tactica`, the Quench module in `Data/modules/quench` when one is wanted, and the
 * licence key in `Config/license.json`.
 *
 * Where the server's entry point lies in a Foundry Node.js zip changed over the versions: v11–v12
 * zips start with `node resources/app/main.mjs` (felddy/foundryvtt-docker `Dockerfile`, CMD);
 * v13 and v14 Node.js zips hold the server at their root — projects booting 13.351 and 14.36x run
 * `main.js` (Foundry's configuration article: `node main.js --port=30000 …`) or `main.mjs` from
 * the unpacked folder. We look for each, at the zip's root or in its single top-level folder.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import yauzl from "yauzl";
import type { QuenchSource } from "./config";

export const ENTRY_CANDIDATES = ["main.mjs", "main.js", "resources/app/main.mjs", "resources/app/main.js"];

/** Extracts every file of `zipPath` under `dest`, refusing entries that would land outside it. */
export function unzip(zipPath: string, dest: string): Promise<number> {
  fs.mkdirSync(dest, { recursive: true });
  const root = path.resolve(dest);
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error(`cannot open ${zipPath}`));
      let count = 0;
      const fail = (e: Error) => {
        zip.close();
        reject(e);
      };
      zip.on("error", fail);
      zip.on("end", () => resolve(count));
      zip.on("entry", (entry: yauzl.Entry) => {
        const name = entry.fileName.replace(/\\/g, "/");
        const target = path.resolve(root, name);
        if (path.isAbsolute(name) || (target !== root && !target.startsWith(root + path.sep))) {
          return fail(new Error(`${zipPath}: entry "${entry.fileName}" points outside the target folder`));
        }
        if (name.endsWith("/")) {
          fs.mkdirSync(target, { recursive: true });
          return zip.readEntry();
        }
        fs.mkdirSync(path.dirname(target), { recursive: true });
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return fail(e ?? new Error(`cannot read ${entry.fileName}`));
          const out = fs.createWriteStream(target);
          stream.on("error", fail);
          out.on("error", fail);
          out.on("close", () => {
            count++;
            zip.readEntry();
          });
          stream.pipe(out);
        });
      });
      zip.readEntry();
    });
  });
}

/** The folders that may be an unpacked zip's root: the folder, or its only subfolder. */
function roots(dir: string): string[] {
  const entries = fs.readdirSync(dir, { withFileTypes: true }).filter((e) => !e.name.startsWith("."));
  const only = entries.length === 1 && entries[0]!.isDirectory() ? [path.join(dir, entries[0]!.name)] : [];
  return [dir, ...only];
}

/** Finds the server entry of an unpacked Foundry: `{ root, entry }` (entry absolute), or throws. */
export function findFoundryEntry(dir: string): { root: string; entry: string } {
  for (const root of roots(dir)) {
    for (const candidate of ENTRY_CANDIDATES) {
      const entry = path.join(root, candidate);
      if (fs.existsSync(entry)) return { root, entry };
    }
  }
  throw new Error(
    `no Foundry server entry (${ENTRY_CANDIDATES.join(", ")}) in the unpacked zip: is it the Node.js build?`,
  );
}

/** Reads a package manifest's id (`id` since v10, `name` before). */
function manifestId(file: string): string | undefined {
  const data = JSON.parse(fs.readFileSync(file, "utf8")) as { id?: string; name?: string };
  return data.id ?? data.name;
}

/**
 * Unpacks a module zip into `modulesDir/<id>`, whether the zip holds `module.json` at its root or
 * in one top-level folder. Fails when the manifest's id is not `expectedId`. Returns the folder.
 */
export async function installModule(zipPath: string, modulesDir: string, expectedId: string): Promise<string> {
  const staging = fs.mkdtempSync(path.join(modulesDir, ".staging-"));
  try {
    await unzip(zipPath, staging);
    const root = roots(staging).find((r) => fs.existsSync(path.join(r, "module.json")));
    if (!root) throw new Error(`${zipPath} holds no module.json`);
    const id = manifestId(path.join(root, "module.json"));
    if (id !== expectedId) throw new Error(`${zipPath} is the module "${id}", not "${expectedId}"`);
    const target = path.join(modulesDir, id);
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(root, target);
    return target;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Lays out a Foundry user data folder: `Config/`, `Data/worlds/`, `Data/modules/`, and a copy of
 * the built system as `Data/systems/<id>`. A copy, not a symlink: Foundry opens the system's
 * compendium databases for writing (lock and log files), and a run must leave `dist/` untouched.
 */
export function prepareDataFolder(
  dataPath: string,
  distDir: string,
  systemId: string,
): { modulesDir: string; systemDir: string } {
  const manifest = path.join(distDir, "system.json");
  if (!fs.existsSync(manifest)) throw new Error(`no ${manifest}: run \`npm run build\` first`);
  const id = (JSON.parse(fs.readFileSync(manifest, "utf8")) as { id?: string }).id;
  if (id !== systemId) throw new Error(`${manifest} is the system "${id}", not "${systemId}"`);
  for (const dir of ["Config", "Data/worlds", "Data/modules", "Data/systems"]) {
    fs.mkdirSync(path.join(dataPath, dir), { recursive: true });
  }
  const systemDir = path.join(dataPath, "Data", "systems", systemId);
  fs.cpSync(distDir, systemDir, { recursive: true });
  return { modulesDir: path.join(dataPath, "Data", "modules"), systemDir };
}

/** The SHA-256 of `bytes`, lower-case hex. */
export function sha256Of(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * The Quench zip to install: a local zip (checked against its SHA-256 when one is given), or the
 * cached download of a URL, kept as `cacheDir/quench-<sha256>.zip` (through a `.part` file, so a
 * broken download is not kept). A download, or a cached file, whose SHA-256 is not the one given
 * is refused and never kept: the zip runs as a module inside a licensed Foundry.
 */
export async function quenchZip(
  source: QuenchSource,
  cacheDir: string,
  download: (url: string) => Promise<Uint8Array> = fetchBytes,
): Promise<{ zip: string; downloaded: boolean }> {
  const mismatch = (what: string, actual: string) =>
    new Error(`${what} has SHA-256 ${actual}, not QUENCH_SHA256 ${source.sha256 ?? ""}: not installed`);
  if ("zip" in source) {
    if (source.sha256) {
      const actual = sha256Of(fs.readFileSync(source.zip));
      if (actual !== source.sha256) throw mismatch(source.zip, actual);
    }
    return { zip: source.zip, downloaded: false };
  }
  const cached = path.join(cacheDir, `quench-${source.sha256}.zip`);
  if (fs.existsSync(cached)) {
    if (sha256Of(fs.readFileSync(cached)) === source.sha256) return { zip: cached, downloaded: false };
    fs.rmSync(cached);
  }
  fs.mkdirSync(cacheDir, { recursive: true });
  const bytes = await download(source.url);
  const actual = sha256Of(bytes);
  if (actual !== source.sha256) throw mismatch(source.url, actual);
  const part = `${cached}.part`;
  fs.writeFileSync(part, bytes);
  fs.renameSync(part, cached);
  return { zip: cached, downloaded: true };
}

/**
 * Writes the licence key where Foundry reads it at start, `Config/license.json`, as
 * `{"license": "<key without dashes>"}`: what felddy/foundryvtt-docker's entrypoint does before it
 * starts the server (`src/entrypoint.sh`: `echo "{ \"license\": \"${FOUNDRY_LICENSE_KEY}\" }" |
 * tr -d '-'`). The key never goes through the browser; the agreement is still signed on the
 * licence screen (driver.ts), and only when the user accepted it (config.ts).
 */
export function writeLicenseFile(dataPath: string, key: string): string {
  const file = path.join(dataPath, "Config", "license.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ license: key.replace(/-/g, "") })}\n`, { mode: 0o600 });
  return file;
}

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url, { redirect: "follow", signal: AbortSignal.timeout(120_000) });
  if (!response.ok) throw new Error(`downloading ${url} failed: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}
