import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_QUENCH_URL, labelFor, parseEnvFile, readConfig, redact } from "../../scripts/e2e/config";

/** A well-formed SHA-256, for the runs that download Quench. */
const SHA = "ab".repeat(32);

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "tactica-e2e-config-"));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const touch = (name: string) => {
  const file = path.join(root, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "zip");
  return file;
};

describe(".env.e2e parsing", () => {
  it("reads KEY=value lines, export prefixes, quotes and comments", () => {
    const vars = parseEnvFile(
      [
        "# Foundry builds",
        "FOUNDRY_ZIP_V13=vendor/FoundryVTT-Node-13.351.zip",
        "export FOUNDRY_LICENSE = 'ABCD-EFGH-IJKL-MNOP-QRST-UVWX'",
        'QUENCH_ZIP="quench module.zip"',
        "FOUNDRY_NODE=/opt/node22/bin/node   # for v14",
        "",
        "not a line",
      ].join("\n"),
    );
    expect(vars).toEqual({
      FOUNDRY_ZIP_V13: "vendor/FoundryVTT-Node-13.351.zip",
      FOUNDRY_LICENSE: "ABCD-EFGH-IJKL-MNOP-QRST-UVWX",
      QUENCH_ZIP: "quench module.zip",
      FOUNDRY_NODE: "/opt/node22/bin/node",
    });
  });
});

describe("readConfig", () => {
  it("without a zip or a licence, skips with one line naming both", () => {
    const config = readConfig(root, {});
    expect(config).toEqual({
      kind: "skip",
      message: "e2e: skipped — no FOUNDRY_ZIP/FOUNDRY_LICENSE (see CONTRIBUTING.md)",
    });
  });

  it("with a zip but no licence, skips and names only the licence", () => {
    touch("f.zip");
    const config = readConfig(root, { FOUNDRY_ZIP: "f.zip" });
    expect(config).toEqual({ kind: "skip", message: "e2e: skipped — no FOUNDRY_LICENSE (see CONTRIBUTING.md)" });
  });

  it("with E2E_REQUIRE set, a missing licence is an error, not a skip", () => {
    const config = readConfig(root, { E2E_REQUIRE: "1" });
    expect(config.kind).toBe("error");
    expect(config.kind === "error" && config.message).toMatch(
      /E2E_REQUIRE is set but FOUNDRY_ZIP and FOUNDRY_LICENSE are missing/,
    );
  });

  it("reads the environment: one zip, the licence, defaults for the rest", () => {
    const zip = touch("vendor/FoundryVTT-Node-13.351.zip");
    const config = readConfig(root, {
      FOUNDRY_ZIP: zip,
      FOUNDRY_LICENSE: " KEY-1234 ",
      QUENCH_SHA256: "AB".repeat(32),
    });
    expect(config).toMatchObject({
      kind: "run",
      targets: [{ label: "v13.351", zip }],
      license: "KEY-1234",
      quenchZip: null,
      quenchUrl: DEFAULT_QUENCH_URL,
      quenchSha256: "ab".repeat(32),
      foundryNode: process.execPath,
      chromium: "/usr/bin/chromium",
      outDir: path.join(root, "e2e-report"),
      cacheDir: path.join(root, "node_modules", ".cache", "e2e"),
    });
  });

  it("reads .env.e2e, resolves its paths against the repository, and lets the environment win", () => {
    touch("zips/v13.zip");
    touch("zips/v14.zip");
    touch("zips/quench.zip");
    fs.writeFileSync(
      path.join(root, ".env.e2e"),
      "FOUNDRY_ZIP_V13=zips/v13.zip\nFOUNDRY_ZIP_V14=zips/v14.zip\nFOUNDRY_LICENSE=FROM-FILE\nQUENCH_ZIP=zips/quench.zip\n",
    );
    const config = readConfig(root, { FOUNDRY_LICENSE: "FROM-ENV", FOUNDRY_NODE: "" });
    expect(config.kind).toBe("run");
    if (config.kind !== "run") return;
    expect(config.license).toBe("FROM-ENV");
    expect(config.quenchZip).toBe(path.join(root, "zips/quench.zip"));
    expect(config.foundryNode).toBe(process.execPath);
    expect(config.targets).toEqual([
      { label: "v13", zip: path.join(root, "zips/v13.zip") },
      { label: "v14", zip: path.join(root, "zips/v14.zip") },
    ]);
  });

  it("runs twice with both zips, in the order v13 then v14, and once per distinct file", () => {
    const v13 = touch("a.zip");
    const v14 = touch("b.zip");
    const both = readConfig(root, {
      FOUNDRY_ZIP_V14: v14,
      FOUNDRY_ZIP_V13: v13,
      FOUNDRY_LICENSE: "K",
      QUENCH_SHA256: SHA,
    });
    expect(both.kind === "run" && both.targets.map((t) => t.label)).toEqual(["v13", "v14"]);
    const same = readConfig(root, { FOUNDRY_ZIP: v13, FOUNDRY_ZIP_V13: v13, FOUNDRY_LICENSE: "K", QUENCH_SHA256: SHA });
    expect(same.kind === "run" && same.targets).toEqual([{ label: "foundry", zip: v13 }]);
  });

  it("refuses a zip or a Quench zip that does not exist", () => {
    const missingZip = readConfig(root, { FOUNDRY_ZIP_V14: "nowhere.zip", FOUNDRY_LICENSE: "K" });
    expect(missingZip).toEqual({
      kind: "error",
      message: `e2e: cannot run — the Foundry zip for v14 does not exist: ${path.join(root, "nowhere.zip")}`,
    });
    touch("f.zip");
    const missingQuench = readConfig(root, { FOUNDRY_ZIP: "f.zip", FOUNDRY_LICENSE: "K", QUENCH_ZIP: "q.zip" });
    expect(missingQuench.kind === "error" && missingQuench.message).toMatch(/QUENCH_ZIP does not exist/);
  });

  it("downloads a pinned Quench release, and only with its SHA-256", () => {
    expect(DEFAULT_QUENCH_URL).toBe("https://github.com/Ethaks/FVTT-Quench/releases/download/v0.10.0/module.zip");
    expect(DEFAULT_QUENCH_URL).not.toMatch(/latest/);
    touch("f.zip");
    const noSha = readConfig(root, { FOUNDRY_ZIP: "f.zip", FOUNDRY_LICENSE: "K" });
    expect(noSha.kind === "error" && noSha.message).toMatch(
      /downloading Quench needs QUENCH_SHA256, the SHA-256 of https:\/\/github\.com\/Ethaks\/FVTT-Quench\/releases\/download\/v0\.10\.0\/module\.zip/,
    );
    const bad = readConfig(root, { FOUNDRY_ZIP: "f.zip", FOUNDRY_LICENSE: "K", QUENCH_SHA256: "abc" });
    expect(bad).toEqual({
      kind: "error",
      message: "e2e: cannot run — QUENCH_SHA256 is not a SHA-256 (64 hexadecimal digits)",
    });
    touch("q.zip");
    const local = readConfig(root, { FOUNDRY_ZIP: "f.zip", FOUNDRY_LICENSE: "K", QUENCH_ZIP: "q.zip" });
    expect(local.kind === "run" && local.quenchSha256).toBeNull();
  });

  it("labels a plain FOUNDRY_ZIP by the version in its name", () => {
    expect(labelFor("/x/FoundryVTT-Node-14.360.zip")).toBe("v14.360");
    expect(labelFor("/x/foundry.zip")).toBe("foundry");
  });
});

describe("redact", () => {
  it("hides a key and its form without dashes, and nothing else", () => {
    const key = "ABCD-EFGH-IJKL-MNOP";
    const text = `typed ${key}; stored {"license":"ABCDEFGHIJKLMNOP"}; port 30000`;
    expect(redact(text, [key])).toBe('typed ***; stored {"license":"***"}; port 30000');
  });
});
