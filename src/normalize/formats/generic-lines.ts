// FC-STAGE1-RAW-15, FC-STAGE1-RAW-17, FC-STAGE1-5: the generic line layer — `path:line[:col]: [severity] message [code]`, `path(line,col)`, `line:col` under a path header, count lines.
import type { Severity } from "../../types.ts";
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { claim, joinLines, type TextScan } from "../text-pipeline.ts";

// `path:line[:col][:]` then the rest; the path is everything before the line marker (FC-STAGE1-RAW-11).
const COLON = /^((?:[A-Za-z]:[\\/])?[^:\s][^:]{0,1023}?):(\d{1,9})(?:[:.](\d{1,9}))?(?::|\s-|(?=\s))\s*(.*)$/;
// `path(line[,col])[:] rest` (MSBuild, tsc --pretty false, many Windows tools).
const PAREN = /^([^\s(][^(]{0,1023}?)\((\d{1,9})(?:,\s?(\d{1,9}))?(?:,\d{1,9},\d{1,9})?\)\s?:?\s+(.*)$/;
// An item under a path header: `  3:5  error  message  rule` (stylish), `  3:3  ✖  message  rule`.
const ITEM = /^\s+(\d{1,9})(?::(\d{1,9}))?\s+(.*)$/;
// A path alone on its line (the header of stylish-like reporters).
const HEADER = /^(?:[A-Za-z]:[\\/])?[^\s:][^:]{0,1023}$/;
const FILE_LIKE =
  /\.[A-Za-z][\w+-]{0,9}$|^(?:Makefile|Dockerfile|Jenkinsfile|Gemfile|Rakefile|Vagrantfile|Containerfile|Justfile|BUILD|WORKSPACE)$/;
const SEVERITY_WORDS: Record<string, Severity> = {
  "fatal error": "error",
  fatal: "error",
  error: "error",
  err: "error",
  failure: "error",
  critical: "error",
  blocker: "error",
  major: "warning",
  warning: "warning",
  warn: "warning",
  minor: "info",
  note: "info",
  info: "info",
  information: "info",
  notice: "info",
  hint: "info",
  help: "info",
  remark: "info",
  style: "info",
  suggestion: "info",
  convention: "info",
  refactor: "info",
  performance: "warning",
  portability: "warning",
  "✖": "error",
  "✘": "error",
  "×": "error",
  "⚠": "warning",
  "‼": "warning",
  ℹ: "info",
};
// A leading severity word: `error: `, `warning[E0]: `, `[error] `, `Error - `, `✖  `.
const LEAD_SEVERITY =
  /^(?:\[(fatal error|fatal|error|err|warning|warn|note|info|information|hint|style|performance|portability|convention|refactor|notice)\]|(fatal error|fatal|error|err|warning|warn|note|info|information|notice|hint|remark|style|performance|portability|suggestion|convention|refactor|critical|blocker|major|minor)(?:\[([\w./-]{1,64})\])?(?::|\s+-|\s{2,}|(?=\s+[A-Z]{1,4}\d{1,5}\b))|(✖|✘|×|⚠|‼|ℹ))\s*/i;
// A leading code: flake8 `E501 `, pylint `C0114: `, shellcheck `SC2086: `, `[E501] `.
const LEAD_CODE = /^(?:\[([A-Z]{1,4}\d{1,5})\]|([A-Z]{1,4}\d{1,5})(?=:?\s))(?::)?\s+/;
// A trailing code: `[SC2086]`, `[-Wformat]`, `(rule-name)`, `  rule-name` (two spaces before a word with `-`/`/`).
const TRAIL_BRACKET = /\s\[([\w./@=+-]{1,80}(?:\([\w./@-]{1,80}\))?)\]$/;
const TRAIL_PAREN = /\s\(([A-Za-z@][\w./@-]{0,80}[-_/.][\w./@-]{0,80})\)$/;
const TRAIL_SPACED = /\s{2,}([A-Za-z@][\w./@-]{0,80}(?:[-_/][\w./@-]{0,80}|\([\w./@-]{1,80}\)))$/;
const TRAIL_PAREN_SPACED = /\s{2,}\(([A-Za-z][\w./@-]{0,80})\)$/;
// pylint's parseable format: `[C0301(line-too-long), function] message`.
const PYLINT_PARSEABLE = /^\[([A-Z]\d{4})\(([\w-]{1,80})\), [^\]]{0,400}\]\s+/;
// A trailing severity in brackets after the code: stylelint's unix formatter ends with `(rule) [error]`.
const TRAIL_SEVERITY = /\s\[(error|warning|info|note|hint)\]$/i;
// Count lines: `✖ 15 problems (15 errors, 0 warnings)`, `Found 3 errors.`, `4 errors`, `3 problems`.
const COUNT =
  /^\s*(?:[✖✘×⚠]\s+)?(?:Found\s+)?(\d{1,9})\s+(problems?|errors?|warnings?|issues?|diagnostics?)(?:\s*\((\d{1,9}) errors?, (\d{1,9}) warnings?\))?(?:\s+(?:found|in \d{1,9} files?|and \d{1,9} warnings?|generated))?[.!]?\s*$/i;
// Compiler chatter that carries a position but is no diagnostic of its own.
const NOT_A_DIAGNOSTIC = /^(?:too many errors|\s)/;

/** Severity of a code without a severity word: pylint's letter (C/R/I info, W warning, E/F error), flake8's. */
function codeSeverity(code: string): Severity | null {
  if (/^[CRI]\d{4}$/.test(code)) return "info";
  if (/^W\d{3,4}$/.test(code)) return "warning";
  if (/^[EF]\d{3,4}$/.test(code)) return "error";
  if (/^C\d{3}$/.test(code)) return "warning";
  return null;
}

/** The producer a code names when the caller named none (FC-STAGE1-RAW-15). */
export function toolOfCode(code: string, hasSymbol: boolean): string | null {
  if (/^SC\d{4}$/.test(code)) return "shellcheck";
  if (/^TS\d{1,6}$/.test(code)) return "tsc";
  if (/^[CRWEFI]\d{4}$/.test(code) && hasSymbol) return "pylint";
  if (/^(?:[EWFC]\d{3}|[EW]\d{2}|C9\d{2})$/.test(code)) return "flake8";
  if (/^DL\d{4}$/.test(code)) return "hadolint";
  return null;
}

interface Parsed {
  severity: Severity;
  code: string | null;
  message: string;
  tool: string | null;
}

/** Reads `[severity] [code] message [code] [severity]` after a position. */
export function readRest(rest: string, defaultTool: string | null): Parsed | null {
  let text = rest.trim();
  if (text === "" || NOT_A_DIAGNOSTIC.test(rest) || !/[A-Za-z]/.test(text)) return null;
  let severity: Severity | null = null;
  let code: string | null = null;
  const sev = LEAD_SEVERITY.exec(text);
  if (sev) {
    const word = (sev[1] ?? sev[2] ?? sev[4])!.toLowerCase();
    severity = SEVERITY_WORDS[word] ?? "error";
    if (sev[3] !== undefined) code = sev[3];
    text = text.slice(sev[0].length);
  }
  const pp = PYLINT_PARSEABLE.exec(text);
  if (pp && code === null) {
    return {
      severity: codeSeverity(pp[1]!) ?? "error",
      code: pp[1]!,
      message: `${text.slice(pp[0].length).trim()} (${pp[2]})`,
      tool: defaultTool ?? "pylint",
    };
  }
  const lead = LEAD_CODE.exec(text);
  if (lead && code === null) {
    code = (lead[1] ?? lead[2])!;
    text = text.slice(lead[0].length);
    // pylint after its code may still put the severity: `C0114: convention: …` is rare; keep the text.
  }
  const tsev = TRAIL_SEVERITY.exec(text);
  if (tsev) {
    severity ??= SEVERITY_WORDS[tsev[1]!.toLowerCase()] ?? null;
    text = text.slice(0, tsev.index);
  }
  let symbol = false;
  const trail =
    TRAIL_BRACKET.exec(text) ??
    TRAIL_PAREN_SPACED.exec(text) ??
    TRAIL_PAREN.exec(text) ??
    TRAIL_SPACED.exec(text);
  if (trail) {
    let t = trail[1]!;
    // oxlint's unix formatter: `[Warning/eslint(no-unused-vars)]`: a severity, then the rule.
    const slash = /^(Error|Warning|Info|Advice)\/(.+)$/i.exec(t);
    if (slash) {
      severity ??= SEVERITY_WORDS[slash[1]!.toLowerCase()] ?? "error";
      t = slash[2]!;
    }
    if (code === null) code = t;
    else symbol = true;
    text = text.slice(0, trail.index);
  }
  if (text.trim() === "") return null;
  const tool = defaultTool ?? (code !== null ? toolOfCode(code, symbol) : null);
  // pylint keeps the symbol in the message in its text output; the code is the message id.
  const message = symbol ? `${text.trim()} (${trail![1]})` : text.trim();
  severity ??= (code !== null ? codeSeverity(code) : null) ?? "error";
  return { severity, code, message, tool };
}

function isFileLike(path: string): boolean {
  if (path.includes("://") || path.length > 1024) return false;
  const base = path.slice(path.lastIndexOf("/") + 1);
  if (!FILE_LIKE.test(base)) return false;
  // A path holding spaces is taken whole only when no word before its first space reads as a log prefix.
  return !/^(?:error|warning|info|note|debug|trace|fatal|at|in|from|see|file|line)\s|^\S+ at\s/i.test(path);
}

function push(scan: TextScan, path: string, line: number, p: Parsed, trace: string | null = null): void {
  const tool = p.tool ?? scan.tool ?? "text";
  const code = p.code ?? p.severity;
  scan.findings.push(
    finding(ruleName(tool, code), loc(repoPath(path, scan.ctx), line), p.message, p.severity, trace),
  );
}

/** Indented lines after a located line (source excerpt, carets) are its trace. */
function traceAfter(scan: TextScan, i: number): number {
  let end = i + 1;
  while (
    end < scan.lines.length &&
    end - i <= 40 &&
    scan.claimed[end] === 0 &&
    /^\s+\S/.test(scan.lines[end]!) &&
    !ITEM.test(scan.lines[end]!)
  )
    end++;
  return end;
}

/**
 * The generic layer: after every format parser, unclaimed lines shaped like a located diagnostic become
 * findings, located items under a path header too, and count lines become the tool's summary.
 */
export function parseGenericLines(scan: TextScan): void {
  const { lines, claimed } = scan;
  const before = scan.findings.length;
  let header: string | null = null;
  let announced = null as { count: number; what: string } | null;
  for (let i = 0; i < lines.length; i++) {
    if (claimed[i] === 1) {
      header = null;
      continue;
    }
    const line = head(lines[i]!);
    if (line === "") {
      header = null;
      continue;
    }
    const c0 = line.charCodeAt(0);
    if (c0 === 32 || c0 === 9) {
      if (header === null) continue;
      const item = ITEM.exec(line);
      if (item) {
        const p = readRest(item[3]!, scan.tool);
        if (p) {
          push(scan, header, Number(item[1]), p);
          claim(scan, i, i + 1);
        }
      }
      continue;
    }
    header = null;
    const colon = line.indexOf(":");
    if (colon > 0 && colon + 1 < line.length) {
      const m = COLON.exec(line);
      if (m && isFileLike(m[1]!) && m[4] === "too many errors") {
        // Go's compiler stops after ten errors: the rest exist but were never printed.
        scan.findings.push(
          finding(
            "normalize:unparsed",
            null,
            "the tool stopped after its first errors (too many errors); the others were not printed",
            "error",
            line,
          ),
        );
        claim(scan, i, i + 1);
        continue;
      }
      if (m && isFileLike(m[1]!)) {
        const p = readRest(m[4]!, scan.tool);
        if (p) {
          const end = traceAfter(scan, i);
          push(scan, m[1]!, Number(m[2]), p, end > i + 1 ? joinLines(lines, i + 1, end) : null);
          claim(scan, i, end);
          i = end - 1;
          continue;
        }
      }
    }
    if (line.includes("(")) {
      const m = PAREN.exec(line);
      if (m && isFileLike(m[1]!)) {
        const p = readRest(m[4]!, scan.tool);
        if (p) {
          push(scan, m[1]!, Number(m[2]), p);
          claim(scan, i, i + 1);
          continue;
        }
      }
    }
    const count = COUNT.exec(line);
    if (count) {
      const errs = count[3];
      const n = errs !== undefined ? Number(errs) + Number(count[4]) : Number(count[1]);
      const what = count[2]!.toLowerCase().replace(/s$/, "");
      announced = { count: (announced?.count ?? 0) + n, what: errs !== undefined ? "problem" : what };
      claim(scan, i, i + 1);
      continue;
    }
    if (HEADER.test(line) && isFileLike(line.trim()) && i + 1 < lines.length) {
      const next = lines[i + 1]!;
      if (ITEM.test(next)) {
        header = line.trim();
        claim(scan, i, i + 1);
      }
    }
  }
  if (announced !== null) {
    const mine = scan.findings.slice(before);
    const all = scan.findings.filter((f) => !f.rule.startsWith("normalize:"));
    const pool = mine.length > 0 ? mine : all;
    const parsed =
      announced.what === "error"
        ? pool.filter((f) => f.severity === "error").length
        : announced.what === "warning"
          ? pool.filter((f) => f.severity === "warning").length
          : pool.length;
    // A count is the summary of what came before it; it is checked, never a diagnostic itself.
    scan.summaries.push({
      tool: scan.tool ?? "text",
      what: `${announced.what}s`,
      count: announced.count,
      parsed,
    });
  }
}
