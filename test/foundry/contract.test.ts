/**
 * The contract suite (src/contract/) against the fake. The same suites run in a real Foundry as the
 * Quench batch `tactica.contract`: a behaviour of the fake that core does not share fails there.
 */
import { assert, describe, it } from "vitest";
import { loadWorld } from "./world";
import { createTemplateHarness, installTemplateHarness } from "../templates/harness";

// The suites import system modules, which need the fake's globals: install the world first.
// Quench runs the batch as a GM (the active one): so does the fake.
// Cards render through the real templates (the template harness stands in for Foundry's loader).
(await loadWorld("fr", (fake) => installTemplateHarness(fake, createTemplateHarness("fr")))).data.setUser("gm-1");
const { runContracts } = await import("../../src/contract/index");

describe("Foundry contract (fake)", () => {
  runContracts({ describe, it, assert });
});
