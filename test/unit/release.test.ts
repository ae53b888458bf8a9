import fs from "node:fs";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import {
  declaredBuilds,
  newerBuild,
  readManifest,
  releaseTargetProblems,
  releaseUrls,
  withReleaseUrls,
  type SystemManifest,
} from "../../scripts/manifest";
import {
  changelogProblems,
  changelogSection,
  e2eGateProblems,
  parsePackageArgs,
  releaseAssets,
} from "../../scripts/release";
import type { E2eResult, E2eRun } from "../../scripts/e2e/result";

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
  it("makes a release only with a tag, a repository and the end-to-end result; checks without the result", () => {
    expect(parsePackageArgs([])).toEqual({ target: null, checkOnly: false, e2e: null, errors: [] });
    expect(parsePackageArgs(["--tag", "v1.0.0", "--repository", "a/b", "--check"])).toEqual({
      target: { tag: "v1.0.0", repository: "a/b" },
      checkOnly: true,
      e2e: null,
      errors: [],
    });
    expect(parsePackageArgs(["--tag", "v1.0.0", "--repository", "a/b", "--e2e", "e2e-report/result.json"])).toEqual({
      target: { tag: "v1.0.0", repository: "a/b" },
      checkOnly: false,
      e2e: "e2e-report/result.json",
      errors: [],
    });
    expect(parsePackageArgs(["--tag", "v1.0.0", "--repository", "a/b"]).errors).toEqual([
      "a release needs --e2e <e2e-report/result.json>: the end-to-end run on the builds the manifest declares",
    ]);
    expect(parsePackageArgs(["--e2e", "r.json"]).errors).toEqual(["--e2e goes with --tag and --repository"]);
    expect(parsePackageArgs(["--tag", "v1.0.0", "--check"]).errors).toEqual([
      "give both --tag and --repository, or neither",
    ]);
    expect(parsePackageArgs(["--check"]).errors).toEqual(["--check needs --tag and --repository"]);
    expect(parsePackageArgs(["--tag", "--repository", "a/b", "--check"]).errors).toContain("--tag needs a value");
    expect(parsePackageArgs(["--force"]).errors).toEqual(["unknown argument --force"]);
  });
});

describe("the builds a release must prove", () => {
  const manifest = (compatibility: unknown) => ({ ...readManifest(), compatibility }) as SystemManifest;

  it("are the manifest's minimum and verified, each once, and this manifest's are full builds", () => {
    expect(declaredBuilds(readManifest())).toEqual({ builds: ["13.347", "14.367"], problems: [] });
    expect(declaredBuilds(manifest({ minimum: "14.367", verified: "14.367" })).builds).toEqual(["14.367"]);
  });

  it("refuses a generation or a missing value: a run proves a build", () => {
    expect(declaredBuilds(manifest({ minimum: "13.347", verified: "14" })).problems).toEqual([
      'compatibility.verified must name a Foundry build an end-to-end run can prove, like "13.347" (got "14")',
    ]);
    expect(declaredBuilds(manifest(undefined)).problems).toHaveLength(2);
  });

  it("orders builds by generation, then build", () => {
    expect(newerBuild("14.360", "13.351")).toBe(true);
    expect(newerBuild("14.367", "14.370")).toBe(false);
    expect(newerBuild("13.351", "13.347")).toBe(true);
    expect(newerBuild("13.347", "13.347")).toBe(false);
  });
});

describe("the end-to-end gate of a release", () => {
  const manifest = readManifest();
  const COMMIT = "a".repeat(40);
  const run = (foundry: string | null, failed = 0, passed = 120): E2eRun => ({
    label: foundry ? `v${foundry}` : "foundry",
    zip: `FoundryVTT-Node-${foundry}.zip`,
    foundry,
    passed,
    failed,
  });
  const result = (runs: E2eRun[], extra: Partial<E2eResult> = {}): E2eResult => ({
    system: "tactica",
    version: manifest.version,
    commit: COMMIT,
    runs,
    ...extra,
  });

  it("lets a release through when both declared builds passed, on this version and commit", () => {
    expect(e2eGateProblems(manifest, result([run("13.347"), run("14.367")]), COMMIT)).toEqual([]);
    expect(e2eGateProblems(manifest, result([run("13.347"), run("14.367")], { commit: null }), COMMIT)).toEqual([]);
  });

  it("refuses without a result, naming the builds to run", () => {
    expect(e2eGateProblems(manifest, null, COMMIT)).toEqual([
      "no end-to-end result: run npm run e2e on Foundry 13.347 and 14.367 first",
    ]);
  });

  it("refuses a run that failed, a declared build with no passing run, or a run of another version or commit", () => {
    expect(e2eGateProblems(manifest, result([run("13.347"), run("14.367", 2)]), COMMIT)).toEqual([
      "the end-to-end run on Foundry 14.367 did not pass (120 passed, 2 failed)",
      "no passing end-to-end run on Foundry 14.367 (compatibility.verified); runs on: 13.347, 14.367",
    ]);
    expect(e2eGateProblems(manifest, result([run("13.351"), run("14.367")]), COMMIT)).toEqual([
      "no passing end-to-end run on Foundry 13.347 (compatibility.minimum); runs on: 13.351, 14.367",
    ]);
    expect(e2eGateProblems(manifest, result([run(null, 1, 0)]), COMMIT)).toEqual([
      "the end-to-end run on Foundry foundry did not pass (0 passed, 1 failed)",
      "no passing end-to-end run on Foundry 13.347 (compatibility.minimum); runs on: foundry",
      "no passing end-to-end run on Foundry 14.367 (compatibility.verified); runs on: foundry",
    ]);
    const other = e2eGateProblems(
      manifest,
      result([run("13.347"), run("14.367")], { version: "0.0.9" }),
      "b".repeat(40),
    );
    expect(other).toEqual([
      `the end-to-end result is of tactica 0.0.9, not tactica ${manifest.version}`,
      `the end-to-end result is of commit ${COMMIT}, not of ${"b".repeat(40)}`,
    ]);
  });

  it("refuses a verified that is not the newest build the run proved, and a verified generation", () => {
    const runs = [run("13.347"), run("14.367"), run("14.370")];
    expect(e2eGateProblems(manifest, result(runs), COMMIT)).toEqual([
      "compatibility.verified is 14.367, but the run proved the newer 14.370: declare the build the run proved",
    ]);
    const generation = { ...manifest, compatibility: { minimum: "13.347", verified: "14" } } as SystemManifest;
    expect(e2eGateProblems(generation, result([run("13.347"), run("14.367")]), COMMIT)).toEqual([
      'compatibility.verified must name a Foundry build an end-to-end run can prove, like "13.347" (got "14")',
    ]);
  });
});

interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<
    string,
    {
      container?: string;
      needs?: string | string[];
      uses?: string;
      with?: Record<string, unknown>;
      steps: { run?: string; uses?: string; with?: Record<string, string> }[];
    }
  >;
}
const workflow = (name: string) => load(fs.readFileSync(`.github/workflows/${name}`, "utf8")) as Workflow;

describe("release and CI workflows call the tested scripts", () => {
  it("release: on a v* tag, checks, runs the e2e workflow as required, and publishes only after it and the tests", () => {
    const release = workflow("release.yml");
    expect(release.on).toEqual({ push: { tags: ["v*"] } });
    expect(release.jobs.check!.steps.map((s) => s.run).filter((r) => r?.startsWith("npm run package"))).toEqual([
      'npm run package -- --tag "$TAG" --repository "$REPOSITORY" --check',
    ]);
    expect(release.jobs.e2e).toMatchObject({
      needs: "check",
      uses: "./.github/workflows/e2e.yml",
      with: { required: true },
      secrets: "inherit",
    });
    expect(release.jobs.release!.needs).toEqual(["check", "e2e"]);
    const steps = release.jobs.release!.steps;
    const runs = steps.map((s) => s.run ?? "");
    const packaging = 'npm run package -- --tag "$TAG" --repository "$REPOSITORY" --e2e e2e-report/result.json';
    expect(runs.filter((r) => r.startsWith("npm run package"))).toEqual([packaging]);
    const fetched = steps.findIndex((s) => s.uses?.startsWith("actions/download-artifact"));
    expect(steps[fetched]?.with).toEqual({ name: "e2e-report", path: "e2e-report" });
    expect(runs.indexOf("npm test")).toBeLessThan(runs.indexOf(packaging));
    expect(fetched).toBeLessThan(runs.indexOf(packaging));
    const publish = steps.findIndex((s) => s.uses?.startsWith("softprops/action-gh-release"));
    expect(publish).toBeGreaterThan(runs.indexOf(packaging));
    expect(
      steps[publish]?.with?.files
        ?.trim()
        .split("\n")
        .map((f) => f.trim()),
    ).toEqual(releaseAssets(readManifest().id));
  });

  it("e2e: callable by the release, runs the declared builds with E2E_REQUIRE, and uploads the result", () => {
    const e2e = workflow("e2e.yml");
    expect(Object.keys(e2e.on).sort()).toEqual(["push", "workflow_call", "workflow_dispatch"]);
    const steps = e2e.jobs.e2e!.steps;
    const download = steps.find((s) => s.run?.includes("scripts/e2e/builds.ts"));
    expect(download?.run).toMatch(/FOUNDRY_ZIP=/);
    const runStep = steps.find((s) => s.run === "npm run e2e") as { env?: Record<string, string> } | undefined;
    expect(runStep?.env).toMatchObject({
      E2E_REQUIRE: "1",
      FOUNDRY_EULA_ACCEPTED: "${{ vars.FOUNDRY_EULA_ACCEPTED }}",
    });
    const upload = steps.find((s) => s.uses?.startsWith("actions/upload-artifact"));
    expect(upload?.with).toMatchObject({ name: "e2e-report", path: "e2e-report/" });
  });

  it("ci: runs .ci/run on pushes and pull requests in a Debian container", () => {
    const ci = workflow("ci.yml");
    expect(Object.keys(ci.on).sort()).toEqual(["pull_request", "push"]);
    expect(ci.jobs.test!.container).toMatch(/bookworm/);
    expect(ci.jobs.test!.steps.map((s) => s.run).filter(Boolean)).toEqual([".ci/run"]);
  });
});
