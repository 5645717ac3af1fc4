// FC-CERT-26: `--problem-matcher FILE [--matcher-sample FILE…] [--matcher-repo-root DIR]`, read for certify and matrix.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { type CliIo, reportError } from "../../src/cli/io.ts";
import { readMatcherFile } from "../oracle/problem-matcher.ts";
import { MATCHER_REPO_ROOT, type MatcherSample, matcherChecks } from "../runner/matcher.ts";
import type { CertifyOptions } from "../runner/types.ts";

/**
 * The files after each `--matcher-sample` (and `--matcher-sample=F`) before `--`: the option may repeat, which
 * the shared flag parser does not keep.
 */
export function matcherSampleFiles(argv: readonly string[]): string[] {
  const out: string[] = [];
  const dashdash = argv.indexOf("--");
  const own = dashdash < 0 ? argv : argv.slice(0, dashdash);
  for (const [i, a] of own.entries()) {
    if (a === "--matcher-sample" && own[i + 1] !== undefined) out.push(own[i + 1]!);
    else if (a.startsWith("--matcher-sample=")) out.push(a.slice("--matcher-sample=".length));
  }
  return out;
}

export function readNamedFile(io: CliIo, path: string, what: string): { text: string } | { exit: number } {
  try {
    return { text: readFileSync(resolve(io.cwd, path), "utf8") };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? "error";
    return { exit: reportError(io, { code: "IO", message: `cannot read ${what} (${code})` }) };
  }
}

/**
 * FC-CERT-26: the checks `--problem-matcher FILE [--matcher-sample FILE…]` adds, or null without the option, or
 * the exit code after one JSON error line: a matcher FC-STAGE1-MATCHER-1 refuses is USAGE with the JSON pointer
 * of its first fault (the kit's own reading, conformance/oracle), before anything runs; nothing of the file's
 * text is echoed, since a matcher file may sit beside secrets.
 */
export function readProblemMatcher(
  io: CliIo,
  file: string | undefined,
  samples: string[],
  root: string | undefined,
  command: "certify" | "matrix",
): NonNullable<CertifyOptions["extra"]> | null | number {
  const usage = (io: CliIo, message: string): number =>
    reportError(io, { code: "USAGE", message: `${message}; see 'feedback-compactor ${command} --help'` });
  if (file === undefined) {
    if (samples.length > 0 || root !== undefined)
      return usage(io, "--matcher-sample and --matcher-repo-root need --problem-matcher FILE");
    return null;
  }
  if (root !== undefined && !/^(\/|[A-Za-z]:[\\/])/.test(root))
    return usage(io, "--matcher-repo-root takes an absolute directory, e.g. /home/runner/work/app/app");
  const read = readNamedFile(io, file, "the --problem-matcher file");
  if ("exit" in read) return read.exit;
  let doc: unknown;
  try {
    doc = JSON.parse(read.text.replace(/^\uFEFF/, ""));
  } catch {
    // JSON.parse's message quotes the text: it is not repeated.
    return reportError(io, {
      code: "USAGE",
      message: `--problem-matcher ${file}: the file is not JSON; see 'feedback-compactor ${command} --help'`,
      field: "problem-matcher",
    });
  }
  const m = readMatcherFile(doc);
  if (!m.ok)
    return reportError(io, {
      code: "USAGE",
      message: `--problem-matcher ${file}: ${m.where} ${m.why} (FC-STAGE1-MATCHER-1, spec/stage1.md §3.3)`,
      field: "problem-matcher",
      path: m.where,
    });
  const texts: MatcherSample[] = [];
  for (const s of samples) {
    const t = readNamedFile(io, s, `the --matcher-sample file '${s}'`);
    if ("exit" in t) return t.exit;
    texts.push({ file: s, text: t.text });
  }
  const made = matcherChecks(file, m.matchers, texts, root ?? MATCHER_REPO_ROOT);
  for (const s of made.section.samples)
    if (s.expected === 0)
      io.stderr(
        `${command}: your problem matcher finds nothing in ${s.file}; only matcher.accepted.* runs for it\n`,
      );
  return { cases: made.cases, problemMatcher: made.section };
}
