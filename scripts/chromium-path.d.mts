// Types of scripts/chromium-path.mjs (plain JavaScript so that scripts/test-all.mjs can import it).
export declare const HEADLESS_SHELL: string;
export declare const FULL_CHROMIUM: string;
export declare function checksChromium(
  env?: Record<string, string | undefined>,
  exists?: (file: string) => boolean,
): string;
export declare const CHROMIUM_ARGS: readonly string[];
export declare const CHROMIUM_ENDPOINT_VAR: string;
