// FC-CLI-1..3: command dispatch shared by the full CLI (main.ts) and the per-round bundle entry (per-round.ts).
import { pathToFileURL } from "node:url";
import { type CliIo, EXIT_ERROR, processIo, reportError } from "./io.ts";

export interface Command {
  summary: string;
  run: (argv: string[], io: CliIo) => Promise<number>;
}

/** Command name → loader; loaders import lazily so a command pays only for its own modules. */
export type CommandTable = Record<string, () => Promise<Command>>;

export async function dispatch(commands: CommandTable, argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === "--version" || name === "-v") {
    const { VERSION } = await import("../version.ts");
    io.stdout(`${VERSION}\n`);
    return 0;
  }
  if (name === undefined) {
    // FC-CLI-3: no command is a usage error like any other — one JSON line on stderr, exit 2.
    return reportError(io, {
      code: "USAGE",
      message: `no command given; the commands are ${Object.keys(commands).join(", ")}; run 'feedback-compactor --help'`,
    });
  }
  if (name === "--help" || name === "-h" || name === "help") {
    io.stdout(await usage(commands));
    return 0;
  }
  const load = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!load) {
    return reportError(io, {
      code: "USAGE",
      message: `unknown command '${name}'; run 'feedback-compactor --help'`,
    });
  }
  return (await load()).run(rest, io);
}

async function usage(commands: CommandTable): Promise<string> {
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

/** Runs `commands` on this process's argv and streams; never prints a stack trace (FC-CLI-3). */
export function runCommands(commands: CommandTable): void {
  // A reader that stops early (`… | head`) closes the pipe: end quietly, like other command-line tools, instead
  // of dying on an unhandled EPIPE with a stack trace; any other write failure is one JSON line (FC-CLI-3).
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code !== "EPIPE") {
      const message = `cannot write to standard output (${e.code ?? "error"})`;
      process.stderr.write(`${JSON.stringify({ error: { code: "IO", message } })}\n`);
    }
    process.exit(e.code === "EPIPE" ? (process.exitCode ?? 0) : EXIT_ERROR);
  });
  const io = processIo();
  dispatch(commands, process.argv.slice(2), io).then(
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

/** True when `metaUrl` is the module node was started with. */
export const isEntry = (metaUrl: string): boolean =>
  process.argv[1] !== undefined && metaUrl === pathToFileURL(process.argv[1]).href;
