import fs from "node:fs";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import {
  readManifest,
  releaseTargetProblems,
  releaseUrls,
  withReleaseUrls,
  type SystemManifest,
} from "../../scripts/manifest";
import { changelogProblems, changelogSection, parsePackageArgs, releaseAssets } from "../../scripts/release";

// The release URLs are written at release time from the hosting repository and the tag (the
// release workflow passes GITHUB_REPOSITORY and GITHUB_REF_NAME to `npm run package`).

describe("release URLs from a repository slug and a tag", () => {
  it("points the download at that tag's zip and the manifest at the latest release", () => {
    expect(releaseUrls("tactica", { repository: "jdupont/tactica", tag: "v0.3.1" })).toEqual({
      url: "https://github.com/jdupont/tactica",
      bugs: "https://github.com/jdupont/tactica/issues",
      manifest: "https://github.com/jdupont/tactica/releases/latest/download/system.json",
      download: "https://github.com/jdupont/tactica/releases/download/v0.3.1/tactica.zip",
    });
  });

  it("writes them into a copy of the manifest and leaves the rest alone", () => {
    const source = { id: "tactica", version: "0.3.1", esmodules: ["tactica.mjs"] } as unknown as SystemManifest;
    const released = withReleaseUrls(source, { repository: "org-x/vtt.tactica", tag: "v0.3.1" });
    expect(released.download).toBe("https://github.com/org-x/vtt.tactica/releases/download/v0.3.1/tactica.zip");
    expect(released.esmodules).toEqual(["tactica.mjs"]);
    expect(source).not.toHaveProperty("download");
  });
});

describe("release target checks", () => {
  it("accepts the tag v + the version on an owner/name repository", () => {
    expect(releaseTargetProblems({ repository: "jdupont/tactica", tag: "v0.3.1" }, "0.3.1")).toEqual([]);
    expect(releaseTargetProblems({ repository: "a/b", tag: "v1.0.0-beta.2" }, "1.0.0-beta.2")).toEqual([]);
  });

  it("refuses a tag that differs from the version", () => {
    for (const tag of ["v0.3.2", "0.3.1", "v0.3.1-rc1", "release-0.3.1"]) {
      const problems = releaseTargetProblems({ repository: "jdupont/tactica", tag }, "0.3.1");
      expect(problems, tag).toEqual([`tag "${tag}" does not match the version: a release of 0.3.1 is tagged v0.3.1`]);
    }
  });

  it("refuses a repository that is not owner/name", () => {
    for (const repository of ["", "tactica", "https://github.com/a/b", "a/b/c", "-a/b"]) {
      expect(releaseTargetProblems({ repository, tag: "v1.0.0" }, "1.0.0").join(), repository).toMatch(
        /repository must be "owner\/name"/,
      );
    }
  });
});

const CHANGELOG = `# Changelog

## [Unreleased]

### Added
- something new

## [0.3.1] — 2027-02-03

### Fixed
- a bug

## [0.3.0] — not released

### Added
- the rest
`;

describe("CHANGELOG section of a release", () => {
  it("finds the version's section, its date and its text up to the next version", () => {
    expect(changelogSection(CHANGELOG, "0.3.1")).toEqual({ date: "2027-02-03", body: "### Fixed\n- a bug" });
    expect(changelogSection(CHANGELOG, "0.3")).toBeNull();
    expect(changelogSection(CHANGELOG, "0.9.0")).toBeNull();
  });

  it("refuses a release without a section or without a date", () => {
    expect(changelogProblems(CHANGELOG, "0.3.1")).toEqual([]);
    expect(changelogProblems(CHANGELOG, "0.9.0")).toEqual(['CHANGELOG.md has no "## [0.9.0] — YYYY-MM-DD" section']);
    expect(changelogProblems(CHANGELOG, "0.3.0").join()).toMatch(/0\.3\.0 heading has no release date/);
  });
});

describe("npm run package arguments", () => {
  it("makes a release only with both a tag and a repository", () => {
    expect(parsePackageArgs([])).toEqual({ target: null, checkOnly: false, errors: [] });
    expect(parsePackageArgs(["--tag", "v1.0.0", "--repository", "a/b", "--check"])).toEqual({
      target: { tag: "v1.0.0", repository: "a/b" },
      checkOnly: true,
      errors: [],
    });
    expect(parsePackageArgs(["--tag", "v1.0.0"]).errors).toEqual(["give both --tag and --repository, or neither"]);
    expect(parsePackageArgs(["--check"]).errors).toEqual(["--check needs --tag and --repository"]);
    expect(parsePackageArgs(["--tag", "--repository", "a/b"]).errors).toContain("--tag needs a value");
    expect(parsePackageArgs(["--force"]).errors).toEqual(["unknown argument --force"]);
  });
});

interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, { container?: string; steps: { run?: string; uses?: string; with?: Record<string, string> }[] }>;
}
const workflow = (name: string) => load(fs.readFileSync(`.github/workflows/${name}`, "utf8")) as Workflow;

describe("release and CI workflows call the tested scripts", () => {
  it("release: on a v* tag, packages with the hosting repository and the tag, and uploads what package writes", () => {
    const release = workflow("release.yml");
    expect(release.on).toEqual({ push: { tags: ["v*"] } });
    const steps = release.jobs.release!.steps;
    const runs = steps.map((s) => s.run ?? "");
    const packaging = runs.filter((r) => r.startsWith("npm run package"));
    expect(packaging).toEqual([
      'npm run package -- --tag "$TAG" --repository "$REPOSITORY" --check',
      'npm run package -- --tag "$TAG" --repository "$REPOSITORY"',
    ]);
    expect(runs.indexOf("npm test")).toBeGreaterThan(runs.indexOf(packaging[0]!));
    expect(runs.indexOf("npm test")).toBeLessThan(runs.indexOf(packaging[1]!));
    const publish = steps.find((s) => s.uses?.startsWith("softprops/action-gh-release"));
    expect(
      publish?.with?.files
        ?.trim()
        .split("\n")
        .map((f) => f.trim()),
    ).toEqual(releaseAssets(readManifest().id));
  });

  it("ci: runs .ci/run on pushes and pull requests in a Debian container", () => {
    const ci = workflow("ci.yml");
    expect(Object.keys(ci.on).sort()).toEqual(["pull_request", "push"]);
    expect(ci.jobs.test!.container).toMatch(/bookworm/);
    expect(ci.jobs.test!.steps.map((s) => s.run).filter(Boolean)).toEqual([".ci/run"]);
  });
});
