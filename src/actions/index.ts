/**
 * The use cases behind the actor's roll methods (src/documents/actor.ts), as the actor reaches
 * them: installed on `init` (src/setup/registration.ts), since the documents sit below this layer.
 */
import type { ActorUseCases } from "../documents/actor";
import { postMoralePrompt } from "./morale-prompt";
import { rollPool } from "./pool";
import { rollPressure } from "./pressure";
import { rollProfile } from "./profile";
import { cancelPower, castPower, maintainPower } from "./psy";
import { fearTest, moraleTest, rally, setMoraleState } from "./morale";
import { moveAction } from "./move";
import { attack, rollScore } from "./score";

export const ACTOR_USE_CASES: ActorUseCases = {
  rollProfile,
  rollPressure,
  rollPool,
  castPower,
  maintainPower,
  cancelPower,
  moraleTest,
  rally,
  fearTest,
  rollScore,
  attack,
  moveAction,
  setMoraleState,
  postMoralePrompt,
};
