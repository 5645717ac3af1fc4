// The step definitions are TypeScript in the checkout (run with NODE_OPTIONS="--import tsx") and compiled
// JavaScript in the installed package (dist/lib/, where this file is copied by scripts/build.mjs).
export default {
  paths: ["features/**/*.feature"],
  import: ["features/support/**/*.{ts,js}", "features/step_definitions/**/*.{ts,js}"],
  strict: true,
  format: ["summary"],
};
