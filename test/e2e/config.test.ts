import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { labelFor, parseEnvFile, readConfig, redact } from "../../scripts/e2e/config";

/** A well-formed SHA-256, for the runs that download Quench. */
const SHA = "ab".repeat(32);
/** The user's acceptance of Foundry's EULA, which every run needs. */
const EULA = { FOUNDRY_EULA_ACCEPTED: "yes" };

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

  it("reads the environment: one zip, the licence, the EULA's acceptance, defaults for the rest (no Quench)", () => {
    const zip = touch("vendor/FoundryVTT-Node-13.351.zip");
    const config = readConfig(root, { FOUNDRY_ZIP: zip, FOUNDRY_LICENSE: " KEY-1234 ", ...EULA });
    expect(config).toEqual({
      kind: "run",
      targets: [{ label: "v13.351", zip }],
      license: "KEY-1234",
      quench: null,
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
      "FOUNDRY_ZIP_V13=zips/v13.zip\nFOUNDRY_ZIP_V14=zips/v14.zip\nFOUNDRY_LICENSE=FROM-FILE\nQUENCH_ZIP=zips/quench.zip\nFOUNDRY_EULA_ACCEPTED=yes\n",
    );
    const config = readConfig(root, { FOUNDRY_LICENSE: "FROM-ENV", FOUNDRY_NODE: "" });
    expect(config.kind).toBe("run");
    if (config.kind !== "run") return;
    expect(config.license).toBe("FROM-ENV");
    expect(config.quench).toEqual({ zip: path.join(root, "zips/quench.zip"), sha256: null });
    expect(config.foundryNode).toBe(process.execPath);
    expect(config.targets).toEqual([
      { label: "v13", zip: path.join(root, "zips/v13.zip") },
      { label: "v14", zip: path.join(root, "zips/v14.zip") },
    ]);
  });

  it("runs once per zip: a comma-separated FOUNDRY_ZIP first, then v13 and v14, each file once, each label once", () => {
    const a = touch("FoundryVTT-Node-13.347.zip");
    const b = touch("FoundryVTT-Node-14.367.zip");
    const c = touch("x/foundry.zip");
    const d = touch("y/foundry.zip");
    const list = readConfig(root, {
      FOUNDRY_ZIP: `${a}, ${b},${c},${d}`,
      FOUNDRY_ZIP_V13: a,
      FOUNDRY_LICENSE: "K",
      ...EULA,
    });
    expect(list.kind === "run" && list.targets).toEqual([
      { label: "v13.347", zip: a },
      { label: "v14.367", zip: b },
      { label: "foundry", zip: c },
      { label: "foundry-2", zip: d },
    ]);
    const both = readConfig(root, { FOUNDRY_ZIP_V14: b, FOUNDRY_ZIP_V13: a, FOUNDRY_LICENSE: "K", ...EULA });
    expect(both.kind === "run" && both.targets.map((t) => t.label)).toEqual(["v13", "v14"]);
  });

  it("refuses a zip or a Quench zip that does not exist", () => {
    const missingZip = readConfig(root, { FOUNDRY_ZIP_V14: "nowhere.zip", FOUNDRY_LICENSE: "K", ...EULA });
    expect(missingZip).toEqual({
      kind: "error",
      message: `e2e: cannot run — the Foundry zip for v14 does not exist: ${path.join(root, "nowhere.zip")}`,
    });
    touch("f.zip");
    const missingQuench = readConfig(root, {
      FOUNDRY_ZIP: "f.zip",
      FOUNDRY_LICENSE: "K",
      QUENCH_ZIP: "q.zip",
      ...EULA,
    });
    expect(missingQuench.kind === "error" && missingQuench.message).toMatch(/QUENCH_ZIP does not exist/);
  });

  it("installs Quench only when asked: a local zip, or a URL with its SHA-256 — never a download unchecked", () => {
    touch("f.zip");
    const base = { FOUNDRY_ZIP: "f.zip", FOUNDRY_LICENSE: "K", ...EULA };
    const url = "https://github.com/Ethaks/FVTT-Quench/releases/download/v0.9.2/module.zip";
    expect(readConfig(root, { ...base, QUENCH_URL: url, QUENCH_SHA256: SHA.toUpperCase() })).toMatchObject({
      kind: "run",
      quench: { url, sha256: SHA },
    });
    const noSha = readConfig(root, { ...base, QUENCH_URL: url });
    expect(noSha.kind === "error" && noSha.message).toBe(
      `e2e: cannot run — downloading Quench needs QUENCH_SHA256, the SHA-256 of ${url} (or set QUENCH_ZIP to a zip you downloaded) (see CONTRIBUTING.md)`,
    );
    expect(readConfig(root, { ...base, QUENCH_URL: url, QUENCH_SHA256: "abc" })).toEqual({
      kind: "error",
      message: "e2e: cannot run — QUENCH_SHA256 is not a SHA-256 (64 hexadecimal digits)",
    });
    const shaAlone = readConfig(root, { ...base, QUENCH_SHA256: SHA });
    expect(shaAlone.kind === "error" && shaAlone.message).toMatch(/neither QUENCH_ZIP nor QUENCH_URL/);
    touch("q.zip");
    expect(readConfig(root, { ...base, QUENCH_ZIP: "q.zip", QUENCH_SHA256: SHA })).toMatchObject({
      quench: { zip: path.join(root, "q.zip"), sha256: SHA },
    });
  });

  it("labels a plain FOUNDRY_ZIP by the version in its name", () => {
    expect(labelFor("/x/FoundryVTT-Node-14.360.zip")).toBe("v14.360");
    expect(labelFor("/x/foundry.zip")).toBe("foundry");
  });
});

describe("the licence agreement: signed only when the user says so", () => {
  const ready = () => ({ FOUNDRY_ZIP: touch("f.zip"), FOUNDRY_LICENSE: "K" });
  const STOP =
    "e2e: skipped before Foundry's licence screen — it signs Foundry's EULA only when you say so: read it, then set FOUNDRY_EULA_ACCEPTED=yes in .env.e2e (see CONTRIBUTING.md)";

  it("without FOUNDRY_EULA_ACCEPTED=yes, stops before anything runs, with one line saying why", () => {
    for (const value of [undefined, "", "no", "true", "1", "y"]) {
      const env = value === undefined ? ready() : { ...ready(), FOUNDRY_EULA_ACCEPTED: value };
      expect(readConfig(root, env), String(value)).toEqual({ kind: "skip", message: STOP });
    }
  });

  it("takes yes in any case, from .env.e2e too", () => {
    expect(readConfig(root, { ...ready(), FOUNDRY_EULA_ACCEPTED: " YES " }).kind).toBe("run");
    fs.writeFileSync(path.join(root, ".env.e2e"), "FOUNDRY_EULA_ACCEPTED=yes\n");
    expect(readConfig(root, ready()).kind).toBe("run");
  });

  it("with E2E_REQUIRE set, an unaccepted EULA is an error naming the variable", () => {
    const config = readConfig(root, { ...ready(), E2E_REQUIRE: "1" });
    expect(config).toEqual({
      kind: "error",
      message:
        'e2e: cannot run — E2E_REQUIRE is set but FOUNDRY_EULA_ACCEPTED is not "yes": nobody accepted Foundry\'s EULA for this run (see CONTRIBUTING.md)',
    });
  });

  it("asks for the zip and the licence first: a run without them says so, EULA or not", () => {
    expect(readConfig(root, EULA)).toEqual({
      kind: "skip",
      message: "e2e: skipped — no FOUNDRY_ZIP/FOUNDRY_LICENSE (see CONTRIBUTING.md)",
    });
  });
});

describe("redact", () => {
  it("hides a key and its form without dashes, and nothing else", () => {
    const key = "ABCD-EFGH-IJKL-MNOP";
    const text = `typed ${key}; stored {"license":"ABCDEFGHIJKLMNOP"}; port 30000`;
    expect(redact(text, [key])).toBe('typed ***; stored {"license":"***"}; port 30000');
  });
});
