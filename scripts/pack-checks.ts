/**
 * Checks of pack documents beyond ids and keys: the document subtype must be one the manifest
 * declares. (The data-model schema check of `system` data is added with the data models.)
 */
import { readManifest } from "./manifest";
import type { DocumentCheck } from "./packs";

export async function packSchemaChecks(): Promise<DocumentCheck[]> {
  const manifest = readManifest();
  const declared = (manifest.documentTypes ?? {}) as Record<string, Record<string, unknown>>;
  const subtypeCheck: DocumentCheck = (pack, doc) => {
    const types = declared[pack.type];
    if (!types) return [];
    const type = doc.type;
    return typeof type === "string" && type in types
      ? []
      : [`type ${JSON.stringify(type)} is not a declared ${pack.type} subtype (${Object.keys(types).join(", ")})`];
  };
  return [subtypeCheck];
}
