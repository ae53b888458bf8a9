/**
 * Part of the Foundry FAKE (see fake.ts): data fields, TypeDataModel and documents.
 * Filled in with the data models; installs nothing yet.
 */
import type { FakeFoundry } from "./fake";

export function installDataFake(_fake: FakeFoundry): void {}
