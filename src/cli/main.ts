// FC-CLI-1: command dispatch for the `feedback-compactor` CLI.
import { pathToFileURL } from "node:url";
import { EXIT_ERROR, processIo, reportError, type CliIo } from "./io.ts";

export interface Command {
  summary: string;
  run: (argv: string[], io: CliIo) => Promise<number>;
}

const commands: Record<string, () => Promise<Command>> = {
  compact: async () => (await import("./compact.ts")).command,
  validate: async () => (await import("./validate.ts")).command,
  policy: async () => (await import("./policy.ts")).command,
  serve: async () => (await import("./serve.ts")).command,
  certify: async () => (await import("./certify.ts")).command,
  check: async () => (await import("./check.ts")).command,
  audit: async () => (await import("./audit.ts")).command,
  demo: async () => (await import("./demo.ts")).command,
  report: async () => (await import("./report.ts")).command,
  badge: async () => (await import("./badge.ts")).command,
};

export async function main(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === "--version" || name === "-v") {
    const { VERSION } = await import("../version.ts");
    io.stdout(`${VERSION}\n`);
    return 0;
  }
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout(await usage());
    return name === undefined ? EXIT_ERROR : 0;
  }
  const load = commands[name];
  if (!load) {
    return reportError(io, {
      code: "USAGE",
      message: `unknown command '${name}'; run 'feedback-compactor --help'`,
    });
  }
  return (await load()).run(rest, io);
}

async function usage(): Promise<string> {
  const lines = ["Usage: feedback-compactor <command> [options]", "", "Commands:"];
  for (const [name, load] of Object.entries(commands)) {
    const summary = await load().then(
      (c) => c.summary,
      () => "(not available in this build)",
    );
    lines.push(`  ${name.padEnd(10)} ${summary}`);
  }
  lines.push("", "Run 'feedback-compactor <command> --help' for a command's options.", "");
  return lines.join("\n");
}

/** Runs the CLI on this process's argv and streams; never prints a stack trace (FC-CLI-3). */
export function runCli(): void {
  const io = processIo();
  main(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      // A bug: exit 1 with one JSON line naming only the error class.
      const message = `internal error: ${e instanceof Error ? e.name : "unknown"}`;
      io.stderr(`${JSON.stringify({ error: { code: "INTERNAL", message } })}\n`);
      process.exitCode = 1;
    },
  );
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) runCli();
