// FC-CLI-1: the `feedback-compactor` command table: the reference's commands and the conformance kit's.
import type { CliIo } from "../../src/cli/io.ts";
import { type CommandTable, dispatch, isEntry, runCommands } from "../../src/cli/dispatch.ts";
import { REFERENCE_COMMANDS } from "../../src/cli/main.ts";

export type { Command } from "../../src/cli/dispatch.ts";

/**
 * The one table behind the package's `feedback-compactor` command. It lives in the kit because the kit may
 * see the reference (to certify it, to serve its mutants) and the reference never sees the kit. `serve` is
 * the reference's server with the kit's mutants added (`--mutant`, `--list-mutants`).
 */
const commands: CommandTable = {
  ...REFERENCE_COMMANDS,
  serve: async () => (await import("./serve.ts")).command,
  certify: async () => (await import("./certify.ts")).command,
  check: async () => (await import("./check.ts")).command,
  report: async () => (await import("./report.ts")).command,
  matrix: async () => (await import("./matrix.ts")).command,
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
