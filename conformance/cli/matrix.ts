// FC-MATRIX-1..7: `feedback-compactor matrix` — certify every implementation of a registry in one run; JSON, text, page.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { killAllImplementations } from "../../src/protocol/client.ts";
import { type CliIo, commandArgs, EXIT_ERROR, EXIT_FAIL, EXIT_OK, reportError } from "../../src/cli/io.ts";
import type { Command } from "../../src/cli/dispatch.ts";
import type { History } from "../report/history.ts";
import { renderMatrixHtml } from "../report/matrix-page.ts";
import { renderMatrixText } from "../report/matrix-text.ts";
import { specRequirementTexts } from "../report/spec-texts.ts";
import { DEFAULT_MATRIX_JOBS, type MatrixDocument, type MatrixOptions, runMatrix } from "../runner/matrix.ts";
import { parseIdFile } from "../runner/problems.ts";
import { DEFAULT_REGISTRY, readRegistry, selectImplementations } from "../runner/registry.ts";
import { matcherSampleFiles, readProblemMatcher } from "./problem-matcher-options.ts";
import { readRunOptions } from "./run-options.ts";

const HELP = `Usage: feedback-compactor matrix [REGISTRY.json] [options]

Certifies every implementation of a registry in one run — the same selection and the same property seed for
each, several at once — and shows where they disagree: checks one implementation passes and another fails.

REGISTRY.json lists the implementations (spec/schemas/implementations.v1.json):

  {"implementations": [
    {"name": "mine", "command": ["python3", "my_adapter.py"], "cwd": "adapters", "env": {"MODE": "strict"}},
    {"name": "theirs", "command": ["./their-compactor", "serve"]}
  ]}

Each command speaks protocol v1 (spec/protocol.md); "cwd" is relative to the registry file's directory (the
default), "env" is added to this command's environment. Without REGISTRY.json the kit's own registry runs:
the reference over the protocol and the two Python examples (conformance/implementations.json).

  feedback-compactor matrix --html matrix.html
  feedback-compactor matrix impls.json --filter 'compact.*' --out matrix.json --html matrix.html
  feedback-compactor matrix impls.json --filter compact.ids.merge-key --out replay.json
  feedback-compactor matrix impls.json --shard 2/4 --out matrix-2.json   # one CI job; 'report --merge' joins them
  feedback-compactor report old-matrix.json matrix.json --html history.html   # what changed between runs

Selecting checks (as certify; one selection for every implementation):
  --filter GLOBS, --profile P[,P...], --shard K/N, --rerun FILE, --no-properties, --features,
  --seed N|random (default 20260624), --runs N (default 50)
  --only NAMES          run only these registry entries (comma-separated names)
  --problem-matcher FILE [--matcher-sample FILE ...] [--matcher-repo-root DIR]
                        your GitHub Actions problem matcher and your tool's real output, as in certify: adds
                        matcher.accepted.* and matcher.findings.* for every implementation

Running:
  --jobs N              implementations certified at once (default ${DEFAULT_MATRIX_JOBS}), each as one process
  --timeout-ms N, --start-timeout-ms N, --max-restarts N, --keep-going   (as certify)
An implementation that does not start is recorded with its error; the others go on.

Output:
  --out FILE            write the matrix document (spec/schemas/matrix.v1.json): the suite's version and commit,
                        each implementation's handshake, level, verdict, badge and full report, and every check's
                        status per implementation
  --json                print that document on stdout instead of the text summary
  --html FILE           one self-contained page: implementations with their badges, requirements by area ×
                        implementations (each cell opens its checks), the disagreements with the one command
                        that replays each against every implementation, every check × implementation
  --link-base URL       links to spec and case files point to URL + their path in the package (e.g.
                        https://github.com/OWNER/REPO/blob/COMMIT/); default: this package's files (file://)
  --badges DIR          write DIR/<name>.json, a shields.io endpoint document per implementation
  --max-rows N          disagreements listed in the text summary (default 30)
  --color, --no-color   force colours on or off

Exit codes: 0 the matrix was made (whatever the implementations' verdicts); 1 some implementation could not be
run; 2 a usage or start-up problem, with one JSON line {"error":{"code","message"}} on stderr (codes USAGE, IO,
INVALID_REGISTRY).
`;

const VALUED = new Set([
  "filter",
  "profile",
  "shard",
  "seed",
  "runs",
  "rerun",
  "only",
  "jobs",
  "timeout-ms",
  "start-timeout-ms",
  "max-restarts",
  "out",
  "html",
  "link-base",
  "badges",
  "max-rows",
  "problem-matcher",
  "matcher-sample",
  "matcher-repo-root",
]);
const BOOLEAN = new Set(["help", "no-properties", "features", "keep-going", "json", "color", "no-color"]);

function usage(io: CliIo, message: string): number {
  return reportError(io, { code: "USAGE", message: `${message}; see 'feedback-compactor matrix --help'` });
}

function write(io: CliIo, file: string, text: string, what: string): number | null {
  const path = resolve(io.cwd, file);
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  } catch (e) {
    return reportError(io, {
      code: "IO",
      message: `cannot write ${what} ${file} (${(e as NodeJS.ErrnoException).code ?? "error"})`,
    });
  }
  return null;
}

/** Writes the page, the document and the badges a matrix run asked for; an error exit code or null. */
export function writeMatrixOutputs(
  io: CliIo,
  doc: MatrixDocument,
  opts: { out?: string; html?: string; badges?: string; linkBase?: string; history?: History },
): number | null {
  if (opts.out !== undefined) {
    const w = write(io, opts.out, `${JSON.stringify(doc, null, 2)}\n`, "the matrix document");
    if (w !== null) return w;
    io.stderr(`matrix document written to ${resolve(io.cwd, opts.out)}\n`);
  }
  if (opts.html !== undefined) {
    const html = renderMatrixHtml(doc, {
      requirements: specRequirementTexts(),
      ...(opts.linkBase !== undefined ? { linkBase: opts.linkBase } : {}),
      ...(opts.out !== undefined ? { source: opts.out } : {}),
      ...(opts.history !== undefined ? { history: opts.history } : {}),
    });
    const w = write(io, opts.html, html, "the page");
    if (w !== null) return w;
    io.stderr(`matrix page written to ${resolve(io.cwd, opts.html)}\n`);
  }
  if (opts.badges !== undefined) {
    for (const impl of doc.implementations) {
      const w = write(
        io,
        join(opts.badges, `${impl.name}.json`),
        `${JSON.stringify(impl.badge)}\n`,
        "a badge",
      );
      if (w !== null) return w;
    }
    io.stderr(`${doc.implementations.length} badges written to ${resolve(io.cwd, opts.badges)}\n`);
  }
  return null;
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const args = commandArgs(argv, io, {
    name: "feedback-compactor matrix",
    help: HELP,
    valued: VALUED,
    switches: BOOLEAN,
  });
  if (typeof args === "number") return args;
  if (args.rest.length > 0)
    return usage(io, "matrix takes no command after '--': the registry names the implementations");
  if (args.positionals.length > 1)
    return usage(io, `expected at most one REGISTRY.json, got '${args.positionals[1]}' too`);
  const flag = (name: string) => args.flags.get(name) as string | undefined;

  const registryFile = args.positionals[0];
  const registry = readRegistry(registryFile ?? DEFAULT_REGISTRY, io.cwd);
  if (!registry.ok) {
    // INVALID_REGISTRY is the kit's own code (the reference's error codes do not name it).
    io.stderr(`${JSON.stringify({ error: { code: registry.code, message: registry.message } })}\n`);
    return EXIT_ERROR;
  }
  const only = flag("only");
  const chosen = selectImplementations(
    registry.registry,
    only
      ?.split(",")
      .map((s) => s.trim())
      .filter((s) => s !== ""),
  );
  if (!chosen.ok) return usage(io, `--only names '${chosen.unknown}', which the registry does not list`);

  const shared = readRunOptions(flag);
  if (!shared.ok) return usage(io, shared.message);
  const options: MatrixOptions = { ...shared.options };
  if (registryFile !== undefined) options.registry = registryFile;
  const maxRows = flag("max-rows");
  if (maxRows !== undefined && !/^[1-9]\d*$/.test(maxRows))
    return usage(io, "--max-rows takes a whole number ≥ 1");
  const rerun = flag("rerun");
  if (rerun !== undefined) {
    try {
      options.ids = parseIdFile(readFileSync(resolve(io.cwd, rerun), "utf8"));
    } catch (e) {
      return reportError(io, {
        code: "IO",
        message: `cannot read the --rerun file (${(e as NodeJS.ErrnoException).code ?? "error"})`,
      });
    }
  }
  const matcher = readProblemMatcher(
    io,
    flag("problem-matcher"),
    matcherSampleFiles(argv),
    flag("matcher-repo-root"),
    "matrix",
  );
  if (typeof matcher === "number") return matcher;
  if (matcher !== null) options.extra = matcher;
  if (args.flags.has("no-properties")) options.includeProperties = false;
  if (args.flags.has("features")) options.includeFeatures = true;
  if (args.flags.has("keep-going")) options.keepGoing = true;
  const out = flag("out");
  options.counterexampleDir =
    out !== undefined
      ? join(dirname(resolve(io.cwd, out)), "counterexamples")
      : resolve(io.cwd, ".tmp", "counterexamples", "matrix");
  options.onProgress = (p) => {
    if (p.phase === "done" && p.entry !== undefined) {
      const s = p.entry.summary;
      io.stderr(
        `matrix: ${p.done}/${p.total} ${p.implementation} ${p.entry.verdict.toUpperCase()}${s ? ` (${s.passed}/${s.total} passed)` : `: ${p.entry.error?.message ?? ""}`} in ${(p.entry.durationMs / 1000).toFixed(1)} s\n`,
      );
    }
  };
  const color = args.flags.has("no-color") ? false : args.flags.has("color") ? true : io.isTTY;

  // An interrupted run must not leave implementation processes behind (as certify).
  const onSignal = (signal: NodeJS.Signals) => {
    killAllImplementations();
    process.exit(signal === "SIGINT" ? 130 : signal === "SIGHUP" ? 129 : 143);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  process.once("SIGHUP", onSignal);
  try {
    io.stderr(
      `matrix: certifying ${chosen.implementations.length} implementations, ${Math.min(options.jobs ?? DEFAULT_MATRIX_JOBS, chosen.implementations.length)} at once\n`,
    );
    const outcome = await runMatrix(chosen.implementations, options);
    if (!outcome.ok) return reportError(io, outcome.error);
    const doc = outcome.document;
    const html = flag("html");
    const linkBase = flag("link-base");
    const badges = flag("badges");
    const w = writeMatrixOutputs(io, doc, {
      ...(out !== undefined ? { out } : {}),
      ...(html !== undefined ? { html } : {}),
      ...(badges !== undefined ? { badges } : {}),
      ...(linkBase !== undefined ? { linkBase } : {}),
    });
    if (w !== null) return w;
    if (args.flags.has("json")) io.stdout(`${JSON.stringify(doc, null, 2)}\n`);
    else
      io.stdout(
        renderMatrixText(doc, { color, ...(maxRows !== undefined ? { maxRows: Number(maxRows) } : {}) }),
      );
    if (html !== undefined) io.stderr(`open the page: ${pathToFileURL(resolve(io.cwd, html)).href}\n`);
    return doc.implementations.some((i) => i.verdict === "error") ? EXIT_FAIL : EXIT_OK;
  } finally {
    process.removeListener("SIGINT", onSignal);
    process.removeListener("SIGTERM", onSignal);
    process.removeListener("SIGHUP", onSignal);
  }
}

export const command: Command = {
  summary:
    "certify every implementation of a registry in one run; where they disagree, as JSON, text and a page",
  run,
};
