// FC-CLI-1..5: `feedback-compactor compact` — the reference compactor on one request.
import { startThreadTokenizer } from "../adapters/tokenizer-thread.ts";
import { AuditFailure, appendRecords, auditKey } from "../audit/store.ts";
import { type CompactOptions, type CompactOutput, compact } from "../pipeline/compact.ts";
import { renderExplain } from "../pipeline/explain.ts";
import { isRecord } from "../normalize/common.ts";
import { scanForLeaks } from "../redact/index.ts";
import type { Command } from "./dispatch.ts";
import type { Tokenizer } from "../tokens.ts";
import type { Result } from "../errors.ts";
import { type CliIo, EXIT_OK, type ParsedArgs, commandArgs, reportError } from "./io.ts";
import { readJson } from "./read-input.ts";
import { problemMatcherError } from "../normalize/formats/problem-matcher.ts";
import { compactRequestFile } from "./stream-request.ts";
import { writeJson } from "./write-json.ts";

const HELP = `Usage: feedback-compactor compact [REQUEST.json | -] [options]

Compacts the rounds of a Worker–Verifier loop into one Compacted Feedback Log (spec/SPEC.md) and prints it
as one JSON document on stdout. Reads standard input when REQUEST is '-' or omitted.

Options:
  --budget-tokens N   token budget of the rendered Correction Delta (o200k_base), ${128}..1000000, default 512
  --delta             print only the Correction Delta, in its canonical rendering (the bytes the Worker gets)
  --explain           print what each stage did (findings, groups, resolutions, scores, redactions, packing)
                      instead of the log; every string shown is already redacted
  --problem-matcher FILE
                      a GitHub Actions problem matcher file ({"problemMatcher": [...]}, or one matcher, or an
                      array of them), attached to every raw tool output of the request that carries none
                      (spec/stage1.md FC-STAGE1-MATCHER-1..4)
  --audit-log FILE    append the Audit Log entries (rounds, tombstones, omitted findings) to FILE (JSONL,
                      fsync per append); secrets are stored only as keyed digests (key: env
                      FEEDBACK_COMPACTOR_AUDIT_KEY, or FILE.key created with mode 0600)
  -h, --help          this text

Request (minimal):
  {"taskSpec": {...}, "canonicalState": {"ref": "abc123", "repoRoot": "/home/me/repo"},
   "rounds": [{"index": 1, "ts": "t1", "workerTrace": [],
               "verifierVerdict": {"status": "fail", "notes": "",
                 "findings": [{"rule": "tsc:TS2304", "message": "Cannot find name 'x'",
                               "location": {"path": "src/a.ts", "startLine": 3}}]}}]}

Exit codes: 0 log printed; 2 typed error, one JSON line on stderr:
  {"error":{"code":"INVALID_REQUEST|VERIFIER_VERDICT_MISSING|ID_COLLISION|SECRET_LEAK|IO|USAGE","message":"..."}}
`;

export const command: Command = {
  summary: "compact a request into a Compacted Feedback Log",
  async run(argv, io) {
    const args = commandArgs(argv, io, {
      name: "compact",
      help: HELP,
      valued: new Set(["budget-tokens", "audit-log", "problem-matcher"]),
      switches: new Set(["delta", "explain"]),
    });
    if (typeof args === "number") return args;
    if (args.positionals.length > 1)
      return reportError(io, { code: "USAGE", message: "expected at most one REQUEST argument" });
    let budgetTokens: number | undefined;
    const b = args.flags.get("budget-tokens");
    if (b !== undefined) {
      if (b === true || !/^\d+$/.test(b))
        return reportError(io, { code: "USAGE", message: "--budget-tokens takes a whole number" });
      budgetTokens = Number(b);
    }
    let matchers: unknown[] | undefined;
    const pm = args.flags.get("problem-matcher");
    if (pm !== undefined) {
      if (pm === true) return reportError(io, { code: "USAGE", message: "--problem-matcher takes a file" });
      const read = await readJson(pm, io, "USAGE");
      if (!read.ok)
        return reportError(io, { ...read.error, message: `--problem-matcher: ${read.error.message}` });
      const v = read.value;
      const list = isRecord(v) && "problemMatcher" in v ? v.problemMatcher : v;
      const why = problemMatcherError(list);
      if (why !== null)
        return reportError(io, { code: "USAGE", message: `--problem-matcher: problemMatcher${why}` });
      matchers = Array.isArray(list) ? list : [list];
    }
    // The encoder builds on another core while the input is read and parsed (FC-RENDER-2).
    const tokenizer = startThreadTokenizer();
    try {
      return await compactInput(args, io, tokenizer, budgetTokens, matchers);
    } finally {
      await tokenizer.close();
    }
  },
};

/**
 * Reads and compacts one request. Nothing of the parsed request outlives this call, so its memory can be
 * reclaimed while the log is printed.
 */
async function compactFile(
  source: string,
  io: CliIo,
  options: CompactOptions,
  matchers: unknown[] | undefined,
): Promise<Result<CompactOutput>> {
  if (source !== "-" && matchers === undefined) {
    // A request file is streamed round by round (FC-CLI-7); whatever cannot be streamed, including every
    // invalid request and an unreadable file, is read whole below and gets its usual typed error.
    try {
      const streamed = compactRequestFile(source, options);
      if (streamed !== null) return streamed;
    } catch {
      // unreadable: readJson below reports it as IO
    }
  }
  const input = await readJson(source, io, "INVALID_REQUEST");
  if (!input.ok) return input;
  if (matchers !== undefined) attachMatchers(input.value, matchers);
  return compact(input.value, options);
}

/**
 * Gives every raw tool output of a request (trace entries' `raw`, verdicts' `artifacts`) that has no
 * `problemMatcher` the given ones. Whatever is not shaped as a request is left for validation to report.
 */
function attachMatchers(request: unknown, matchers: unknown[]): void {
  const rounds = isRecord(request) && Array.isArray(request.rounds) ? request.rounds : [];
  const attach = (o: unknown): void => {
    if (isRecord(o) && !("problemMatcher" in o)) o.problemMatcher = matchers;
  };
  for (const r of rounds) {
    if (!isRecord(r)) continue;
    if (Array.isArray(r.workerTrace)) for (const t of r.workerTrace) if (isRecord(t)) attach(t.raw);
    const v = r.verifierVerdict;
    if (isRecord(v) && Array.isArray(v.artifacts)) for (const a of v.artifacts) attach(a);
  }
}

async function compactInput(
  args: ParsedArgs,
  io: CliIo,
  tokenizer: Tokenizer,
  budgetTokens: number | undefined,
  matchers: unknown[] | undefined,
): Promise<number> {
  const auditPath = args.flags.get("audit-log");
  const result = await compactFile(
    args.positionals[0] ?? "-",
    io,
    {
      tokenizer,
      ...(budgetTokens !== undefined ? { budgetTokens } : {}),
      audit: typeof auditPath === "string",
      explain: args.flags.has("explain"),
    },
    matchers,
  );
  if (!result.ok) return reportError(io, result.error);
  const out = result.value;
  // FC-LEAK-2: the edge scans everything else it writes too — the explanation and the audit entries.
  const explainText = out.explain ? renderExplain(out.explain) : null;
  const extra = [explainText ?? "", JSON.stringify((out.audit ?? []).map(({ digestOf: _d, ...r }) => r))];
  const hits = extra.flatMap((t) => scanForLeaks(t));
  if (hits.length > 0) {
    const names = [...new Set(hits.map((h) => h.detector))].sort().join(", ");
    return reportError(io, {
      code: "SECRET_LEAK",
      message: `the output scan matched (${names}); nothing was written`,
    });
  }
  if (typeof auditPath === "string") {
    try {
      appendRecords(auditPath, out.audit ?? [], auditKey(auditPath, io.env));
    } catch (e) {
      const message =
        e instanceof AuditFailure
          ? e.error.message
          : `cannot append to the audit log (${(e as NodeJS.ErrnoException).code ?? "error"})`;
      return reportError(io, { code: "IO", message });
    }
  }
  if (explainText !== null) io.stdout(explainText);
  else if (args.flags.has("delta")) io.stdout(`${out.deltaText}\n`);
  else {
    // Piecewise: the log of a long loop is tens of MB, and need not exist as one string (FC-CLI-1).
    writeJson(out.log, io.stdout);
    io.stdout("\n");
  }
  return EXIT_OK;
}
