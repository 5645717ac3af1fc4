// FC-CLI-1: the `feedback-compactor` command table.
import type { CliIo } from "./io.ts";
import { type CommandTable, dispatch, isEntry, runCommands } from "./dispatch.ts";
import { PER_ROUND_COMMANDS } from "./per-round.ts";

export type { Command } from "./dispatch.ts";

const commands: CommandTable = {
  ...PER_ROUND_COMMANDS,
  serve: async () => (await import("./serve.ts")).command,
  certify: async () => (await import("./certify.ts")).command,
  check: async () => (await import("./check.ts")).command,
  audit: async () => (await import("./audit.ts")).command,
  demo: async () => (await import("./demo.ts")).command,
  report: async () => (await import("./report.ts")).command,
  badge: async () => (await import("./badge.ts")).command,
  workbench: async () => (await import("./workbench.ts")).command,
};

export function main(argv: string[], io: CliIo): Promise<number> {
  return dispatch(commands, argv, io);
}

/** Runs the CLI on this process's argv and streams; never prints a stack trace (FC-CLI-3). */
export function runCli(): void {
  runCommands(commands);
}

if (isEntry(import.meta.url)) runCli();
