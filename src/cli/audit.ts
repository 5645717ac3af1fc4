// FC-AUDIT-5..10, FC-CLI-1..3: `feedback-compactor audit verify|show|repair` — check, read and mend an Audit Log.
import { readFileSync } from "node:fs";
import { type ChainProblem, describeProblem, scanChain } from "../audit/chain.ts";
import { AuditStore } from "../audit/store.ts";
import { scanForLeaks } from "../redact/index.ts";
import type { Command } from "./dispatch.ts";
import { type CliIo, EXIT_FAIL, EXIT_OK, commandArgs, reportError } from "./io.ts";

const HELP = `Usage: feedback-compactor audit <verify|show|repair> ...

  audit verify FILE [--json]
      Checks an Audit Log (spec/SPEC.md §15): every line is a JSON entry, seq runs 0,1,2,..., each entry's
      prev is the SHA-256 of the previous line (the first one's is 64 zeros), ids are unique, the file does not
      end in a torn (unterminated) append, and no entry trips the secret scan. Prints the chain head (the
      last line's digest): keep it elsewhere, and a later verify proves nothing before it was rewritten.
      Exit 0 intact; 1 a check failed (each problem is listed with its line); 2 usage or I/O error.

  audit show ID --log FILE [--json]
      Prints the entry with that id: the ids a log's evidence refs and tombstones carry (r3.verdict,
      r3.transcript, r2.trace.<finding>, c3.stale-state.<finding>, omitted.<hash>, c3) and the loop's
      decisions (d3.1, d3.2, ...). Pretty on a terminal, one JSON line otherwise or with --json.

  audit repair FILE
      Takes the writer lock, cuts a torn tail back to the last complete entry and records a 'repair' entry
      (any writer does this on open). Refuses a log whose complete lines are damaged: that needs a human.

Output: text on a terminal, one JSON document when stdout is not a terminal or with --json.
Errors: one JSON line {"error":{"code","message"}} on stderr, exit 2.
`;

interface VerifyReport {
  file: string;
  ok: boolean;
  entries: number;
  head: string;
  torn: { offset: number; bytes: number } | null;
  problems: (ChainProblem & { message: string })[];
  leaks: { line: number; id: string; detectors: string[] }[];
}

function readBytes(io: CliIo, file: string): Buffer | number {
  try {
    return readFileSync(file);
  } catch (e) {
    return reportError(io, {
      code: "IO",
      message: `cannot read the audit log (${(e as NodeJS.ErrnoException).code ?? "error"})`,
    });
  }
}

function verify(io: CliIo, file: string, json: boolean): number {
  const bytes = readBytes(io, file);
  if (typeof bytes === "number") return bytes;
  const scan = scanChain(bytes);
  const leaks: VerifyReport["leaks"] = [];
  for (const e of scan.entries) {
    const hits = scanForLeaks(JSON.stringify(e.entry));
    if (hits.length > 0)
      leaks.push({
        line: e.line,
        id: String(e.entry.id),
        detectors: [...new Set(hits.map((h) => h.detector))],
      });
  }
  const report: VerifyReport = {
    file,
    ok: scan.problems.length === 0 && scan.torn === null && leaks.length === 0,
    entries: scan.entries.length,
    head: scan.head,
    torn: scan.torn ? { offset: scan.torn.offset, bytes: scan.torn.bytes } : null,
    problems: scan.problems.map((p) => ({ ...p, message: describeProblem(p) })),
    leaks,
  };
  if (json) io.stdout(`${JSON.stringify(report)}\n`);
  else {
    const lines = [
      `${report.ok ? "ok" : "FAILED"}  ${file}`,
      `  entries      ${report.entries}`,
      `  chain        ${scan.problems.length === 0 ? "intact" : `${scan.problems.length} problem(s)`}`,
      `  torn tail    ${report.torn ? `${report.torn.bytes} bytes at offset ${report.torn.offset} (the next writer to open the log cuts it; or run 'audit repair')` : "none"}`,
      `  secret scan  ${leaks.length === 0 ? "clean" : `${leaks.length} entr${leaks.length === 1 ? "y" : "ies"} flagged`}`,
      `  head         ${report.head}`,
    ];
    for (const p of report.problems) lines.push(`  - ${p.message}`);
    for (const l of leaks)
      lines.push(`  - line ${l.line} (${l.id}): secret scan matched ${l.detectors.join(", ")}`);
    io.stdout(`${lines.join("\n")}\n`);
  }
  return report.ok ? EXIT_OK : EXIT_FAIL;
}

function show(io: CliIo, id: string, file: string, json: boolean): number {
  const bytes = readBytes(io, file);
  if (typeof bytes === "number") return bytes;
  const scan = scanChain(bytes);
  const hit = scan.entries.find((e) => e.entry.id === id);
  if (!hit) {
    const kinds = [...new Set(scan.entries.map((e) => String(e.entry.kind)))].sort().join(", ");
    return reportError(io, {
      code: "INVALID_REQUEST",
      message: `no entry with that id among ${scan.entries.length} entries (kinds: ${kinds || "none"})`,
    });
  }
  io.stdout(json ? `${JSON.stringify(hit.entry)}\n` : `${JSON.stringify(hit.entry, null, 2)}\n`);
  return EXIT_OK;
}

function repair(io: CliIo, file: string, json: boolean): number {
  const opened = AuditStore.open(file, { env: io.env, waitMs: 2000 });
  if (!opened.ok) return reportError(io, { code: "IO", message: opened.error.message });
  const store = opened.value;
  const r = store.repaired;
  store.close();
  const report = { file, repaired: r !== null, ...(r ? { offset: r.offset, bytes: r.bytes } : {}) };
  if (json) io.stdout(`${JSON.stringify(report)}\n`);
  else
    io.stdout(
      r
        ? `repaired ${file}: cut ${r.bytes} torn bytes at offset ${r.offset}\n`
        : `${file}: nothing to repair\n`,
    );
  return EXIT_OK;
}

export const command: Command = {
  summary: "verify, show or repair an Audit Log (hash chain, ids, torn tail)",
  async run(argv, io) {
    const args = commandArgs(argv, io, {
      name: "audit",
      help: HELP,
      valued: new Set(["log"]),
      switches: new Set(["json"]),
    });
    if (typeof args === "number") return args;
    const [sub, ...pos] = args.positionals;
    if (sub === "help") {
      io.stdout(HELP);
      return EXIT_OK;
    }
    const json = args.flags.has("json") || !io.isTTY;
    const log = args.flags.get("log");
    if (log === true) return reportError(io, { code: "USAGE", message: "--log takes a FILE" });
    switch (sub) {
      case "verify":
      case "repair":
        if (pos.length !== 1 || log !== undefined)
          return reportError(io, { code: "USAGE", message: `expected 'audit ${sub} FILE'` });
        return sub === "verify" ? verify(io, pos[0]!, json) : repair(io, pos[0]!, json);
      case "show":
        if (pos.length !== 1 || log === undefined)
          return reportError(io, { code: "USAGE", message: "expected 'audit show ID --log FILE'" });
        return show(io, pos[0]!, log, json);
      default:
        return reportError(io, {
          code: "USAGE",
          message: "expected a subcommand: verify, show or repair; see 'audit --help'",
        });
    }
  },
};
