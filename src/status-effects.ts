/**
 * Tactica's conditions as token status effects (RULES §2, §5, §6.2; DESIGN §4): panic results
 * (D-18: they stay until rallied), stunning, pressure blocked, force field down. Icons are Foundry
 * core icons, so nothing ships with the system.
 */

/** The ids of Tactica's status effects. */
export const STATUS_IDS = ["panicked", "retreating", "terrified", "stunned", "pressureBlocked", "forceFieldDown"] as const;
export type StatusId = (typeof STATUS_IDS)[number];

const ICONS: Record<StatusId, string> = {
  panicked: "icons/svg/terror.svg",
  retreating: "icons/svg/downgrade.svg",
  terrified: "icons/svg/paralysis.svg",
  stunned: "icons/svg/daze.svg",
  pressureBlocked: "icons/svg/padlock.svg",
  forceFieldDown: "icons/svg/shield.svg",
};

/** The `CONFIG.statusEffects` entries, names as language keys (localised by Foundry). */
export const STATUS_EFFECTS = STATUS_IDS.map((id) => ({ id, name: `TACTICA.Status.${id}`, img: ICONS[id] }));

/** True when `id` is one of Tactica's status ids. */
export function isStatusId(id: unknown): id is StatusId {
  return typeof id === "string" && (STATUS_IDS as readonly string[]).includes(id);
}
