import { defineConfig } from "vitest/config";

// Tests and benchmarks. The build lives in vite.config.ts; this file keeps test runs free of
// build plugins (pack compilation, file copies).
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    environment: "node",
    benchmark: { include: ["test/bench/**/*.bench.ts"] },
    testTimeout: 20_000,
  },
});
