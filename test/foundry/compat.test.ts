/**
 * The compatibility seam's generation check, on the fake's release data (a stable build of the
 * generation the fake plays, as core sets `game.release` before system code runs).
 */
import { describe, expect, it } from "vitest";
import { installFoundryFake } from "./fake";
import { setFakeGeneration } from "./fake-generation";
import { generation, isV14 } from "../../src/compat/generation";

describe("compat: generation", () => {
  it("the fake reports Foundry's release data of a stable build of its generation: v13 unless the pass asks for v14", () => {
    const fake = installFoundryFake();
    const v14 = process.env.TACTICA_FAKE_GENERATION === "14";
    expect(fake.game.release).toMatchObject(v14 ? { generation: 14, build: 361 } : { generation: 13, build: 351 });
    setFakeGeneration(fake, 13);
    expect(fake.game.release).toMatchObject({ generation: 13, build: 351, version: "13.351" });
    setFakeGeneration(fake, 14);
    expect(fake.game.release).toMatchObject({ generation: 14, build: 361, version: "14.361" });
  });

  it("reads the generation from game.release", () => {
    const fake = installFoundryFake();
    setFakeGeneration(fake, 13);
    expect([generation(), isV14()]).toEqual([13, false]);
    setFakeGeneration(fake, 14);
    expect([generation(), isV14()]).toEqual([14, true]);
  });
});
