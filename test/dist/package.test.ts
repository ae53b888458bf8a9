import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import yazl from "yazl";
import { describe, expect, it } from "vitest";
import { readManifest, withReleaseUrls, type ReleaseTarget } from "../../scripts/manifest";
import { checkZip, readZip, releaseFiles } from "../../scripts/release";

// The package check must catch a zip that disagrees with its manifest: build zips from dist/
// (built by `npm test` before vitest) and break them on purpose.
const dist = path.join(process.cwd(), "dist");

/**
 * A zip of `entries`, stored (deflating the whole system for each broken variant only cost time;
 * the release script's own zips are deflated, and the first check reads one such).
 */
async function writeZip(entries: Record<string, Buffer | string>, { compress = false } = {}): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tactica-zip-")), "tactica.zip");
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(Buffer.from(content), name, { compress });
  zip.end();
  await new Promise<void>((resolve, reject) =>
    zip.outputStream.pipe(fs.createWriteStream(file)).on("close", resolve).on("error", reject),
  );
  return file;
}

function releaseEntries(
  mutateManifest?: (m: Record<string, unknown>) => void,
  target?: ReleaseTarget,
): Record<string, Buffer | string> {
  const built = readManifest(dist);
  const manifest = target ? withReleaseUrls(built, target) : built;
  const entries: Record<string, Buffer | string> = {};
  for (const f of releaseFiles(dist, manifest)) entries[f] = fs.readFileSync(path.join(dist, f));
  const m = structuredClone(manifest) as Record<string, unknown>;
  mutateManifest?.(m);
  entries["system.json"] = JSON.stringify(m);
  return entries;
}

const version = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { version: string }).version;
const files = () => releaseFiles(dist, readManifest(dist));

describe("release zip check", () => {
  it("accepts a zip with exactly the release files", async () => {
    expect(await checkZip(await writeZip(releaseEntries(), { compress: true }), files(), version)).toEqual([]);
  });

  it("lists the manifest's files, the packs and the templates", () => {
    const list = files();
    expect(list).toContain("system.json");
    expect(list).toContain("tactica.mjs");
    // The chunks the bundle imports: the shared code and the self-test loaded on quenchReady.
    expect(list).toEqual(expect.arrayContaining(["tactica-common.mjs", "tactica-quench.mjs"]));
    expect(list.filter((f) => f.endsWith(".map"))).toEqual([]);
    expect(list).toContain("lang/fr.json");
    expect(list.some((f) => f.startsWith("packs/powers/"))).toBe(true);
    expect(list).not.toContain("tactica.mjs.map");
  });

  it("refuses a version that differs from package.json", async () => {
    const zip = await writeZip(releaseEntries((m) => (m.version = "9.9.9")));
    expect((await checkZip(zip, files(), version)).join("\n")).toMatch(/version 9\.9\.9 differs/);
  });

  it("refuses a zip outside a release that names a repository, manifest or download URL", async () => {
    const zip = await writeZip(
      releaseEntries((m) => {
        m.manifest = "https://github.com/tactica-vtt/tactica/releases/latest/download/system.json";
        m.download = "https://github.com/tactica-vtt/tactica/releases/download/v0.1.0/tactica.zip";
      }),
    );
    const errors = (await checkZip(zip, files(), version)).join("\n");
    expect(errors).toMatch(/manifest must be absent outside a release/);
    expect(errors).toMatch(/download must be absent outside a release/);
  });

  const target: ReleaseTarget = { repository: "someone/tactica-fork", tag: `v${version}` };

  it("accepts a release zip whose manifest carries that release's URLs", async () => {
    const zip = await writeZip(releaseEntries(undefined, target));
    expect(await checkZip(zip, files(), version, target)).toEqual([]);
    const { manifest } = await readZip(zip);
    expect(manifest?.download).toBe(
      `https://github.com/someone/tactica-fork/releases/download/v${version}/tactica.zip`,
    );
    expect(manifest?.manifest).toBe("https://github.com/someone/tactica-fork/releases/latest/download/system.json");
  });

  it("refuses a release zip whose URLs are not those of its repository and tag", async () => {
    const zip = await writeZip(releaseEntries(undefined, target));
    expect(await checkZip(zip, files(), version, target)).toEqual([]);
    // The same zip checked as a release of another repository: every URL is wrong.
    const other = (await checkZip(zip, files(), version, { ...target, repository: "other/tactica" })).join("\n");
    expect(other).toMatch(/download must be https:\/\/github\.com\/other\/tactica\/releases\/download\//);
    expect(other).toMatch(
      /manifest must be https:\/\/github\.com\/other\/tactica\/releases\/latest\/download\/system\.json/,
    );
    const pinned = await writeZip(
      releaseEntries(
        (m) => (m.manifest = `https://github.com/someone/tactica-fork/releases/download/v${version}/system.json`),
        target,
      ),
    );
    expect((await checkZip(pinned, files(), version, target)).join("\n")).toMatch(
      /manifest must be .*releases\/latest\/download\/system\.json/,
    );
  });

  it("refuses a release whose tag is not v + the version", async () => {
    const wrongTag: ReleaseTarget = { ...target, tag: "v9.9.9" };
    const zip = await writeZip(releaseEntries(undefined, wrongTag));
    expect((await checkZip(zip, files(), version, wrongTag)).join("\n")).toMatch(
      new RegExp(
        `tag "v9\\.9\\.9" does not match the version: a release of ${version.replace(/\./g, "\\.")} is tagged v`,
      ),
    );
  });

  it("refuses a release that keeps the hot-reload flag", async () => {
    const zip = await writeZip(releaseEntries((m) => (m.flags = { hotReload: { paths: ["lang"] } })));
    expect((await checkZip(zip, files(), version)).join("\n")).toMatch(/hotReload/);
  });

  it("refuses a zip without the self-test chunk", async () => {
    const entries = releaseEntries();
    delete entries["tactica-quench.mjs"];
    expect((await checkZip(await writeZip(entries), files(), version)).join("\n")).toMatch(
      /missing from the zip: tactica-quench\.mjs/,
    );
  });

  it("refuses a missing or an extra file", async () => {
    const entries = releaseEntries();
    delete entries["lang/en.json"];
    entries["notes.txt"] = "stray";
    const errors = (await checkZip(await writeZip(entries), files(), version)).join("\n");
    expect(errors).toMatch(/missing from the zip: lang\/en\.json/);
    expect(errors).toMatch(/not expected in the zip: notes\.txt/);
  });
});
