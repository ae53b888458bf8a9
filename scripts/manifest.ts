/**
 * Reading `system.json` and producing the release manifest. Shared by the build, the dist check
 * and the package script so that all three agree on what the system ships.
 */
import fs from "node:fs";
import path from "node:path";
import type { PackManifest } from "./packs";

export interface SystemManifest {
  id: string;
  version: string;
  url: string;
  manifest: string;
  download: string;
  esmodules: string[];
  styles: string[];
  languages: { lang: string; name: string; path: string }[];
  packs: PackManifest[];
  license?: string;
  readme?: string;
  changelog?: string;
  flags?: Record<string, unknown>;
  [key: string]: unknown;
}

export function readManifest(root = process.cwd()): SystemManifest {
  return JSON.parse(fs.readFileSync(path.join(root, "system.json"), "utf8")) as SystemManifest;
}

/** The release manifest: development-only flags (hot reload) removed unless `development`. */
export function releaseManifest(source: SystemManifest, development: boolean): SystemManifest {
  const out = structuredClone(source);
  if (!development && out.flags) {
    delete out.flags.hotReload;
    if (Object.keys(out.flags).length === 0) delete out.flags;
  }
  return out;
}

/** Every file path the manifest references, relative to the system folder. */
export function referencedFiles(m: SystemManifest): string[] {
  return [
    ...m.esmodules,
    ...m.styles,
    ...m.languages.map((l) => l.path),
    ...[m.license, m.readme, m.changelog].filter((f): f is string => typeof f === "string"),
  ];
}

/** The download URL the release pattern requires for this version. */
export function expectedDownload(m: SystemManifest): string {
  return `${m.url}/releases/download/v${m.version}/${m.id}.zip`;
}

/** The manifest URL the release pattern requires (always the latest release's system.json). */
export function expectedManifestUrl(m: SystemManifest): string {
  return `${m.url}/releases/latest/download/system.json`;
}
