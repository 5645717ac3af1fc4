// Test support: the argv that runs one of the reference's own commands (src/cli/main.ts) as a process, without the kit.
import { fileURLToPath } from "node:url";
import { perRoundBundle } from "../cli/bundle.mjs";

const MAIN = fileURLToPath(new URL("../cli/main.ts", import.meta.url));

/**
 * `node dist/per-round.mjs` for a per-round command while the prebuilt bundle matches the sources (as the
 * package's entry does, FC-CLI-6: 0.1 s to start), else `node --import tsx src/cli/main.ts`. Append the command
 * and its arguments.
 */
export function referenceCli(command: string): string[] {
  const bundle = perRoundBundle(command);
  return bundle !== null
    ? [process.execPath, fileURLToPath(bundle)]
    : [process.execPath, "--import", "tsx", MAIN];
}
