// FC-CLI-6: the commands an orchestrator runs every round; scripts/build.mjs prebuilds this entry into dist/.
import { type CommandTable, isEntry, runCommands } from "./dispatch.ts";

/** compact, validate and policy: loaded lazily, and safe to bundle (no source files read at run time). */
export const PER_ROUND_COMMANDS: CommandTable = {
  compact: async () => (await import("./compact.ts")).command,
  validate: async () => (await import("./validate.ts")).command,
  policy: async () => (await import("./policy.ts")).command,
};

/** The bundle's entry point (dist/per-round.mjs): run the per-round commands on this process's argv. */
export function runPerRound(): void {
  runCommands(PER_ROUND_COMMANDS);
}

if (isEntry(import.meta.url)) runPerRound();
