/**
 * Hotbar macros (src/api/macros.ts): the drop handler is registered on `ready`, so that a module's
 * own `hotbarDrop` handler, registered on init or setup, runs first and may take the drop.
 */
import { onHotbarDrop } from "../api/macros";

export function hotbarHooks(): void {
  Hooks.once("ready", () => Hooks.on("hotbarDrop", onHotbarDrop));
}
