import { describe, expect, it } from "vitest";
import { damageChain } from "../../src/chat/damage-chain";

// RULES §6.2: the damage line of an applied hit (src/chat/damage-chain.ts), « Dégâts 7 → champ −4 →
// armure −1 → PV −2 »: the damage dealt first, then each reduction that stopped something, the PV
// lost last and stressed; true minus signs (U+2212).

describe("a hit's damage chain", () => {
  it("prints every step in order, the PV last and alone stressed", () => {
    expect(damageChain({ dealt: 7, field: 4, armour: 1, resistant: 2, pv: 0 })).toEqual([
      { label: "TACTICA.Chat.chain.dealt", value: "7", last: false },
      { label: "TACTICA.Chat.chain.field", value: "\u22124", last: false },
      { label: "TACTICA.Chat.chain.armour", value: "\u22121", last: false },
      { label: "TACTICA.Chat.chain.resistant", value: "\u22122", last: false },
      { label: "TACTICA.Chat.chain.pv", value: "\u22120", last: true },
    ]);
  });

  it("leaves out the reductions that stopped nothing, and keeps one that stopped a single point", () => {
    expect(damageChain({ dealt: 5, field: 0, armour: 1, resistant: 0, pv: 4 })).toEqual([
      { label: "TACTICA.Chat.chain.dealt", value: "5", last: false },
      { label: "TACTICA.Chat.chain.armour", value: "\u22121", last: false },
      { label: "TACTICA.Chat.chain.pv", value: "\u22124", last: true },
    ]);
  });

  it("starts at the reductions on an older card that stored no damage dealt; a damage of 0 dealt is still printed", () => {
    expect(damageChain({ field: 1, armour: 0, resistant: 0, pv: 2 })?.map((s) => s.label)).toEqual([
      "TACTICA.Chat.chain.field",
      "TACTICA.Chat.chain.pv",
    ]);
    expect(damageChain({ dealt: null, field: 0, armour: 0, resistant: 0, pv: 2 })).toEqual([
      { label: "TACTICA.Chat.chain.pv", value: "\u22122", last: true },
    ]);
    expect(damageChain({ dealt: 0, field: 0, armour: 0, resistant: 0, pv: 0 })?.[0]).toEqual({
      label: "TACTICA.Chat.chain.dealt",
      value: "0",
      last: false,
    });
  });

  it("is no chain before the hit is applied", () => {
    expect(damageChain(null)).toBeNull();
  });
});
