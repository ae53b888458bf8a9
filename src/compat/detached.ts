/**
 * v14 detached (popped-out) windows: render options that open an application in the same browser
 * window as another one. On v14, `render({window: {detached: true, windowId}})` renders into the
 * existing detached window `windowId` (https://foundryvtt.com/api/v14/interfaces/foundry.applications.types.ApplicationWindowRenderOptions.html),
 * and `DialogV2.wait`/`prompt` forward `renderOptions` to the dialog's render
 * (https://foundryvtt.com/api/v14/interfaces/foundry.DialogV2WaitOptions.html). An application
 * rendered in a detached window knows it as `app.window.windowId` (dnd5e 5.3.3
 * `module/applications/api/application-v2-mixin.mjs` `_detachOptions`, same pattern).
 * v13 has no detached windows: the options are empty there.
 */
import { isV14 } from "./generation";

/** An application as seen here: v14 gives a detached one `window.windowId`. */
interface MaybeDetached {
  readonly window?: { readonly windowId?: unknown } | null;
}

/** The render options that put another application in `opener`'s detached window, or `{}`. */
export function besideOptions(opener: unknown): { window?: { detached: true; windowId: string } } {
  // @deprecated v13: no detached windows before v14.
  if (!isV14()) return {};
  const windowId = (opener as MaybeDetached | null | undefined)?.window?.windowId;
  return typeof windowId === "string" && windowId !== "" ? { window: { detached: true, windowId } } : {};
}
