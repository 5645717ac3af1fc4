// FC-ORCH-1..7: `feedback-compactor validate` — the orchestrator's checks before splicing a Delta.
import { validateLog } from "../validate-log.ts";
import type { Command } from "./dispatch.ts";
import { EXIT_OK, commandArgs, reportError } from "./io.ts";
import { readJson } from "./read-input.ts";

const HELP = `Usage: feedback-compactor validate LOG.json [--current-round N] [--state-ref REF]

Checks a Compacted Feedback Log the way an orchestrator must before splicing its Delta into a prompt:
schema, schemaVersion major 1 (fail closed), source window (with --current-round / --state-ref), the budget
rule (renderedTokens <= budgetTokens or an omitted marker), structural invariants, and a secret scan.
Reads standard input when LOG is '-'.

Prints {"ok":true,"warnings":[...]} and exits 0 when the log may be spliced (a heuristic confidence method
is a warning). Otherwise exits 2 with one JSON line on stderr, code INVALID_LOG or SECRET_LEAK.
`;

export const command: Command = {
  summary: "check a Compacted Feedback Log before splicing (orchestrator checks)",
  async run(argv, io) {
    const args = commandArgs(argv, io, {
      name: "validate",
      help: HELP,
      valued: new Set(["current-round", "state-ref"]),
    });
    if (typeof args === "number") return args;
    if (args.positionals.length !== 1)
      return reportError(io, { code: "USAGE", message: "expected one LOG argument (a file or -)" });
    const cr = args.flags.get("current-round");
    if (cr !== undefined && (cr === true || !/^\d+$/.test(cr))) {
      return reportError(io, { code: "USAGE", message: "--current-round takes a whole number" });
    }
    const sr = args.flags.get("state-ref");
    if (sr === true) return reportError(io, { code: "USAGE", message: "--state-ref takes a value" });
    const input = await readJson(args.positionals[0]!, io, "INVALID_LOG");
    if (!input.ok) return reportError(io, input.error);
    const r = validateLog(input.value, {
      ...(cr !== undefined ? { currentRound: Number(cr) } : {}),
      ...(sr !== undefined ? { stateRef: sr } : {}),
    });
    if (!r.ok) return reportError(io, r.error);
    io.stdout(`${JSON.stringify(r.value)}\n`);
    return EXIT_OK;
  },
};
