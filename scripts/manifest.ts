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
  url?: string;
  bugs?: string;
  manifest?: string;
  download?: string;
  esmodules: string[];
  /** Stylesheets: a path, or `{src, layer}` to load it into a CSS cascade layer (core v13 reads both). */
  styles: (string | { src: string; layer?: string })[];
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

/** The stylesheet paths of the manifest, in order (either form of a `styles` entry). */
export function styleFiles(m: Pick<SystemManifest, "styles">): string[] {
  return m.styles.map((entry) => (typeof entry === "string" ? entry : entry.src));
}

/** Every file path the manifest references, relative to the system folder. */
export function referencedFiles(m: SystemManifest): string[] {
  return [
    ...m.esmodules,
    ...styleFiles(m),
    ...m.languages.map((l) => l.path),
    ...[m.license, m.readme, m.changelog].filter((f): f is string => typeof f === "string"),
  ];
}

/**
 * Where a release is published: the hosting repository (`owner/name`, GitHub's `GITHUB_REPOSITORY`)
 * and the tag that triggered it (`v` + the version).
 */
export interface ReleaseTarget {
  repository: string;
  tag: string;
}

/** The URLs a release writes into its manifest, all on the hosting repository. */
export interface ReleaseUrls {
  url: string;
  bugs: string;
  manifest: string;
  download: string;
}

const GITHUB = "https://github.com";
const REPOSITORY_SLUG = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/;

/** The tag a release of `version` must carry. */
export function releaseTag(version: string): string {
  return `v${version}`;
}

/**
 * The URLs of a release of system `id` from `target`: the download is that tag's `<id>.zip`, the
 * manifest is the latest release's `system.json` (so an installed system finds its updates).
 */
export function releaseUrls(id: string, target: ReleaseTarget): ReleaseUrls {
  const home = `${GITHUB}/${target.repository}`;
  return {
    url: home,
    bugs: `${home}/issues`,
    manifest: `${home}/releases/latest/download/system.json`,
    download: `${home}/releases/download/${target.tag}/${id}.zip`,
  };
}

/** Every reason `target` cannot publish `version`: a malformed repository, a tag off the version. */
export function releaseTargetProblems(target: ReleaseTarget, version: string): string[] {
  const problems: string[] = [];
  if (!REPOSITORY_SLUG.test(target.repository)) {
    problems.push(`repository must be "owner/name" (got ${JSON.stringify(target.repository)})`);
  }
  if (target.tag !== releaseTag(version)) {
    problems.push(
      `tag ${JSON.stringify(target.tag)} does not match the version: a release of ${version} is tagged ${releaseTag(version)}`,
    );
  }
  return problems;
}

/** `m` with the URLs of a release from `target` (see {@link releaseUrls}). */
export function withReleaseUrls(m: SystemManifest, target: ReleaseTarget): SystemManifest {
  return { ...structuredClone(m), ...releaseUrls(m.id, target) };
}

/** The manifest keys only a release writes: a build without a release target carries none. */
export const RELEASE_URL_KEYS = ["url", "bugs", "manifest", "download"] as const;

/** A full Foundry build: generation and build number (`13.347`, `14.367`). */
const FULL_BUILD = /^\d+\.\d+$/;

/**
 * The Foundry builds the manifest declares, `compatibility.minimum` then `compatibility.verified`
 * (each once): the builds an end-to-end run must prove before a release (scripts/release.ts,
 * .github/workflows/e2e.yml). Each must be a full build: a run proves a build, not a generation.
 */
export function declaredBuilds(m: SystemManifest): { builds: string[]; problems: string[] } {
  const compatibility = (m.compatibility ?? {}) as { minimum?: unknown; verified?: unknown };
  const builds: string[] = [];
  const problems: string[] = [];
  for (const key of ["minimum", "verified"] as const) {
    const value = compatibility[key];
    if (typeof value !== "string" || !FULL_BUILD.test(value))
      problems.push(
        `compatibility.${key} must name a Foundry build an end-to-end run can prove, like "13.347" (got ${JSON.stringify(value ?? null)})`,
      );
    else if (!builds.includes(value)) builds.push(value);
  }
  return { builds, problems };
}

/** Whether build `a` is newer than build `b` (both full builds). */
export function newerBuild(a: string, b: string): boolean {
  const [ga, na] = a.split(".").map(Number) as [number, number];
  const [gb, nb] = b.split(".").map(Number) as [number, number];
  return ga !== gb ? ga > gb : na > nb;
}
