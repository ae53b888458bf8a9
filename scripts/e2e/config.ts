/**
 * What `npm run e2e` runs against, read from the environment and from a git-ignored `.env.e2e`
 * at the repository root (the environment wins). Nothing here touches the network or Foundry.
 *
 * Variables:
 * - `FOUNDRY_ZIP`: path to a Foundry Node.js release zip (v13 or v14);
 *   `FOUNDRY_ZIP_V13` / `FOUNDRY_ZIP_V14`: one zip per generation — each given zip is one run.
 * - `FOUNDRY_LICENSE`: the licence key typed into Foundry's licence screen.
 * - `QUENCH_ZIP` (optional): path to the Quench module zip; otherwise `QUENCH_URL` (default: the
 *   pinned release {@link QUENCH_VERSION}) is downloaded once and cached under
 *   `node_modules/.cache/e2e`, and installed only when its SHA-256 is `QUENCH_SHA256` (required
 *   to download: a release URL can be re-pointed and a cache restored from elsewhere).
 * - `FOUNDRY_NODE` (optional): the Node.js binary that runs Foundry (default: the one running us).
 * - `TACTICA_CHROMIUM` (optional): Chromium binary (default `/usr/bin/chromium`).
 * - `E2E_REQUIRE=1` (optional, CI): a missing licence or zip is an error instead of a skip.
 */
import fs from "node:fs";
import path from "node:path";

export const SKIP_HINT = "see CONTRIBUTING.md";
/** The Quench release the e2e run installs by default (the one built for Foundry v13). */
export const QUENCH_VERSION = "v0.10.0";
export const DEFAULT_QUENCH_URL = `https://github.com/Ethaks/FVTT-Quench/releases/download/${QUENCH_VERSION}/module.zip`;
export const DEFAULT_CHROMIUM = "/usr/bin/chromium";

/** One Foundry to boot: a label for the output lines and the zip it comes from. */
export interface Target {
  label: string;
  zip: string;
}

export interface RunConfig {
  kind: "run";
  targets: Target[];
  license: string;
  quenchZip: string | null;
  quenchUrl: string;
  /** The SHA-256 (lower-case hex) the Quench zip must have; null only with `quenchZip`. */
  quenchSha256: string | null;
  foundryNode: string;
  chromium: string;
  /** Where reports, logs and failure screenshots go (git-ignored). */
  outDir: string;
  /** The Quench zip cache, used when `quenchZip` is null. */
  cacheDir: string;
}

export type Config = RunConfig | { kind: "skip"; message: string } | { kind: "error"; message: string };

type Env = Record<string, string | undefined>;

/**
 * Parses the text of a `.env` file: `KEY=value` lines, optionally prefixed by `export`, with `#`
 * comments, blank lines, and values optionally wrapped in single or double quotes.
 */
export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2]!.trim();
    const quoted = /^(["'])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2]!;
    else value = value.replace(/\s+#.*$/, "");
    out[match[1]!] = value;
  }
  return out;
}

/** The environment merged over `.env.e2e` (if present in `root`): the real environment wins. */
export function mergedEnv(root: string, env: Env): Env {
  const file = path.join(root, ".env.e2e");
  const fromFile = fs.existsSync(file) ? parseEnvFile(fs.readFileSync(file, "utf8")) : {};
  const merged: Env = { ...fromFile };
  for (const [key, value] of Object.entries(env)) if (value !== undefined && value !== "") merged[key] = value;
  return merged;
}

/** A label for a plain `FOUNDRY_ZIP`: its version when the file name carries one (`…-13.351.zip`). */
export function labelFor(zip: string): string {
  const version = /(\d+\.\d+)\.zip$/i.exec(path.basename(zip));
  return version ? `v${version[1]}` : "foundry";
}

/**
 * Reads the run configuration. No zip and no licence → a skip (exit 0, one line saying why); a
 * zip path that does not exist, or a skip while `E2E_REQUIRE` is set → an error.
 */
export function readConfig(root: string, env: Env): Config {
  const vars = mergedEnv(root, env);
  const resolve = (p: string) => path.resolve(root, p);
  const given: Target[] = [];
  const add = (label: string, value: string | undefined) => {
    if (!value) return;
    const zip = resolve(value);
    if (!given.some((t) => t.zip === zip)) given.push({ label, zip });
  };
  if (vars.FOUNDRY_ZIP) add(labelFor(vars.FOUNDRY_ZIP), vars.FOUNDRY_ZIP);
  add("v13", vars.FOUNDRY_ZIP_V13);
  add("v14", vars.FOUNDRY_ZIP_V14);
  const license = (vars.FOUNDRY_LICENSE ?? "").trim();

  const missing = [...(given.length ? [] : ["FOUNDRY_ZIP"]), ...(license ? [] : ["FOUNDRY_LICENSE"])];
  if (missing.length) {
    const message = `e2e: skipped — no ${missing.join("/")} (${SKIP_HINT})`;
    if (vars.E2E_REQUIRE === "1" || vars.E2E_REQUIRE === "true") {
      return {
        kind: "error",
        message: `e2e: cannot run — E2E_REQUIRE is set but ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} missing (${SKIP_HINT})`,
      };
    }
    return { kind: "skip", message };
  }
  for (const t of given) {
    if (!fs.existsSync(t.zip))
      return { kind: "error", message: `e2e: cannot run — the Foundry zip for ${t.label} does not exist: ${t.zip}` };
  }
  const quenchZip = vars.QUENCH_ZIP ? resolve(vars.QUENCH_ZIP) : null;
  if (quenchZip && !fs.existsSync(quenchZip)) {
    return { kind: "error", message: `e2e: cannot run — QUENCH_ZIP does not exist: ${quenchZip}` };
  }
  const quenchUrl = vars.QUENCH_URL || DEFAULT_QUENCH_URL;
  const sha = (vars.QUENCH_SHA256 ?? "").trim().toLowerCase();
  if (sha && !/^[0-9a-f]{64}$/.test(sha))
    return { kind: "error", message: "e2e: cannot run — QUENCH_SHA256 is not a SHA-256 (64 hexadecimal digits)" };
  if (!quenchZip && !sha) {
    return {
      kind: "error",
      message: `e2e: cannot run — downloading Quench needs QUENCH_SHA256, the SHA-256 of ${quenchUrl} (or set QUENCH_ZIP to a zip you downloaded) (${SKIP_HINT})`,
    };
  }
  return {
    kind: "run",
    targets: given,
    license,
    quenchZip,
    quenchUrl,
    quenchSha256: sha || null,
    foundryNode: vars.FOUNDRY_NODE || process.execPath,
    chromium: vars.TACTICA_CHROMIUM || DEFAULT_CHROMIUM,
    outDir: path.join(root, "e2e-report"),
    cacheDir: path.join(root, "node_modules", ".cache", "e2e"),
  };
}

/**
 * Hides secrets in text that leaves the process (console, logs, artifacts): each secret, and its
 * form without dashes (the form Foundry stores a licence key in), becomes `***`.
 */
export function redact(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets) {
    for (const form of new Set([secret, secret.replace(/-/g, "")])) {
      if (form.length >= 4) out = out.split(form).join("***");
    }
  }
  return out;
}
