// Ambient declarations for untyped build dependencies. Kept in a .ts file (not .d.ts) so that
// skipLibCheck does not hide mistakes in them.
declare module "@foundryvtt/foundryvtt-cli" {
  interface CompileOptions {
    nedb?: boolean;
    yaml?: boolean;
    recursive?: boolean;
    log?: boolean;
    transformEntry?: (entry: Record<string, unknown>) => unknown;
  }
  interface ExtractOptions {
    nedb?: boolean;
    yaml?: boolean;
    log?: boolean;
    clean?: boolean;
    /** Called on every primary document, embedded documents in place; `false` discards it. */
    transformEntry?: (entry: Record<string, unknown>) => Promise<false | void> | false | void;
  }
  export function compilePack(src: string, dest: string, options?: CompileOptions): Promise<void>;
  export function extractPack(src: string, dest: string, options?: ExtractOptions): Promise<void>;
}
