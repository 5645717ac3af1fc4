export default {
  paths: ["features/**/*.feature"],
  import: ["features/support/**/*.ts", "features/step_definitions/**/*.ts"],
  strict: true,
  format: ["summary"],
};
