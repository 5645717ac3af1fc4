// FC-CERT-1..12: `feedback-compactor certify` — run the conformance suite against any implementation and report.
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { DEFAULT_CASES_DIR, parseSkipList } from "../runner/cases.ts";
import { readRunOptions } from "./run-options.ts";
import { readNamedFile, readProblemMatcher } from "./problem-matcher-options.ts";
import { MATCHER_REPO_ROOT } from "../runner/matcher.ts";
import { runCertify } from "../runner/certify.ts";
import { certifyMutants } from "../runner/mutants.ts";
import { idFileText, parseIdFile, parseMaxProblems, rerunCommand, skipListText } from "../runner/problems.ts";
import { htmlReporter } from "../report/index.ts";
import { killAllImplementations } from "../../src/protocol/client.ts";
import { renderGithub, renderGithubSummary } from "../report/github.ts";
import {
  progressLine,
  renderJson,
  renderJunit,
  renderLogSummary,
  renderMutantsPretty,
  renderPretty,
} from "../report/render.ts";
import type {
  CertifyOptions,
  CertifyReport,
  CheckResult,
  ProgressEvent,
  SkipEntry,
} from "../runner/types.ts";
import { type CliIo, EXIT_FAIL, EXIT_OK, commandArgs, reportError } from "../../src/cli/io.ts";
import type { Command } from "../../src/cli/dispatch.ts";

const HELP = `Usage: feedback-compactor certify [options] [-- COMMAND [ARGS...]]

Runs the conformance suite against a Feedback Compactor and reports, check by check, where it departs
from the spec. COMMAND is your implementation: a program that speaks protocol v1 on stdin/stdout
(spec/protocol.md; a Python starting point is in conformance/examples/python). Without COMMAND the
built-in reference is certified in-process.

  feedback-compactor certify -- python3 my_adapter.py
  feedback-compactor certify --reporter junit --out report.xml -- ./my-compactor --serve
  feedback-compactor certify --filter 'policy.*' --jobs 2 -- node dist/serve.js
  feedback-compactor certify --case .tmp/counterexamples/property.determinism.seed-7.json -- python3 my_adapter.py
  feedback-compactor certify --rerun .tmp/failing-checks.txt --seed 7 -- python3 my_adapter.py
  feedback-compactor certify --problem-matcher .github/lint-matcher.json --matcher-sample lint-output.txt \\
      --filter 'matcher.*' --profile required,stage1-raw -- python3 my_adapter.py

What to fix first: the report groups the failing checks by what to fix — the shape of the first assertion
they fail, across the requirements they cite ("'/rootCauses' is empty", "returns a log where error
INVALID_REQUEST is expected") — gating groups before advisory ones, biggest first, with up to three example
checks each; a leak names every JSON pointer where the planted text appears and whether it is inside
/log/correctionDelta (the Worker's prompt); long strings are cut around their first differing character.
The ids of the failing checks are written to failing-checks.txt next to the report (.tmp/ without --out),
and the report ends with the one command that re-runs exactly them.

Selecting checks:
  --filter GLOBS        comma-separated globs over check ids ('*' any run, '?' one char, '!' excludes),
                        e.g. 'compact.stage1.*,!*.slow-*'; a glob starting with FC- selects the checks citing
                        a requirement: 'FC-ID-2', 'FC-REDACT-*'. Selecting no check, or none the
                        implementation can be judged on, is a usage error (exit 2), never a green run
  --profile P[,P...]    run only these profiles (required, reference, stage1-raw, optional, byte-exact) and
                        let them all decide the exit code; default: run all, only 'required' decides
                        (the others are advisory)
  --shard K/N           run the K-th of N disjoint, balanced slices (split a run across CI jobs)
  --skip FILE           known failures, one 'CHECK-ID-OR-GLOB  reason' per line ('#' lines are comments;
                        or JSON [{id,reason}]); 'redaction.*,!redaction.sensitive.aws-key' excludes a check
                        from a glob. A skipped check still runs: an exact id that passes is an error (remove
                        it), a glob none of whose checks fails any more is an error (remove it), and a check
                        under a glob that still fails elsewhere passes with "narrow the glob": lists cannot rot
  --write-skip FILE     write today's failures to FILE as a starting skip file (a TODO reason each, grouped
                        by cause; checks already skipped keep their reason), then report as usual
  --case FILE...        run exactly these case files (library cases or saved counterexamples) and
                        nothing else; more files may follow as plain arguments before '--'
  --rerun FILE          run exactly the check ids listed in FILE, one per line ('#' comments): the
                        failing-checks.txt a previous run wrote (give the same --seed/--runs for properties)
  --no-properties       leave out the property checks (conformance/properties)
  --features            also run the Gherkin scenarios in features/ against the implementation (needs
                        the dev dependency @cucumber/cucumber)
  --seed N|random       property-check seed (default 20260624, fixed so a gate gives the same verdict every
                        run; 'random' draws a new one, printed in the report)
  --runs N              runs per property (default 50)

Your own tool's output (spec/stage1.md §3.3, FC-CERT-26):
  --problem-matcher FILE
                        a GitHub Actions problem matcher file ({"problemMatcher": [...]}, an array of matchers
                        or one matcher). It is checked first: a matcher FC-STAGE1-MATCHER-1 refuses stops the
                        run (exit 2, USAGE, with the JSON pointer of the first fault and never the file's text).
                        Adds matcher.accepted.* (required: the implementation accepts the matcher and leaks
                        nothing planted under it) and, per sample, matcher.findings.* (profile stage1-raw,
                        advisory unless you pass --profile stage1-raw: every finding the kit's own reading of
                        the matcher expects — rule <owner>:<code>, severity, path and line — is in the log).
                        The report lists them under "Your problem matcher"
  --matcher-sample FILE your tool's real output, sent as a ToolOutput carrying the matcher; repeat for more
                        samples (more files may follow as plain arguments before '--')
  --matcher-repo-root DIR
                        the repository root the requests name (default ${MATCHER_REPO_ROOT}): absolute
                        paths under it are expected repo-relative, other absolute paths are not compared

Running:
  --timeout-ms N        per-request timeout (default 10000); a timed-out process is restarted; in-process,
                        a request whose handler worked longer (CPU time) is errored when it returns
  --start-timeout-ms N  time allowed for start-up and the handshake (default 60000)
  --jobs N              N implementation processes in parallel (default 1)
  --max-restarts N      restarts per process after crashes or protocol violations (default 10);
                        after that the remaining checks are errored
  --bail                stop at the first failing or erroring check that decides the exit code
  --keep-going          run every check even when the implementation gives no proper answer at all; by
                        default the run stops at the smoke check (or when the implementation is given up
                        after --max-restarts) and the report opens with one diagnosis: the exit code and
                        last stderr lines, the timeout, or the stdout line that is not a protocol reply

Reporting:
  --reporter R          pretty (default on a terminal), json (default when piped; spec/schemas/report.v1.json),
                        junit (XML for CI), html (one self-contained page: spec/report.md) or github (GitHub
                        Actions: an annotation per problem group at its case file, the report in a folded log
                        group, and a Markdown summary appended to $GITHUB_STEP_SUMMARY when it is set)
  --out FILE            write the report to FILE instead of stdout, in the format its name says: .json, .xml
                        (junit), .html, .txt or .log (pretty); another name needs --reporter. The log (stderr)
                        still gets the diagnosis, "Fix these first" and the verdict. With --reporter github the
                        annotations go to stdout and FILE gets the format its name says. Property
                        counterexamples go next to it in counterexamples/
  --color, --no-color   force colours on or off in the pretty report
  --max-problems N|all  failing checks described in detail in the pretty report (default 50: up to three
                        per group first, then more of each group in order); 'all' describes every one

Suite strength (for suite authors):
  --mutants             run the suite against every deliberately broken variant in conformance/mutants,
                        each as a 'serve --mutant ID' process; fails if one survives
  --mutant ID[,ID...]   only these mutants;  --in-process  wrap the handler instead of starting processes
  --kill-matrix         run every check against every mutant and report check x mutant kills, flagging
                        checks that kill nothing

Exit codes: 0 every deciding check passed; 1 a check failed or errored (or a mutant survived);
2 usage or start-up problem, with one JSON line {"error":{"code","message"}} on stderr.
`;

const VALUED = new Set([
  "reporter",
  "out",
  "filter",
  "profile",
  "timeout-ms",
  "start-timeout-ms",
  "jobs",
  "shard",
  "skip",
  "seed",
  "runs",
  "max-restarts",
  "mutant",
  "case",
  "rerun",
  "max-problems",
  "write-skip",
  "problem-matcher",
  "matcher-sample",
  "matcher-repo-root",
]);
const BOOLEAN = new Set([
  "help",
  "bail",
  "keep-going",
  "features",
  "no-properties",
  "mutants",
  "kill-matrix",
  "in-process",
  "color",
  "no-color",
]);

type Reporter = "pretty" | "json" | "junit" | "html" | "github";
type FileFormat = Exclude<Reporter, "github">;

/** The report format a file name asks for (FC-CERT-9), or null when its name does not say. */
export function formatOf(file: string): FileFormat | null {
  const ext = file.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  return ext === "json"
    ? "json"
    : ext === "xml"
      ? "junit"
      : ext === "html" || ext === "htm"
        ? "html"
        : ext === "txt" || ext === "log"
          ? "pretty"
          : null;
}

/** The text of a file named on the command line, or the exit code after one JSON error line (code IO). */
function usage(io: CliIo, message: string): number {
  return reportError(io, { code: "USAGE", message: `${message}; see 'feedback-compactor certify --help'` });
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const args = commandArgs(argv, io, {
    name: "feedback-compactor certify",
    help: HELP,
    valued: VALUED,
    switches: BOOLEAN,
  });
  if (typeof args === "number") return args;
  // `--case A.json B.json …`: the files after --case (and every further --case), before '--'; the same for
  // `--matcher-sample`. Plain arguments after them belong to whichever of the two was given last.
  const caseFiles: string[] = [];
  const sampleFiles: string[] = [];
  let lastList: string[] | null = null;
  const dashdash = argv.indexOf("--");
  for (const [i, a] of (dashdash < 0 ? argv : argv.slice(0, dashdash)).entries()) {
    for (const [name, list] of [
      ["--case", caseFiles],
      ["--matcher-sample", sampleFiles],
    ] as const) {
      if (a === name && argv[i + 1] !== undefined) list.push(argv[i + 1]!);
      else if (a.startsWith(`${name}=`)) list.push(a.slice(name.length + 1));
      else continue;
      lastList = list;
    }
  }
  if (lastList !== null) lastList.push(...args.positionals);
  else if (args.positionals.length > 0) {
    return usage(
      io,
      `unexpected argument '${args.positionals[0]}'; put the implementation's command after '--'`,
    );
  }
  const flag = (name: string) => args.flags.get(name) as string | undefined;
  const command = args.rest;
  if (argv.includes("--") && command.length === 0)
    return usage(io, "'--' must be followed by the implementation's command");

  const out = flag("out");
  let reporter: Reporter;
  const r = flag("reporter");
  const outFormat = out !== undefined ? formatOf(out) : null;
  if (r !== undefined) {
    if (r !== "pretty" && r !== "json" && r !== "junit" && r !== "html" && r !== "github")
      return usage(io, "--reporter is pretty, json, junit, html (a web page) or github (GitHub Actions)");
    reporter = r;
  } else if (out !== undefined) {
    // Never a silent guess: a name that does not say its format needs --reporter.
    if (outFormat === null)
      return usage(
        io,
        `cannot tell the report format from --out '${out}': name it .json, .xml (junit), .html, .txt or .log (pretty), or give --reporter`,
      );
    reporter = outFormat;
  } else {
    reporter = io.isTTY ? "pretty" : "json";
  }
  if (reporter === "github" && out !== undefined && outFormat === null)
    return usage(
      io,
      `with --reporter github, --out names the file for the full report: name it .json, .xml, .html, .txt or .log (got '${out}')`,
    );
  const color = args.flags.has("no-color")
    ? false
    : args.flags.has("color")
      ? true
      : io.isTTY && out === undefined;

  const shared = readRunOptions(flag);
  if (!shared.ok) return usage(io, shared.message);
  const options: CertifyOptions = { ...shared.options };
  const matcher = readProblemMatcher(
    io,
    flag("problem-matcher"),
    sampleFiles,
    flag("matcher-repo-root"),
    "certify",
  );
  if (typeof matcher === "number") return matcher;
  if (matcher !== null) options.extra = matcher;
  if (command.length > 0) options.command = command;
  if (caseFiles.length > 0) options.caseFiles = caseFiles.map((f) => resolve(io.cwd, f));
  const rerun = flag("rerun");
  if (rerun !== undefined) {
    const file = readNamedFile(io, rerun, "the --rerun file");
    if ("exit" in file) return file.exit;
    options.ids = parseIdFile(file.text);
  }
  let maxProblems: number | undefined;
  const mp = flag("max-problems");
  if (mp !== undefined) {
    const n = parseMaxProblems(mp);
    if (n === null) return usage(io, "--max-problems takes a whole number ≥ 1 or 'all'");
    maxProblems = n;
  }
  if (args.flags.has("bail")) options.bail = true;
  if (args.flags.has("keep-going")) options.keepGoing = true;
  if (args.flags.has("no-properties")) options.includeProperties = false;
  if (args.flags.has("features")) options.includeFeatures = true;
  const skipFile = flag("skip");
  if (skipFile !== undefined) {
    const file = readNamedFile(io, skipFile, "the skip file");
    if ("exit" in file) return file.exit;
    const parsed = parseSkipList(file.text);
    if (!parsed.ok) return usage(io, parsed.message);
    options.skip = parsed.entries as SkipEntry[];
  }
  options.counterexampleDir =
    out !== undefined
      ? join(dirname(resolve(io.cwd, out)), "counterexamples")
      : resolve(io.cwd, ".tmp", "counterexamples");

  const write = (text: string): number => {
    if (out === undefined) {
      io.stdout(text);
      return EXIT_OK;
    }
    try {
      mkdirSync(dirname(resolve(io.cwd, out)), { recursive: true });
      writeFileSync(resolve(io.cwd, out), text);
      return EXIT_OK;
    } catch (e) {
      return reportError(io, {
        code: "IO",
        message: `cannot write the report (${(e as NodeJS.ErrnoException).code ?? "error"})`,
      });
    }
  };

  // An interrupted run must not leave implementation processes behind. Only runs that start processes install
  // the handlers: a JavaScript handler would otherwise keep a busy in-process run from dying on SIGTERM.
  const startsProcesses = command.length > 0 || args.flags.has("mutants") || flag("mutant") !== undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    killAllImplementations();
    // 128 + the signal's number, as a shell reports it.
    process.exit(signal === "SIGINT" ? 130 : signal === "SIGHUP" ? 129 : 143);
  };
  if (startsProcesses) {
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
    // A closed terminal or an SSH session that dropped: the implementation must not be left hanging.
    process.once("SIGHUP", onSignal);
  }
  try {
    if (args.flags.has("mutants") || args.flags.has("kill-matrix") || flag("mutant") !== undefined) {
      if (command.length > 0) return usage(io, "--mutants runs the reference's mutants; it takes no command");
      if (reporter === "junit" || reporter === "github")
        return usage(io, "a mutation run reports as pretty, json or html");
      let report: Awaited<ReturnType<typeof certifyMutants>>;
      try {
        report = await certifyMutants({
          ...options,
          mode: args.flags.has("in-process") ? "in-process" : "process",
          killMatrix: args.flags.has("kill-matrix"),
          ...(flag("mutant") !== undefined
            ? {
                mutants: flag("mutant")!
                  .split(",")
                  .map((s) => s.trim()),
              }
            : {}),
        });
      } catch (e) {
        const message = e instanceof Error ? e.message.replace(/^USAGE: /, "") : "the mutation run failed";
        return usage(io, message);
      }
      const w = write(
        reporter === "pretty"
          ? renderMutantsPretty(report, { color })
          : reporter === "html"
            ? htmlReporter(report, io.cwd)
            : renderJson(report),
      );
      if (w !== EXIT_OK) return w;
      return report.ok ? EXIT_OK : EXIT_FAIL;
    }

    options.onProgress = progressReporter(
      io,
      reporter === "pretty" || reporter === "github" || out !== undefined,
    );
    const outcome = await runCertify(options);
    if (!outcome.ok) {
      return reportError(io, { code: outcome.error.code, message: outcome.error.message });
    }
    const report = outcome.report;
    if (caseFiles.length > 0 && report.options.caseFiles) report.options.caseFiles = caseFiles;
    const writeSkip = flag("write-skip");
    if (writeSkip !== undefined) {
      // FC-CERT-23: today's failures as a starting skip file.
      try {
        writeFileSync(resolve(io.cwd, writeSkip), skipListText(report));
      } catch (e) {
        return reportError(io, {
          code: "IO",
          message: `cannot write the skip file (${(e as NodeJS.ErrnoException).code ?? "error"})`,
        });
      }
      const n = report.results.filter(
        (r) => r.status === "failed" || r.status === "errored" || r.wouldBe !== undefined,
      ).length;
      io.stderr(`skip list of ${n} check(s) written to ${writeSkip}; replace each TODO with the reason\n`);
    }
    // The ids of the failing checks go next to the report, and the report ends with the command reading them.
    const idFile =
      out !== undefined
        ? join(dirname(resolve(io.cwd, out)), "failing-checks.txt")
        : resolve(io.cwd, ".tmp", "failing-checks.txt");
    try {
      mkdirSync(dirname(idFile), { recursive: true });
      writeFileSync(idFile, idFileText(report));
      const rel = relative(io.cwd, idFile);
      const shown = rel.startsWith("..") ? idFile : rel;
      report.rerun = { idFile: shown, command: rerunCommand(report, shown) };
    } catch {
      report.rerun = { command: rerunCommand(report) };
    }
    const render = (format: FileFormat): string =>
      format === "pretty"
        ? renderPretty(report, { color, ...(maxProblems !== undefined ? { maxProblems } : {}) })
        : format === "junit"
          ? renderJunit(report)
          : format === "html"
            ? htmlReporter(report, io.cwd)
            : renderJson(report);
    if (reporter === "github") {
      // FC-CERT-24: the full report goes to --out (if given) first, so a write error is the only output.
      if (out !== undefined) {
        const w = write(render(outFormat!));
        if (w !== EXIT_OK) return w;
      }
      const summaryFile = io.env.GITHUB_STEP_SUMMARY;
      if (summaryFile) {
        try {
          appendFileSync(summaryFile, renderGithubSummary(report));
        } catch (e) {
          return reportError(io, {
            code: "IO",
            message: `cannot append to $GITHUB_STEP_SUMMARY (${(e as NodeJS.ErrnoException).code ?? "error"})`,
          });
        }
      }
      io.stdout(renderGithub(report, { fileOf: caseFileOf(report, io.cwd, caseFiles) }));
      return report.ok ? EXIT_OK : EXIT_FAIL;
    }
    const w = write(render(reporter));
    if (w !== EXIT_OK) return w;
    // With --out, the CI log still gets what to fix first (FC-CERT-9).
    if (out !== undefined)
      io.stderr(renderLogSummary(report, out, { color: color && io.isTTY, format: reporter }));
    return report.ok ? EXIT_OK : EXIT_FAIL;
  } finally {
    process.removeListener("SIGINT", onSignal);
    process.removeListener("SIGTERM", onSignal);
    process.removeListener("SIGHUP", onSignal);
  }
}

/**
 * Where a check's case file is, relative to `cwd` (FC-CERT-24): a library case's path follows from its id
 * (FC-CASE-1), a `--case` file is the file given, a failing property's is its saved counterexample.
 */
function caseFileOf(
  report: CertifyReport,
  cwd: string,
  given: string[],
): (r: CheckResult) => string | undefined {
  const byId = new Map<string, string>();
  for (const f of given) {
    try {
      const doc = JSON.parse(readFileSync(resolve(cwd, f), "utf8")) as { id?: unknown };
      if (typeof doc.id === "string") byId.set(doc.id, f);
    } catch {
      // Loaded once already by the run; a file that vanished since has no annotation file.
    }
  }
  const rel = (abs: string) => {
    const r = relative(cwd, abs);
    return r.startsWith("..") ? abs : r;
  };
  return (r) => {
    if (r.kind === "property") return r.counterexample ? rel(resolve(cwd, r.counterexample)) : undefined;
    if (r.kind !== "case") return undefined;
    if (report.options.caseFiles) return byId.get(r.id);
    const file = join(DEFAULT_CASES_DIR, ...r.id.split(".")) + ".json";
    return existsSync(file) ? rel(file) : undefined;
  };
}

/** A redrawn bar on a terminal; on a pipe, one line every 10 s so CI logs show a long run is alive. */
function progressReporter(io: CliIo, wanted: boolean): ((e: ProgressEvent) => void) | undefined {
  if (!wanted) return undefined;
  const counts = { failed: 0, errored: 0 };
  let last = Date.now();
  let drawn = false;
  let lastDraw = 0;
  return (e) => {
    if (e.result?.status === "failed") counts.failed++;
    if (e.result?.status === "errored") counts.errored++;
    if (io.isTTY) {
      if (e.phase === "done") {
        if (drawn) io.stderr("\r\u001b[2K");
        return;
      }
      // Redraw at most ~12 times a second: a fast run must not spend its time painting.
      if (drawn && Date.now() - lastDraw < 80 && e.done < e.total) return;
      lastDraw = Date.now();
      io.stderr(`\r${progressLine(e.done, e.total, counts)} ${e.phase}`);
      drawn = true;
    } else if (e.phase !== "done" && Date.now() - last >= 10_000) {
      last = Date.now();
      io.stderr(`certify: ${e.done}/${e.total} checks, ${counts.failed} failed, ${counts.errored} errored\n`);
    }
  };
}

export const command: Command = {
  summary: "certify an implementation (any language) against the conformance suite",
  run,
};
