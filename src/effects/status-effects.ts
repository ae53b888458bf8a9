/**
 * Token status effects (RULES §2, §5, §6.2; DESIGN §4): Tactica's conditions — panic results (D-18:
 * they stay until rallied), stunning, pressure blocked, force field down — and the few of core's
 * that core itself acts on. Systems replace core's list rather than add to it (dnd5e
 * `dnd5e.mjs` `_configureStatusEffects`), so the Token HUD offers only what the rules read, with no
 * two entries sharing an icon. Icons are Foundry core icons, so nothing ships with the system.
 * Every entry carries its place in that curated list as `order`: v14's Token HUD sorts the
 * statuses by it (dnd5e sets `order` on its entries for v14 and sorts the list itself on v13 only:
 * `dnd5e.mjs` `_configureStatusEffects`, `module/utils.mjs` `performPreLocalization`, commits
 * fd0453825 and af07076ec); v13 ignores the key and shows the list in its own order, the same.
 */
import { HOLD_ATT_PENALTY } from "../rules/morale";
import { changesData, type EffectChange } from "../compat/effects";
import { isOneOf } from "../rules/keys";

/** The ids of Tactica's status effects. */
export const STATUS_IDS = [
  "panicked",
  "retreating",
  "terrified",
  "stunned",
  "pressureBlocked",
  "forceFieldDown",
] as const;
export type StatusId = (typeof STATUS_IDS)[number];

const ICONS: Record<StatusId, string> = {
  panicked: "icons/svg/terror.svg",
  retreating: "icons/svg/downgrade.svg",
  terrified: "icons/svg/paralysis.svg",
  stunned: "icons/svg/daze.svg",
  pressureBlocked: "icons/svg/padlock.svg",
  forceFieldDown: "icons/svg/shield.svg",
};

/**
 * D-40: what a condition changes on its bearer, carried by the condition itself — core copies a
 * status entry's ActiveEffect fields (changes included) into the effect it creates for it
 * (`CONFIG.StatusEffectConfig` is `Partial<ActiveEffectData>`,
 * https://foundryvtt.com/api/v13/types/CONFIG.StatusEffectConfig.html,
 * https://foundryvtt.com/api/v14/types/CONFIG.StatusEffectConfig.html). *Tenir bon* (status
 * `panicked`) fights at −1 ATT (RULES §5): ADD −1 to `system.profile.att.modifier`, which the
 * actor models add to the ATT total (src/data/actor/derived.ts). Described once, generation-neutral;
 * {@link tacticaStatusEffects} writes it in the running generation's shape (src/compat/effects.ts).
 */
export function statusChanges(id: StatusId): EffectChange[] {
  if (id !== "panicked") return [];
  return [{ key: "system.profile.att.modifier", type: "add", value: -HOLD_ATT_PENALTY }];
}

/**
 * Tactica's `CONFIG.statusEffects` entries, names as language keys (localised by Foundry), with
 * their changes in the running generation's shape (v13 `changes`, v14 `system.changes`); `order`
 * is given by {@link curatedStatusEffects}, which places them.
 */
export function tacticaStatusEffects() {
  return STATUS_IDS.map((id) => {
    const changes = statusChanges(id);
    return { id, name: `TACTICA.Status.${id}`, img: ICONS[id], ...(changes.length ? changesData(changes) : {}) };
  });
}

/**
 * Core's statuses kept, by the role core gives them in `CONFIG.specialStatusEffects`
 * (https://foundryvtt.com/api/v13/variables/CONFIG.html): DEFEATED marks a combatant defeated in
 * the tracker; INVISIBLE and BLIND change what tokens see. Core's other conditions (fear, stun,
 * paralysis, downgrade… whose icons Tactica's own reuse) and its movement statuses (fly, hover,
 * burrow) are not part of the rules and are left out of the list; their roles stay
 * (src/setup/registration.ts): core reads a role only to test or refresh its status, which a
 * missing entry simply never has.
 */
export const CORE_STATUS_ROLES = { DEFEATED: "dead", INVISIBLE: "invisible", BLIND: "blind" } as const;

/**
 * The curated list: core's entries for {@link CORE_STATUS_ROLES} (as core defines them, when
 * present in `core`), then Tactica's, each given its place as `order` (1, 2…: v14's HUD sorts by
 * it). Core's entries are copied, not changed. Registration assigns it on `init` (it reads the
 * generation).
 */
export function curatedStatusEffects<T extends { id: string }>(
  core: readonly T[],
): ((T | ReturnType<typeof tacticaStatusEffects>[number]) & { order: number })[] {
  const kept: readonly string[] = Object.values(CORE_STATUS_ROLES);
  const tactica: readonly string[] = STATUS_IDS;
  return [
    ...core.filter((effect) => kept.includes(effect.id) && !tactica.includes(effect.id)),
    ...tacticaStatusEffects(),
  ].map((effect, index) => ({ ...effect, order: index + 1 }));
}

/** True when `id` is one of Tactica's status ids. */
export function isStatusId(id: unknown): id is StatusId {
  return isOneOf(STATUS_IDS, id);
}
