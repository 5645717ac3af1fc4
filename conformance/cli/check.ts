// FC-CASE-2: `feedback-compactor check` — lint the conformance case library and its coverage of the spec.
import { statSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadProperties } from "../runner/certify.ts";
import { featureRequirements, lintLibrary } from "../runner/lint.ts";
import { type CliIo, EXIT_FAIL, EXIT_OK, commandArgs, reportError } from "../../src/cli/io.ts";
import type { Command } from "../../src/cli/dispatch.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

const HELP = `Usage: feedback-compactor check [--cases DIR] [--spec DIR] [--features DIR] [--no-coverage] [--json]

Lints the conformance case library (default: this package's conformance/cases) and fails on:
  json                 a file that is not valid JSON
  schema               a case that does not match conformance/case.schema.json
  duplicate-id         two cases with the same id
  id-path              an id that does not match the file's path (a/b/c.json has id a.b.c)
  should               a description that says 'should' (state the claim as a fact)
  unknown-requirement  a requirement id that spec/*.md does not define (or marks *withdrawn*)
  semantics            bad JSON pointers or patterns, a compact input without 'request', contradictory expectations,
                       step references that do not name an earlier step
  unclassified         a requirement of spec/*.md without its class, '(contract)' or '(reference)'
  profile-class        a required case, a property or a scenario without @reference that cites a
                       reference-class requirement (assert a relation, or use the reference profile)
  uncovered            a requirement of spec/*.md that no case, property or @FC-tagged scenario checks
                       (prefixes listed in a '<!-- coverage-exempt: ... -->' comment of the spec are exempt)

Options:
  --cases DIR     the case library to lint
  --spec DIR      the directory of the spec's *.md files (default: this package's spec/)
  --features DIR  .feature files whose @FC-... tags count for coverage (default: this package's features/)
  --no-coverage   skip the coverage rule (uncovered ids are still listed)
  --json          print {"ok","files","cases","requirements","covered","uncovered","problems"} as JSON

Exit codes: 0 clean; 1 problems found (one line each: FILE: [rule] message); 2 usage error or a directory
that cannot be read, with one JSON line {"error":{"code","message"}} on stderr.
`;

async function run(argv: string[], io: CliIo): Promise<number> {
  const args = commandArgs(argv, io, {
    name: "check",
    help: HELP,
    valued: new Set(["cases", "spec", "features"]),
    switches: new Set(["no-coverage", "json"]),
  });
  if (typeof args === "number") return args;
  if (args.positionals.length > 0)
    return reportError(io, { code: "USAGE", message: "check takes no arguments; see 'check --help'" });
  const dir = (name: string, fallback: string) => {
    const v = args.flags.get(name);
    return typeof v === "string" ? resolve(io.cwd, v) : resolve(ROOT, fallback);
  };
  const casesDir = dir("cases", "conformance/cases");
  // A case or spec directory that is not there is one JSON error line, not a lint of nothing (FC-CLI-3). A
  // missing --features directory means no scenarios, as before.
  for (const name of ["cases", "spec"] as const) {
    const v = args.flags.get(name);
    if (typeof v !== "string") continue;
    const problem = notADirectory(resolve(io.cwd, v));
    if (problem !== null)
      return reportError(io, {
        code: "IO",
        message: `cannot read the --${name} directory '${v}' (${problem})`,
      });
  }
  const ownLibrary = !args.flags.has("cases");
  const extra = featureRequirements(dir("features", "features"));
  if (ownLibrary) {
    // The package's properties count for its own library's coverage.
    for (const p of await loadProperties().catch(() => []))
      extra.push({ source: p.id, requirements: p.requirements, gating: true });
  }
  const report = lintLibrary({
    casesDir,
    specDir: dir("spec", "spec"),
    extraCoverage: extra,
    coverage: !args.flags.has("no-coverage"),
  });
  const ok = report.problems.length === 0;
  if (args.flags.has("json")) {
    io.stdout(`${JSON.stringify({ ok, ...report }, null, 2)}\n`);
  } else {
    for (const p of report.problems) {
      const where = isAbsolute(p.file) ? p.file : join(casesDir, p.file);
      io.stdout(`${relative(io.cwd, where) || where}: [${p.rule}] ${p.message}\n`);
    }
    io.stdout(
      `${ok ? "ok" : `${report.problems.length} problem(s)`}: ${report.cases} cases in ${report.files} files; ` +
        `${report.covered}/${report.requirements} requirements covered` +
        (report.uncovered.length > 0
          ? ` (uncovered: ${report.uncovered.slice(0, 8).join(", ")}${report.uncovered.length > 8 ? ", …" : ""})`
          : "") +
        "\n",
    );
  }
  return ok ? EXIT_OK : EXIT_FAIL;
}

/** Why `path` is not a readable directory (an errno code or ENOTDIR), or null when it is one. */
function notADirectory(path: string): string | null {
  try {
    return statSync(path).isDirectory() ? null : "ENOTDIR";
  } catch (e) {
    return (e as NodeJS.ErrnoException).code ?? "error";
  }
}

export const command: Command = {
  summary: "lint the conformance case library (schema, ids, wording, requirement ids, coverage)",
  run,
};
