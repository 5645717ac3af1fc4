// FC-CLI-1: the reference's own commands (compact, validate, policy, audit, serve, demo).
import type { CliIo } from "./io.ts";
import { type CommandTable, dispatch, isEntry, runCommands } from "./dispatch.ts";
import { PER_ROUND_COMMANDS } from "./per-round.ts";

export type { Command } from "./dispatch.ts";

/**
 * What the reference needs to run in a loop. The package's one `feedback-compactor` entry
 * (conformance/cli/feedback-compactor.mjs) adds the conformance kit's commands to this table; nothing here
 * knows the kit exists.
 */
export const REFERENCE_COMMANDS: CommandTable = {
  ...PER_ROUND_COMMANDS,
  serve: async () => (await import("./serve.ts")).command,
  audit: async () => (await import("./audit.ts")).command,
  demo: async () => (await import("./demo.ts")).command,
};

/** Runs one reference command (tests; the full CLI is conformance/cli/main.ts). */
export function main(argv: string[], io: CliIo): Promise<number> {
  return dispatch(REFERENCE_COMMANDS, argv, io);
}

if (isEntry(import.meta.url)) runCommands(REFERENCE_COMMANDS);
