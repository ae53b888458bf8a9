/**
 * What `npm run e2e` runs against, read from the environment and from a git-ignored `.env.e2e`
 * at the repository root (the environment wins). Nothing here touches the network or Foundry.
 *
 * Variables:
 * - `FOUNDRY_ZIP`: path to a Foundry Node.js release zip (v13 or v14), or several separated by
 *   commas; `FOUNDRY_ZIP_V13` / `FOUNDRY_ZIP_V14`: one zip per generation — each zip is one run.
 * - `FOUNDRY_LICENSE`: the licence key, written into the fresh data folder's `Config/license.json`.
 * - `FOUNDRY_EULA_ACCEPTED=yes`: you have read Foundry's End User License Agreement and accept it;
 *   only then does the run sign it on the licence screen of each fresh server. Without it the run
 *   stops before that screen and says why.
 * - `QUENCH_ZIP` (optional): path to a Quench module zip, installed and enabled to check that the
 *   GM's Quench window lists the batches; or `QUENCH_URL` with `QUENCH_SHA256` (required to
 *   download: a release URL can be re-pointed and a cache restored from elsewhere), downloaded once
 *   and cached under `node_modules/.cache/e2e`. Without either, no Quench: the batches run in
 *   Tactica's own runner either way.
 * - `FOUNDRY_NODE` (optional): the Node.js binary that runs Foundry (default: the one running us).
 * - `TACTICA_CHROMIUM` (optional): Chromium binary (default `/usr/bin/chromium`).
 * - `E2E_REQUIRE=1` (optional, CI): a skip (no licence, zip or EULA acceptance) is an error.
 */
import fs from "node:fs";
import path from "node:path";

export const SKIP_HINT = "see CONTRIBUTING.md";
export const DEFAULT_CHROMIUM = "/usr/bin/chromium";
/** The variable, and its one value, by which the user accepts Foundry's EULA. */
export const EULA_VARIABLE = "FOUNDRY_EULA_ACCEPTED";
export const EULA_YES = "yes";

/** One Foundry to boot: a label for the output lines and the zip it comes from. */
export interface Target {
  label: string;
  zip: string;
}

/** Where the Quench module comes from, when one is wanted: a local zip, or a download checked by SHA-256. */
export type QuenchSource = { zip: string; sha256: string | null } | { url: string; sha256: string };

export interface RunConfig {
  kind: "run";
  targets: Target[];
  license: string;
  /** Null: no Quench (the batches run in Tactica's own runner; no Quench window is checked). */
  quench: QuenchSource | null;
  foundryNode: string;
  chromium: string;
  /** Where reports, logs and failure screenshots go (git-ignored). */
  outDir: string;
  /** The Quench zip cache, for a download. */
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

/** The runs asked for: each zip of `FOUNDRY_ZIP` (comma-separated), then the v13 and v14 ones, each file once. */
function targetsOf(vars: Env, resolve: (p: string) => string): Target[] {
  const given: Target[] = [];
  const add = (name: string, value: string | undefined) => {
    const zip = value ? resolve(value) : "";
    if (!zip || given.some((t) => t.zip === zip)) return;
    // Each run's files in e2e-report/ are named after its label: two zips never share one.
    let label = name;
    for (let n = 2; given.some((t) => t.label === label); n++) label = `${name}-${n}`;
    given.push({ label, zip });
  };
  for (const zip of (vars.FOUNDRY_ZIP ?? "").split(",").map((z) => z.trim())) add(labelFor(zip), zip);
  add("v13", vars.FOUNDRY_ZIP_V13);
  add("v14", vars.FOUNDRY_ZIP_V14);
  return given;
}

/** The Quench source the variables name, or an error message. */
function quenchOf(vars: Env, resolve: (p: string) => string): QuenchSource | null | string {
  const sha = (vars.QUENCH_SHA256 ?? "").trim().toLowerCase();
  if (sha && !/^[0-9a-f]{64}$/.test(sha)) return "QUENCH_SHA256 is not a SHA-256 (64 hexadecimal digits)";
  if (vars.QUENCH_ZIP) {
    const zip = resolve(vars.QUENCH_ZIP);
    if (!fs.existsSync(zip)) return `QUENCH_ZIP does not exist: ${zip}`;
    return { zip, sha256: sha || null };
  }
  if (vars.QUENCH_URL) {
    if (!sha)
      return `downloading Quench needs QUENCH_SHA256, the SHA-256 of ${vars.QUENCH_URL} (or set QUENCH_ZIP to a zip you downloaded) (${SKIP_HINT})`;
    return { url: vars.QUENCH_URL, sha256: sha };
  }
  if (sha) return "QUENCH_SHA256 is set but neither QUENCH_ZIP nor QUENCH_URL says which Quench to install";
  return null;
}

/**
 * Reads the run configuration. No zip, no licence, or no acceptance of Foundry's EULA → a skip
 * (exit 0, one line saying why; an error while `E2E_REQUIRE` is set); a zip path that does not
 * exist or a Quench set-up that does not hold → an error.
 */
export function readConfig(root: string, env: Env): Config {
  const vars = mergedEnv(root, env);
  const resolve = (p: string) => path.resolve(root, p);
  const targets = targetsOf(vars, resolve);
  const license = (vars.FOUNDRY_LICENSE ?? "").trim();
  const required = vars.E2E_REQUIRE === "1" || vars.E2E_REQUIRE === "true";
  const skip = (message: string, why: string): Config =>
    required
      ? { kind: "error", message: `e2e: cannot run — E2E_REQUIRE is set but ${why} (${SKIP_HINT})` }
      : { kind: "skip", message: `${message} (${SKIP_HINT})` };

  const missing = [...(targets.length ? [] : ["FOUNDRY_ZIP"]), ...(license ? [] : ["FOUNDRY_LICENSE"])];
  if (missing.length)
    return skip(
      `e2e: skipped — no ${missing.join("/")}`,
      `${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} missing`,
    );
  if ((vars[EULA_VARIABLE] ?? "").trim().toLowerCase() !== EULA_YES) {
    return skip(
      `e2e: skipped before Foundry's licence screen — it signs Foundry's EULA only when you say so: read it, then set ${EULA_VARIABLE}=${EULA_YES} in .env.e2e`,
      `${EULA_VARIABLE} is not "${EULA_YES}": nobody accepted Foundry's EULA for this run`,
    );
  }
  for (const t of targets) {
    if (!fs.existsSync(t.zip))
      return { kind: "error", message: `e2e: cannot run — the Foundry zip for ${t.label} does not exist: ${t.zip}` };
  }
  const quench = quenchOf(vars, resolve);
  if (typeof quench === "string") return { kind: "error", message: `e2e: cannot run — ${quench}` };
  return {
    kind: "run",
    targets,
    license,
    quench,
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
