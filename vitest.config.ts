import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "conformance/**/*.test.ts", "scripts/**/*.test.ts", "golden/**/*.test.ts"],
    // Vitest's default is one worker less than the cores: on a 2-core machine one file at a time. Many files here
    // wait on child processes (npm install, protocol fakes, SIGKILLed writers), so two workers finish in about half
    // the time; the complexity guards measure CPU time, so they do not mind a shared core.
    maxWorkers: 2,
    // One fixed, printed fast-check seed for every property (the same verdict on every run).
    setupFiles: ["./vitest.setup.ts"],
    globalSetup: ["./vitest.global-setup.ts"],
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
