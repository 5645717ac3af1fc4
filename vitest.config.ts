import { configDefaults, defineConfig } from "vitest/config";

/**
 * Soaks: whole-system tests that take most of a minute each (a packed and installed tarball, the
 * per-round bundle built and run golden case by golden case, three browser sessions).
 * They run where CI runs (`CI=true`; .ci/run sets it), so a plain `npm test` stays under three minutes on a 2-core
 * machine. `CI=true npm test` runs them locally; vitest.global-setup.ts prints which were left out.
 */
export const SOAKS = [
  "scripts/pack.test.ts",
  "src/cli/bundle.test.ts",
  "conformance/workbench/browser.test.ts",
  "conformance/report/browser.test.ts",
  "conformance/report/matrix-browser.test.ts",
];
export const soaksRun = process.env.CI === "true";

/** The one test file that replaces modules (vi.mock): it runs in a fresh module graph of its own. */
const MOCKING = ["conformance/oracle/independence.test.ts"];
const EXCLUDE = [...configDefaults.exclude, "**/.tmp/**", ...(soaksRun ? [] : SOAKS)];

export default defineConfig({
  test: {
    // Test files share a worker's module graph (isolate: false): importing the reference and the kit once per
    // worker instead of once per file cuts about 40 s of a 3.5-minute run. Tests must not leave state behind in
    // modules (none keeps any); the one file that mocks modules runs isolated.
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          include: [
            "src/**/*.test.ts",
            "conformance/**/*.test.ts",
            "scripts/**/*.test.ts",
            "golden/**/*.test.ts",
          ],
          exclude: [...EXCLUDE, ...MOCKING],
          isolate: false,
          // Prints the seed and the soaks left out, once per run (at the root, every project would print it again).
          globalSetup: ["./vitest.global-setup.ts"],
        },
      },
      { extends: true, test: { name: "isolated", include: MOCKING, exclude: EXCLUDE, isolate: true } },
    ],
    // Vitest's default is one worker less than the cores: on a 2-core machine one file at a time. Many files here
    // wait on child processes (npm install, protocol fakes, SIGKILLed writers), so two workers finish in about half
    // the time; the complexity guards measure CPU time, so they do not mind a shared core.
    maxWorkers: 2,
    // One fixed, printed fast-check seed for every property (the same verdict on every run).
    setupFiles: ["./vitest.setup.ts"],
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
