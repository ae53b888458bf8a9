// Types of scripts/layers.mjs (plain JavaScript so that oxlint.config.mjs can import it).
export interface Layer {
  name: string;
  folders: readonly string[];
  alsoImports?: Readonly<Record<string, readonly string[]>>;
}
export declare const LAYERS: readonly Layer[];
export declare const LAYERED_FOLDERS: readonly string[];
export declare function layerOf(folder: string): number;
export declare function mayImport(folder: string): string[];
export declare function mayNotImport(folder: string): string[];
