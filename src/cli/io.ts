// FC-CLI-1..3: the CLI's edge: streams, exit codes and the one-line JSON error contract.
import type { FcError } from "../errors.ts";

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Reads all of standard input (only called for `-`). */
  readStdin: () => Promise<string>;
  isTTY: boolean;
  env: Record<string, string | undefined>;
  cwd: string;
}

/** Exit codes (FC-CLI-2): 0 success, 1 check failed / bug, 2 typed error or usage problem. */
export const EXIT_OK = 0;
export const EXIT_FAIL = 1;
export const EXIT_ERROR = 2;

/** Writes exactly one JSON line `{"error":{...}}` on stderr and returns exit code 2 (FC-CLI-3). */
export function reportError(io: CliIo, error: FcError): number {
  const body: Record<string, string> = { code: error.code, message: error.message };
  if (error.field !== undefined) body.field = error.field;
  if (error.path !== undefined) body.path = error.path;
  io.stderr(`${JSON.stringify({ error: body })}\n`);
  return EXIT_ERROR;
}

/**
 * Writes a long string in 1 MiB slices: slices of a flat string share its characters, so only one slice at a
 * time is encoded to UTF-8, instead of a second copy of a 20 MB log.
 */
export function writeInSlices(stream: NodeJS.WritableStream, text: string): void {
  const SLICE = 1 << 20;
  if (text.length <= SLICE) {
    stream.write(text);
    return;
  }
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + SLICE, text.length);
    // Never split a surrogate pair across two writes: each write is encoded on its own.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    stream.write(text.slice(start, end));
    start = end;
  }
}

export function processIo(): CliIo {
  return {
    stdout: (t) => writeInSlices(process.stdout, t),
    stderr: (t) => process.stderr.write(t),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const c of process.stdin) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    },
    isTTY: Boolean(process.stdout.isTTY),
    env: process.env,
    cwd: process.cwd(),
  };
}

/** Minimal argv parser: `--flag`, `--key value`, `--key=value`, positionals, and `--` passthrough. */
export interface ParsedArgs {
  positionals: string[];
  flags: Map<string, string | true>;
  rest: string[];
}

export function parseArgs(argv: string[], valued: ReadonlySet<string>): ParsedArgs | { error: string } {
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  let rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") {
      rest = argv.slice(i + 1);
      break;
    }
    if (a.startsWith("--") && a.length > 2) {
      const eq = a.indexOf("=");
      const name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
      if (eq >= 0) {
        flags.set(name, a.slice(eq + 1));
      } else if (valued.has(name)) {
        const v = argv[i + 1];
        if (v === undefined) return { error: `--${name} needs a value` };
        flags.set(name, v);
        i++;
      } else {
        flags.set(name, true);
      }
    } else if (a === "-h") {
      flags.set("help", true);
    } else {
      positionals.push(a);
    }
  }
  return { positionals, flags, rest };
}

/** What a command accepts (FC-CLI-2): its options, and how its `--help` is reached. */
export interface CommandSpec {
  /** As the messages name it: `see '<name> --help'`. */
  name: string;
  help: string;
  /** Options that take a value (`--x V` or `--x=V`). */
  valued: ReadonlySet<string>;
  /** Options that are switches (`--x`). */
  switches?: ReadonlySet<string>;
}

/**
 * FC-CLI-2, FC-CLI-3: the preamble every command shares. Parses `argv`; prints the help on `--help`/`-h` (exit 0);
 * refuses a malformed or unknown option, a valued option without its value and a switch given one, each with one
 * JSON `USAGE` line (exit 2). Returns the parsed arguments, or the exit code when the command is already done.
 */
export function commandArgs(argv: string[], io: CliIo, spec: CommandSpec): ParsedArgs | number {
  const usage = (message: string) =>
    reportError(io, { code: "USAGE", message: `${message}; see '${spec.name} --help'` });
  const args = parseArgs(argv, spec.valued);
  if ("error" in args) return usage(args.error);
  if (args.flags.has("help")) {
    io.stdout(spec.help);
    return EXIT_OK;
  }
  for (const [f, v] of args.flags) {
    if (spec.valued.has(f)) {
      if (v === true || v === "") return usage(`--${f} needs a value`);
    } else if (spec.switches?.has(f)) {
      if (v !== true) return usage(`--${f} takes no value`);
    } else return usage(`unknown option --${f}`);
  }
  return args;
}
