/**
 * Part of the Foundry FAKE (see fake.ts): Roll and dice. Filled in with the roll classes;
 * installs nothing yet.
 */
import type { FakeFoundry } from "./fake";

export function installDiceFake(_fake: FakeFoundry): void {}
