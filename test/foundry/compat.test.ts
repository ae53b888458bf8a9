/**
 * The compatibility seam's generation check, on the fake's release data (a v13 stable build, as
 * core sets `game.release` before system code runs).
 */
import { describe, expect, it } from "vitest";
import { installFoundryFake } from "./fake";
import { generation, isV14 } from "../../src/compat/generation";

describe("compat: generation", () => {
  it("the fake reports Foundry's release data of a v13 stable build", () => {
    const fake = installFoundryFake();
    expect(fake.game.release).toMatchObject({ generation: 13, build: 351 });
  });

  it("reads the generation from game.release", () => {
    const fake = installFoundryFake();
    expect([generation(), isV14()]).toEqual([13, false]);
    (fake.game.release as { generation: number }).generation = 14;
    expect([generation(), isV14()]).toEqual([14, true]);
  });
});
