// FC-PROTO-1..8, FC-CERT-11: `feedback-compactor serve` — the reference (or a variant of it) speaking protocol v1.
import type { Capability, CompactLevel, ImplementationInfo, ProtocolHandler } from "../protocol/messages.ts";
import {
  REFERENCE_INFO,
  referenceCapabilities,
  referenceHandler,
  warmUpReference,
} from "../protocol/reference.ts";
import { runServer } from "../protocol/server.ts";
import { type CliIo, EXIT_OK, commandArgs, reportError } from "./io.ts";
import type { Command } from "./dispatch.ts";

const usage = (
  variants: boolean,
) => `Usage: feedback-compactor serve${variants ? " [--mutant ID | --list-mutants]" : ""}

Runs the reference compactor as a protocol v1 implementation (spec/protocol.md): it reads one JSON
message per line on stdin and writes one JSON reply per line on stdout; stderr is for logs only.

  {"cmd":"start","version":1}
    -> {"version":1,"implementation":{"name":"feedback-compactor",...},"capabilities":["compact","policy","summary"]}
  {"cmd":"compact","seq":1,"request":{...CompactionRequest...},"options":{"budgetTokens":512}}
    -> {"seq":1,"log":{...}}  or  {"seq":1,"error":{"code":"INVALID_REQUEST","message":"..."}}
  {"cmd":"policy.decide","seq":2,"input":{...}}   -> {"seq":2,"result":{...}}
  {"cmd":"no.such.command","seq":3}               -> {"seq":3,"error":{"code":"UNSUPPORTED",...}}
  {"cmd":"stop"}                                  -> the process exits

This is what 'feedback-compactor certify' talks to; try it by hand:
  printf '%s\\n' '{"cmd":"start","version":1}' '{"cmd":"x","seq":1}' '{"cmd":"stop"}' | feedback-compactor serve

Options:
${
  variants
    ? `  --mutant ID       serve a deliberately broken variant from conformance/mutants (suite-strength testing)
  --list-mutants    print the mutant ids and what each one breaks, then exit
`
    : ""
}  -h, --help        this text
`;

/**
 * A variant of the reference that `serve --mutant ID` can speak for: the conformance kit's mutants and legal
 * variants (conformance/runner/mutants.ts) have this shape. The reference itself has none; the kit's command
 * table passes its loader to {@link serveCommand}.
 */
export interface ServedVariant {
  id: string;
  description: string;
  violates: string[];
  harmless?: boolean;
  wrap(handler: ProtocolHandler): ProtocolHandler;
  startDelayMs?: number;
  stderrNoise?: boolean;
  level?: CompactLevel;
}

/** Loads the variants on offer; null when this build has none. */
export type VariantLoader = () => Promise<ServedVariant[] | null>;

/** Writes a burst of log lines to stderr (tests that stderr is never judged and never blocks the runner). */
function stderrNoise(): void {
  const line = "noise: the implementation is logging something unimportant to stderr\n";
  for (let i = 0; i < 2000; i++) process.stderr.write(line);
}

async function run(argv: string[], io: CliIo, loadVariants: VariantLoader | undefined): Promise<number> {
  const HELP = usage(loadVariants !== undefined);
  const variants = loadVariants !== undefined;
  const args = commandArgs(argv, io, {
    name: "serve",
    help: HELP,
    valued: new Set(variants ? ["mutant"] : []),
    switches: new Set(variants ? ["list-mutants"] : []),
  });
  if (typeof args === "number") return args;
  if (args.positionals.length > 0 || args.rest.length > 0) {
    return reportError(io, { code: "USAGE", message: "serve takes no arguments; see 'serve --help'" });
  }
  let handler: ProtocolHandler = referenceHandler;
  let implementation: ImplementationInfo = REFERENCE_INFO;
  let startDelayMs = 0;
  let noise = false;
  let level: CompactLevel = "full";
  const wanted = args.flags.get("mutant");
  if (loadVariants !== undefined && (args.flags.has("list-mutants") || wanted !== undefined)) {
    const mutants = await loadVariants();
    if (mutants === null) {
      return reportError(io, {
        code: "USAGE",
        message: "no mutants in this build (conformance/mutants/index.ts)",
      });
    }
    if (args.flags.has("list-mutants")) {
      for (const m of mutants) {
        io.stdout(
          `${m.id.padEnd(36)} ${m.harmless ? "(harmless) " : ""}${m.violates.join(",")}  ${m.description}\n`,
        );
      }
      return EXIT_OK;
    }
    const mutant = mutants.find((m) => m.id === wanted);
    if (mutant === undefined || typeof wanted !== "string") {
      return reportError(io, {
        code: "USAGE",
        message: "unknown mutant id; run 'feedback-compactor serve --list-mutants'",
      });
    }
    handler = mutant.wrap(referenceHandler);
    implementation = { ...REFERENCE_INFO, name: `feedback-compactor (mutant ${mutant.id})` };
    startDelayMs = mutant.startDelayMs ?? 0;
    noise = mutant.stderrNoise === true;
    level = mutant.level ?? "full";
  }
  const capabilities: Capability[] = await referenceCapabilities();
  await runServer(handler, process.stdin, process.stdout, {
    implementation,
    capabilities,
    level,
    warmUp: async () => {
      if (noise) stderrNoise();
      if (startDelayMs > 0) await new Promise((r) => setTimeout(r, startDelayMs));
      warmUpReference();
    },
  });
  // Stop received or input closed: let go of stdin so the process exits (FC-PROTO-8).
  process.stdin.destroy();
  return EXIT_OK;
}

/** The serve command; with `loadVariants`, it also serves those variants (`--mutant`, `--list-mutants`). */
export function serveCommand(loadVariants?: VariantLoader): Command {
  return {
    summary: "speak conformance protocol v1 on stdin/stdout (the reference as an implementation under test)",
    run: (argv, io) => run(argv, io, loadVariants),
  };
}

export const command: Command = serveCommand();
