// Test support: the argv that runs the reference's own command table (src/cli/main.ts) as a process, without the kit.
import { fileURLToPath } from "node:url";

/** `node --import tsx src/cli/main.ts`; append the command and its arguments. */
export const REFERENCE_CLI: readonly string[] = [
  process.execPath,
  "--import",
  "tsx",
  fileURLToPath(new URL("../cli/main.ts", import.meta.url)),
];
