/**
 * The token document class (`CONFIG.Token.documentClass`).
 *
 * A unit's headcount is the token bar `figures` (CONFIG.Actor.trackableAttributes,
 * src/setup/registration.ts): `{value: strength.current, max: strength.start}`, DERIVED in
 * `prepareDerivedData` (src/data/actor/unit.ts). Core's `TokenDocument#getBarAttribute` marks a
 * bar `editable` only when the model's schema has a NumberField at `<attribute>.value`
 * (https://foundryvtt.com/api/v13/classes/foundry.documents.TokenDocument.html#getbarattribute;
 * dnd5e 5.3.3 `module/documents/token.mjs` and draw-steel `src/module/documents/token.mjs` both
 * override it to set `editable: true` on bars core would leave read-only), and the Token HUD
 * disables the input of a bar that is not editable. So without this class the figures could be
 * shown on a token but never changed from the HUD. An edit reaches
 * `TacticaActor#modifyTokenAttribute`, which writes the stored `strength.current`.
 *
 * The class is built at `init` on the running core class (`foundry.documents.TokenDocument`).
 */

/** Token bars a unit's token may edit although they are derived (see the module comment). */
export const DERIVED_EDITABLE_BARS: Readonly<Record<string, readonly string[]>> = { unit: ["figures"] };

/** True when the bar `attribute` of an actor of `type` is one of {@link DERIVED_EDITABLE_BARS}. */
export function isDerivedEditableBar(type: string | undefined, attribute: string): boolean {
  return !!type && (DERIVED_EDITABLE_BARS[type] ?? []).includes(attribute);
}

/** The token document class, extending the running core class. */
export function tokenDocumentClass(): typeof foundry.documents.TokenDocument {
  return class TacticaTokenDocument extends foundry.documents.TokenDocument {
    override getBarAttribute(
      ...[barName, options]: Parameters<TokenDocument["getBarAttribute"]>
    ): ReturnType<TokenDocument["getBarAttribute"]> {
      const data = super.getBarAttribute(barName, options);
      if (data?.type === "bar" && isDerivedEditableBar(this.actor?.type, data.attribute)) data.editable = true;
      return data;
    }
  };
}
