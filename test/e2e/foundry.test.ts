import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createHash } from "node:crypto";
import {
  findFoundryEntry,
  installModule,
  prepareDataFolder,
  quenchZip,
  unzip,
  writeLicenseFile,
} from "../../scripts/e2e/foundry";
import { writeZip } from "./zips";

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tactica-e2e-foundry-"));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const read = (...parts: string[]) => fs.readFileSync(path.join(tmp, ...parts), "utf8");

describe("unzip", () => {
  it("extracts every file with its folders", async () => {
    const zip = await writeZip(path.join(tmp, "a.zip"), {
      "main.mjs": "m",
      "resources/app/package.json": "{}",
      "public/lang/en.json": "{}",
    });
    expect(await unzip(zip, path.join(tmp, "out"))).toBe(3);
    expect(read("out", "main.mjs")).toBe("m");
    expect(read("out", "resources/app/package.json")).toBe("{}");
  });

  it("refuses an entry that climbs out of the target folder", async () => {
    const zip = await writeZip(path.join(tmp, "evil.zip"), { "xx/evil.txt": "owned" });
    // yazl refuses to write "../" names, so rename the entry in place (same length, in both headers).
    const bytes = fs.readFileSync(zip);
    fs.writeFileSync(zip, Buffer.from(bytes.toString("latin1").split("xx/evil.txt").join("../evil.txt"), "latin1"));
    // yauzl rejects such names itself; unzip() checks again in case it ever lets one through.
    await expect(unzip(zip, path.join(tmp, "out"))).rejects.toThrow(
      /invalid relative path|points outside the target folder/,
    );
    expect(fs.existsSync(path.join(tmp, "evil.txt"))).toBe(false);
  });
});

describe("findFoundryEntry", () => {
  const layout = (files: string[]) => {
    const dir = fs.mkdtempSync(path.join(tmp, "foundry-"));
    for (const f of files) {
      fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      fs.writeFileSync(path.join(dir, f), "");
    }
    return dir;
  };

  it("finds the v13/v14 entry at the root, main.mjs before main.js", () => {
    const dir = layout(["main.js", "main.mjs", "package.json"]);
    expect(findFoundryEntry(dir)).toEqual({ root: dir, entry: path.join(dir, "main.mjs") });
    const jsOnly = layout(["main.js"]);
    expect(findFoundryEntry(jsOnly).entry).toBe(path.join(jsOnly, "main.js"));
  });

  it("finds the resources/app entry of older Node.js zips", () => {
    const dir = layout(["resources/app/main.mjs", "resources/app/package.json"]);
    expect(findFoundryEntry(dir)).toEqual({ root: dir, entry: path.join(dir, "resources/app/main.mjs") });
  });

  it("looks inside a zip's single top-level folder", () => {
    const dir = layout(["FoundryVTT-Node-13.351/main.js"]);
    const root = path.join(dir, "FoundryVTT-Node-13.351");
    expect(findFoundryEntry(dir)).toEqual({ root, entry: path.join(root, "main.js") });
  });

  it("says so when the zip is not a Node.js build", () => {
    const dir = layout(["FoundryVTT.exe", "resources/app.asar"]);
    expect(() => findFoundryEntry(dir)).toThrow(/no Foundry server entry .* is it the Node.js build\?/);
  });
});

describe("installModule", () => {
  it("installs a zip with module.json at its root as modules/<id>", async () => {
    const zip = await writeZip(path.join(tmp, "module.zip"), { "module.json": '{"id":"quench"}', "quench.js": "q" });
    fs.mkdirSync(path.join(tmp, "modules"));
    expect(await installModule(zip, path.join(tmp, "modules"), "quench")).toBe(path.join(tmp, "modules", "quench"));
    expect(read("modules", "quench", "quench.js")).toBe("q");
    expect(fs.readdirSync(path.join(tmp, "modules"))).toEqual(["quench"]);
  });

  it("installs a zip whose files sit in one folder, and reads a pre-v10 `name`", async () => {
    const zip = await writeZip(path.join(tmp, "module.zip"), {
      "quench-0.9/module.json": '{"name":"quench"}',
      "quench-0.9/quench.js": "q",
    });
    fs.mkdirSync(path.join(tmp, "modules"));
    await installModule(zip, path.join(tmp, "modules"), "quench");
    expect(read("modules", "quench", "quench.js")).toBe("q");
  });

  it("refuses another module, and leaves nothing behind", async () => {
    const zip = await writeZip(path.join(tmp, "module.zip"), { "module.json": '{"id":"dice-so-nice"}' });
    fs.mkdirSync(path.join(tmp, "modules"));
    await expect(installModule(zip, path.join(tmp, "modules"), "quench")).rejects.toThrow(
      /is the module "dice-so-nice", not "quench"/,
    );
    expect(fs.readdirSync(path.join(tmp, "modules"))).toEqual([]);
  });
});

describe("prepareDataFolder", () => {
  const dist = () => {
    const dir = path.join(tmp, "dist");
    fs.mkdirSync(path.join(dir, "packs", "powers"), { recursive: true });
    fs.writeFileSync(path.join(dir, "system.json"), '{"id":"tactica"}');
    fs.writeFileSync(path.join(dir, "packs", "powers", "000001.ldb"), "db");
    return dir;
  };

  it("lays out Config and Data with a copy of the built system", () => {
    const data = path.join(tmp, "data");
    const { modulesDir, systemDir } = prepareDataFolder(data, dist(), "tactica");
    expect(modulesDir).toBe(path.join(data, "Data", "modules"));
    expect(fs.existsSync(path.join(data, "Config"))).toBe(true);
    expect(fs.existsSync(path.join(data, "Data", "worlds"))).toBe(true);
    expect(fs.lstatSync(systemDir).isSymbolicLink()).toBe(false);
    fs.writeFileSync(path.join(systemDir, "packs", "powers", "LOCK"), "");
    expect(fs.existsSync(path.join(tmp, "dist", "packs", "powers", "LOCK"))).toBe(false);
    expect(read("data", "Data", "systems", "tactica", "packs", "powers", "000001.ldb")).toBe("db");
  });

  it("asks for a build when dist/ has no manifest, and refuses another system", () => {
    expect(() => prepareDataFolder(path.join(tmp, "data"), path.join(tmp, "nothing"), "tactica")).toThrow(
      /run `npm run build` first/,
    );
    const dir = dist();
    fs.writeFileSync(path.join(dir, "system.json"), '{"id":"dnd5e"}');
    expect(() => prepareDataFolder(path.join(tmp, "data"), dir, "tactica")).toThrow(
      /is the system "dnd5e", not "tactica"/,
    );
  });
});

describe("writeLicenseFile", () => {
  it("writes the key without dashes to Config/license.json, readable by its owner only (felddy's entrypoint)", () => {
    const file = writeLicenseFile(path.join(tmp, "data"), "ABCD-EFGH-IJKL-MNOP-QRST-UVWX");
    expect(file).toBe(path.join(tmp, "data", "Config", "license.json"));
    expect(JSON.parse(read("data", "Config", "license.json"))).toEqual({ license: "ABCDEFGHIJKLMNOPQRSTUVWX" });
    expect(fs.statSync(file).mode & 0o077).toBe(0);
  });
});

describe("quenchZip", () => {
  const cache = () => path.join(tmp, "cache");
  const zipBytes = new Uint8Array([80, 75, 3, 4]);
  const sha = createHash("sha256").update(zipBytes).digest("hex");
  const other = "0".repeat(64);
  const URL_SOURCE = { url: "https://example.invalid/q.zip", sha256: sha };

  it("uses QUENCH_ZIP when given, without downloading", async () => {
    const download = vi.fn();
    expect(await quenchZip({ zip: "/x/quench.zip", sha256: null }, cache(), download)).toEqual({
      zip: "/x/quench.zip",
      downloaded: false,
    });
    expect(download).not.toHaveBeenCalled();
  });

  it("checks QUENCH_ZIP against QUENCH_SHA256 when both are given", async () => {
    const given = path.join(tmp, "given.zip");
    fs.writeFileSync(given, zipBytes);
    expect(await quenchZip({ zip: given, sha256: sha }, cache())).toEqual({
      zip: given,
      downloaded: false,
    });
    await expect(quenchZip({ zip: given, sha256: other }, cache())).rejects.toThrow(
      `has SHA-256 ${sha}, not QUENCH_SHA256 ${other}: not installed`,
    );
  });

  it("downloads a release once, checks its SHA-256, then reuses the cached file", async () => {
    const download = vi.fn(async () => zipBytes);
    const first = await quenchZip(URL_SOURCE, cache(), download);
    const second = await quenchZip(URL_SOURCE, cache(), download);
    expect(first).toEqual({ zip: path.join(cache(), `quench-${sha}.zip`), downloaded: true });
    expect(second).toEqual({ zip: first.zip, downloaded: false });
    expect(download).toHaveBeenCalledTimes(1);
    expect(download).toHaveBeenCalledWith("https://example.invalid/q.zip");
    expect([...fs.readFileSync(first.zip)]).toEqual([80, 75, 3, 4]);
  });

  it("refuses a download whose SHA-256 is not QUENCH_SHA256, and keeps nothing", async () => {
    const download = vi.fn(async () => new Uint8Array([1, 2, 3]));
    await expect(quenchZip(URL_SOURCE, cache(), download)).rejects.toThrow("not installed");
    expect(fs.existsSync(path.join(cache(), `quench-${sha}.zip`))).toBe(false);
    expect(fs.existsSync(cache()) ? fs.readdirSync(cache()) : []).toEqual([]);
  });

  it("replaces a cached file that was changed (a cache restored from elsewhere) by a checked download", async () => {
    fs.mkdirSync(cache(), { recursive: true });
    fs.writeFileSync(path.join(cache(), `quench-${sha}.zip`), new Uint8Array([9, 9]));
    const download = vi.fn(async () => zipBytes);
    expect(await quenchZip(URL_SOURCE, cache(), download)).toEqual({
      zip: path.join(cache(), `quench-${sha}.zip`),
      downloaded: true,
    });
    expect([...fs.readFileSync(path.join(cache(), `quench-${sha}.zip`))]).toEqual([80, 75, 3, 4]);
  });

  it("keeps no cached file when the download fails", async () => {
    const download = vi.fn(async () => {
      throw new Error("HTTP 404");
    });
    await expect(quenchZip(URL_SOURCE, cache(), download)).rejects.toThrow("HTTP 404");
    expect(fs.existsSync(path.join(cache(), `quench-${sha}.zip`))).toBe(false);
  });
});
