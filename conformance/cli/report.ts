// FC-REPORT-8, FC-REPORT-11: `feedback-compactor report` — show one saved report, or compare several (regressions first).
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { compareReports, renderComparisonHtml, renderComparisonText } from "../report/compare.ts";
import { renderHtmlReport } from "../report/html.ts";
import { type AnyReport, readCounterexamples, readReport, reportDir } from "../report/load.ts";
import { renderMutantsPretty, renderPretty } from "../report/render.ts";
import type { CertifyReport } from "../runner/types.ts";
import { type CliIo, EXIT_ERROR, EXIT_FAIL, EXIT_OK, commandArgs } from "../../src/cli/io.ts";
import type { Command } from "../../src/cli/dispatch.ts";

const HELP = `Usage: feedback-compactor report REPORT.json [MORE.json ...] [options]

Shows conformance reports saved by 'feedback-compactor certify --reporter json --out FILE'
(spec/schemas/report.v1.json).

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

Options:
  --html FILE            also write an HTML page to FILE (the path is printed on stderr)
  --json                 print the comparison as JSON instead of text (several reports)
  --all                  in the text form, list the checks with the same outcome everywhere too
  --max-rows N           most checks listed per group in the text form (default 100)
  --fail-on-regression   exit 1 when a check regressed (a CI gate between two versions)
  --color, --no-color    force colours on or off (default: on for a terminal)

'-' reads a report from standard input (once). Exit codes: 0 done; 1 a regression with
--fail-on-regression; 2 a usage problem, an unreadable file or one that is not a v1 report, with one JSON
line {"error":{"code","message"}} on stderr (codes USAGE, IO, INVALID_REPORT).
`;

const VALUED = new Set(["html", "max-rows"]);
const BOOLEAN = new Set(["help", "json", "all", "fail-on-regression", "color", "no-color"]);

type Code = "USAGE" | "IO" | "INVALID_REPORT";

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

  const stdin = files.includes("-") ? await io.readStdin() : undefined;
  const reports: { file: string; report: AnyReport }[] = [];
  for (const file of files) {
    const r = readReport(file, io.cwd, stdin);
    if (!r.ok) return failWith(io, r.code, r.message);
    reports.push({ file, report: r.value });
  }

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
