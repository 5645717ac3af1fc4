// FC-REPORT-8, FC-REPORT-11: `feedback-compactor report` — show one saved report, or compare several (regressions first).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { compareReports, renderComparisonHtml, renderComparisonText } from "../report/compare.ts";
import { matrixHistory, regressions, renderHistoryText } from "../report/history.ts";
import { renderHtmlReport } from "../report/html.ts";
import { type AnyDocument, readCounterexamples, readDocument, reportDir } from "../report/load.ts";
import { renderMatrixHtml } from "../report/matrix-page.ts";
import { renderMatrixText } from "../report/matrix-text.ts";
import { mergeShardMatrices, mergeShardReports } from "../report/merge.ts";
import { renderJson, renderMutantsPretty, renderPretty } from "../report/render.ts";
import { specRequirementTexts } from "../report/spec-texts.ts";
import type { MatrixDocument } from "../runner/matrix.ts";
import type { CertifyReport } from "../runner/types.ts";
import { type CliIo, EXIT_ERROR, EXIT_FAIL, EXIT_OK, commandArgs } from "../../src/cli/io.ts";
import type { Command } from "../../src/cli/dispatch.ts";

const HELP = `Usage: feedback-compactor report REPORT.json [MORE.json ...] [options]
       feedback-compactor report --merge SHARD.json SHARD.json ... [--out FILE] [--html FILE]

Shows conformance reports saved by 'feedback-compactor certify --reporter json --out FILE'
(spec/schemas/report.v1.json), or matrix documents saved by 'feedback-compactor matrix --out FILE'
(spec/schemas/matrix.v1.json).

One report: prints its summary (as certify's pretty reporter does); --html also writes it as one
self-contained web page (summary by spec area, filters, every failure with its diff and replay command; for
a mutation run, the kill matrix).

Several reports: combines them into one check × report matrix and lists the checks whose outcome differs.
Give versions of one implementation oldest first: a check that passed in one report and failed or errored
in the next is a regression, listed first; then checks that changed otherwise (skipped, absent from a
report, failed <-> errored); then fixed checks. Reports of different implementations compare the same way.

  feedback-compactor report run.json --html run.html
  feedback-compactor report v1.4.json v1.5.json
  feedback-compactor report v1.4.json v1.5.json --html diff.html --fail-on-regression
  feedback-compactor report ours.json theirs.json reference.json --json > comparison.json

Matrix documents: one is shown as its text summary (--html: its page, spec/report.md FC-MATRIX-6); several,
oldest first, are a history: each implementation's runs and the checks that changed between them,
regressions first (--html: the newest matrix's page with a history section; --json: the history document).

  feedback-compactor report matrix.json --html matrix.html
  feedback-compactor report matrix-june.json matrix-july.json --html matrix.html --fail-on-regression

Merging shards: --merge joins the reports of 'certify --shard K/N' (one implementation, every K of one N,
each once) into the report of the whole selection, or the documents of 'matrix --shard K/N' into one matrix.
It refuses shards of different runs, a shard given twice, a check in two shards, and a missing shard (code
SHARDS). The merged JSON goes to --out FILE (else standard output); --html also writes its page.

  feedback-compactor report --merge shard-1.json shard-2.json shard-3.json --out report.json

Options:
  --html FILE            also write an HTML page to FILE (the path is printed on stderr)
  --merge                join shard reports or shard matrices into one (see above)
  --out FILE             with --merge: write the merged JSON to FILE
  --link-base URL        matrix pages: links to spec and case files point to URL + their path in the package
  --json                 print the comparison as JSON instead of text (several reports)
  --all                  in the text form, list the checks with the same outcome everywhere too
  --max-rows N           most checks listed per group in the text form (default 100)
  --fail-on-regression   exit 1 when a check regressed (a CI gate between two versions)
  --color, --no-color    force colours on or off (default: on for a terminal)

'-' reads a report from standard input (once). Exit codes: 0 done; 1 a regression with
--fail-on-regression; 2 a usage problem, an unreadable file or one that is not a v1 report, with one JSON
line {"error":{"code","message"}} on stderr (codes USAGE, IO, INVALID_REPORT, SHARDS).
`;

const VALUED = new Set(["html", "max-rows", "out", "link-base"]);
const BOOLEAN = new Set(["help", "json", "all", "fail-on-regression", "color", "no-color", "merge"]);

type Code = "USAGE" | "IO" | "INVALID_REPORT" | "SHARDS";

/** One JSON error line on stderr, exit 2 (the CLI's error contract, FC-CLI-3). */
export function failWith(io: CliIo, code: Code, message: string): number {
  io.stderr(`${JSON.stringify({ error: { code, message } })}\n`);
  return EXIT_ERROR;
}

/** Writes a page; returns an error exit code or null. */
export function writePage(io: CliIo, file: string, html: string, what: string): number | null {
  const path = resolve(io.cwd, file);
  try {
    writeFileSync(path, html);
  } catch (e) {
    return failWith(io, "IO", `cannot write ${file} (${(e as NodeJS.ErrnoException).code ?? "error"})`);
  }
  io.stderr(`${what} written to ${path}\n`);
  return null;
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const usage = (m: string) => failWith(io, "USAGE", `${m}; see 'feedback-compactor report --help'`);
  const args = commandArgs(argv, io, {
    name: "feedback-compactor report",
    help: HELP,
    valued: VALUED,
    switches: BOOLEAN,
  });
  if (typeof args === "number") return args;
  const files = [...args.positionals, ...args.rest];
  if (files.length === 0) return usage("expected at least one REPORT.json");
  if (files.filter((f) => f === "-").length > 1) return usage("standard input ('-') can be read only once");
  const maxRowsFlag = args.flags.get("max-rows");
  if (maxRowsFlag !== undefined && !/^[1-9]\d*$/.test(String(maxRowsFlag)))
    return usage("--max-rows takes a whole number ≥ 1");
  const html = args.flags.get("html") as string | undefined;
  const color = args.flags.has("no-color") ? false : args.flags.has("color") ? true : io.isTTY;

  const linkBase = args.flags.get("link-base") as string | undefined;
  const out = args.flags.get("out") as string | undefined;
  const merge = args.flags.has("merge");
  if (out !== undefined && !merge) return usage("--out names the merged file; it goes with --merge");

  const stdin = files.includes("-") ? await io.readStdin() : undefined;
  const docs: { file: string; report: AnyDocument }[] = [];
  for (const file of files) {
    const r = readDocument(file, io.cwd, stdin);
    if (!r.ok) return failWith(io, r.code, r.message);
    docs.push({ file, report: r.value });
  }
  const source = (file: string) => (file === "-" ? "standard input" : file);
  const matrixPage = (doc: MatrixDocument, from: string, history?: ReturnType<typeof matrixHistory>) =>
    renderMatrixHtml(doc, {
      requirements: specRequirementTexts(),
      source: from,
      ...(linkBase !== undefined ? { linkBase } : {}),
      ...(history !== undefined ? { history } : {}),
    });
  const matrices = docs.filter((d) => d.report.kind === "matrix");

  if (merge) {
    if (args.flags.has("json") || args.flags.has("fail-on-regression"))
      return usage("--merge writes the merged JSON (--out FILE); it takes no --json or --fail-on-regression");
    let json: string;
    let page: string | undefined;
    if (matrices.length === docs.length) {
      const m = mergeShardMatrices(
        docs.map((d) => ({ value: d.report as MatrixDocument, source: source(d.file) })),
      );
      if (!m.ok) return failWith(io, "SHARDS", m.message);
      json = `${JSON.stringify(m.value, null, 2)}\n`;
      if (html !== undefined) page = matrixPage(m.value, out ?? "merged shards");
    } else if (matrices.length > 0) {
      return failWith(io, "SHARDS", "cannot merge matrix documents with certification reports");
    } else {
      const m = mergeShardReports(
        docs.map((d) => ({ value: d.report as CertifyReport, source: source(d.file) })),
      );
      if (!m.ok) return failWith(io, "SHARDS", m.message);
      json = renderJson(m.value);
      if (html !== undefined) page = renderHtmlReport(m.value, { source: out ?? "merged shards" });
    }
    if (out !== undefined) {
      const path = resolve(io.cwd, out);
      try {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, json);
      } catch (e) {
        return failWith(io, "IO", `cannot write ${out} (${(e as NodeJS.ErrnoException).code ?? "error"})`);
      }
      io.stderr(`merged ${docs.length} shards into ${path}\n`);
    }
    if (html !== undefined && page !== undefined) {
      const w = writePage(io, html, page, "HTML page");
      if (w !== null) return w;
    }
    if (out === undefined) io.stdout(json);
    return EXIT_OK;
  }

  if (matrices.length > 0) {
    if (matrices.length !== docs.length)
      return failWith(
        io,
        "INVALID_REPORT",
        "matrix documents and conformance reports cannot be mixed: give matrix documents only (a history) or reports only (a comparison)",
      );
    if (matrices.length === 1) {
      const { file, report } = matrices[0]!;
      const doc = report as MatrixDocument;
      if (args.flags.has("json")) return usage("--json prints a history; give two or more matrix documents");
      if (html !== undefined) {
        const w = writePage(io, html, matrixPage(doc, source(file)), "HTML matrix");
        if (w !== null) return w;
      }
      io.stdout(
        renderMatrixText(doc, {
          color,
          ...(maxRowsFlag !== undefined ? { maxRows: Number(maxRowsFlag) } : {}),
        }),
      );
      return EXIT_OK;
    }
    // FC-MATRIX-8: several matrix documents, oldest first: each implementation's history.
    const history = matrixHistory(
      matrices.map((m) => ({ doc: m.report as MatrixDocument, source: source(m.file) })),
    );
    if (html !== undefined) {
      const newest = matrices[matrices.length - 1]!;
      const w = writePage(
        io,
        html,
        matrixPage(newest.report as MatrixDocument, source(newest.file), history),
        "HTML matrix with its history",
      );
      if (w !== null) return w;
    }
    if (args.flags.has("json")) io.stdout(`${JSON.stringify(history, null, 2)}\n`);
    else
      io.stdout(
        renderHistoryText(history, {
          showSame: args.flags.has("all"),
          ...(maxRowsFlag !== undefined ? { maxRows: Number(maxRowsFlag) } : {}),
        }),
      );
    return args.flags.has("fail-on-regression") && regressions(history) > 0 ? EXIT_FAIL : EXIT_OK;
  }
  const reports = docs as { file: string; report: Exclude<AnyDocument, MatrixDocument> }[];

  if (reports.length === 1) {
    const { file, report } = reports[0]!;
    if (args.flags.has("json")) return usage("--json prints a comparison; give two or more reports");
    // The page first: a file that cannot be written is the only output (one JSON line), never after the report.
    if (html !== undefined) {
      const page = renderHtmlReport(report, {
        counterexamples: readCounterexamples(report, reportDir(file, io.cwd)),
        source: file === "-" ? "standard input" : file,
      });
      const w = writePage(io, html, page, "HTML report");
      if (w !== null) return w;
    }
    io.stdout(
      report.kind === "mutation" ? renderMutantsPretty(report, { color }) : renderPretty(report, { color }),
    );
    return EXIT_OK;
  }

  const mutation = reports.find((r) => r.report.kind === "mutation");
  if (mutation) {
    return failWith(
      io,
      "INVALID_REPORT",
      `${mutation.file} is a mutation report; only certification reports can be compared (show it alone)`,
    );
  }
  const comparison = compareReports(
    reports.map(({ file, report }) => ({
      report: report as CertifyReport,
      source: file === "-" ? "stdin" : file,
    })),
  );
  if (html !== undefined) {
    const w = writePage(io, html, renderComparisonHtml(comparison), "HTML comparison");
    if (w !== null) return w;
  }
  if (args.flags.has("json")) io.stdout(`${JSON.stringify(comparison, null, 2)}\n`);
  else
    io.stdout(
      renderComparisonText(comparison, {
        color,
        showSame: args.flags.has("all"),
        ...(maxRowsFlag !== undefined ? { maxRows: Number(maxRowsFlag) } : {}),
      }),
    );
  return args.flags.has("fail-on-regression") && comparison.counts.regressed > 0 ? EXIT_FAIL : EXIT_OK;
}

export const command: Command = {
  summary: "show a saved conformance report, or compare several (regressions first); --html for a web page",
  run,
};
