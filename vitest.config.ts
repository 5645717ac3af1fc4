import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "conformance/**/*.test.ts", "scripts/**/*.test.ts", "golden/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts", "conformance/**/*.ts"],
      exclude: ["**/*.test.ts"],
      reporter: ["text-summary"],
    },
  },
});
