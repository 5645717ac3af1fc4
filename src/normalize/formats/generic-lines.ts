// FC-STAGE1-RAW-15, FC-STAGE1-RAW-17, FC-STAGE1-RAW-25, FC-STAGE1-5: the generic line layer — `path:line[:col]: [severity] message [code]`, `path(line,col)`, `line:col` under a path header, count lines.
import type { Severity } from "../../types.ts";
import {
  finding,
  head,
  indentOf,
  isBlank,
  isDigit,
  isSpace,
  lastAnswerOf,
  loc,
  opensWithSpace,
  PARSE_LIMITS,
  repoPath,
  ruleName,
  STDIN_NAME,
} from "../common.ts";
import {
  claim,
  inBlock,
  joinLines,
  matcherLine,
  opensWithText,
  type TextScan,
  unmatchedText,
} from "../text-pipeline.ts";
import { type ColonPosition, readColonPosition } from "./colon-position.ts";
import { readRubyFrame } from "./ruby-backtrace.ts";
import { type ParsedFinding, UNPARSED_RULE } from "../types.ts";

// `path:line[:col][:]` then the rest: readColonPosition (colon-position.ts, its pattern and its bounds).
// One reading at a time: the generic layer reads a line's position, uses it, and reads the next.
const AT: ColonPosition = { path: "", line: 0, rest: "" };
// `path(line[,col])[:] rest` (MSBuild, tsc --pretty false, many Windows tools).
const PAREN = /^([^\s(][^(]{0,1023}?)\((\d{1,9})(?:,\s?(\d{1,9}))?(?:,\d{1,9},\d{1,9})?\)\s?:?\s+([\s\S]*)$/;
// An item under a path header: `  3:5  error  message  rule` (stylish), `  3:3  ✖  message  rule`.
const ITEM = /^\s+(\d{1,9})(?::(\d{1,9}))?\s+([\s\S]*)$/;
// A path alone on its line (the header of stylish-like reporters).
const HEADER = /^(?:[A-Za-z]:[\\/])?[^\s:][^:]{0,1023}$/;
const FILE_LIKE =
  /\.[A-Za-z][\w+-]{0,9}$|^(?:Makefile|Dockerfile|Jenkinsfile|Gemfile|Rakefile|Vagrantfile|Containerfile|Justfile|BUILD|WORKSPACE)$/;
export { STDIN_NAME } from "../common.ts";
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
/**
 * SEVERITY_WORDS as a map that also holds each word capitalized and in upper case: a line's word is looked up
 * as written first (nearly every tool writes one of those three), then in lower case.
 */
const SEVERITY_OF = new Map(
  Object.entries(SEVERITY_WORDS).flatMap(([w, s]) => [
    [w, s],
    [w.charAt(0).toUpperCase() + w.slice(1), s],
    [w.toUpperCase(), s],
  ]),
);
// A leading severity word: `error: `, `warning[E0]: `, `[error] `, `Error - `, `✖  `.
const LEAD_SEVERITY =
  /^(?:\[(fatal error|fatal|error|err|warning|warn|note|info|information|hint|style|performance|portability|convention|refactor|notice)\]|(fatal error|fatal|error|err|warning|warn|note|info|information|notice|hint|remark|style|performance|portability|suggestion|convention|refactor|critical|blocker|major|minor)(?:\[([\w./-]{1,64})\])?(?::|\s+-|\s{2,}|(?=\s+[A-Z]{1,4}\d{1,5}\b))|(✖|✘|×|⚠|‼|ℹ))\s*/i;
// rubocop's one-letter severity: `C: [Correctable] Style/RedundantReturn: …` (convention, refactor, info,
// warning, error, fatal).
const LEAD_LETTER = /^([CRIWEF]): (?:\[Correctable\] )?(?=[A-Z][\w]{1,40}\/[\w/]{1,80}: )/;
const LETTERS: Record<string, Severity> = {
  C: "info",
  R: "info",
  I: "info",
  W: "warning",
  E: "error",
  F: "error",
};
// A leading code: flake8 `E501 `, pylint `C0114: `, shellcheck `SC2086: `, `[E501] `, markdownlint's
// `MD001/heading-increment ` (the code, then its aliases).
// luacheck's `(W211) `.
export const LEAD_CODE =
  /^(?:\[([A-Z]{1,4}\d{1,5})\]|\(([A-Z]{1,4}\d{1,5})\)|([A-Z]{1,4}\d{1,5})(?:\/[\w-]{1,64}){0,4}(?=:?\s))(?::)?\s+/;
// A leading rule ended by a colon: biome's `lint/suspicious/noDebugger: `, oxlint's `eslint(no-debugger): `.
// ansible-lint's `name[play]: `, `no-changed-when: ` (a hyphenated or bracketed lower-case id).
const LEAD_RULE =
  /^([A-Za-z@][\w.@-]{0,80}(?:\/[\w.@-]{1,80}){1,6}|[A-Za-z][\w-]{0,40}\([\w./@-]{1,80}\)|[a-z][a-z0-9]{0,40}(?:-[a-z0-9]{1,40}){0,8}\[[\w-]{1,40}\]|[a-z][a-z0-9]{0,40}(?:-[a-z0-9]{1,40}){1,8}):\s+/;
// A trailing code: `[SC2086]`, `[-Wformat]`, `(rule-name)`, `  rule-name` (two spaces before a word with `-`/`/`).
const TRAIL_BRACKET = /\s\[([\w./@=+-]{1,80}(?:\([\w./@-]{1,80}\))?)\]$/;
const TRAIL_PAREN = /\s\(([A-Za-z@][\w./@-]{0,80}[-_/.][\w./@-]{0,80})\)$/;
const TRAIL_SPACED = /\s{2,}([A-Za-z@][\w./@-]{0,80}(?:[-_/][\w./@-]{0,80}|\([\w./@-]{1,80}\)))$/;
const TRAIL_PAREN_SPACED = /\s{2,}\(([A-Za-z][\w./@-]{0,80})\)$/;
// A camelCase rule in parentheses at the end: pyright's `(reportArgumentType)`.
const TRAIL_PAREN_CAMEL = /\s\(([a-z]{2,20}[A-Z][A-Za-z0-9]{1,80})\)$/;
// Any `(rule)` at the end, taken only after a `Severity - ` (the compact form: ESLint's `(eqeqeq)`) or a
// bracketed `[severity]` (yamllint's parsable form: `(truthy)`).
const TRAIL_PAREN_ANY = /\s\(([A-Za-z@][\w./@-]{0,80})\)$/;
// A code in parentheses at the end: staticcheck's `(SA4006)`.
const TRAIL_PAREN_CODE = /\s\(([A-Z]{1,4}\d{1,5})\)$/;
// pylint's parseable format: `[C0301(line-too-long), function] message`.
const PYLINT_PARSEABLE = /^\[([A-Z]\d{4})\(([\w-]{1,80})\), [^\]]{0,400}\]\s+/;
// A trailing severity in brackets after the code: stylelint's unix formatter ends with `(rule) [error]`.
const TRAIL_SEVERITY = /\s\[(error|warning|info|note|hint)\]$/i;
// Count lines: `✖ 15 problems (15 errors, 0 warnings)`, `Found 3 errors.`, `4 errors`, `3 problems`,
// pyright's `7 errors, 0 warnings, 0 informations`, oxlint's `Found 6 warnings and 0 errors.`,
// markdownlint-cli2's `Summary: 15 issues in 2 files`, textlint's `✖ 6 problems (6 errors, 0 warnings, 0 infos)`,
// MSBuild's `    1 Error(s)` and `    0 Warning(s)`.
const COUNT =
  /^\s*(?:[✖✘×⚠]\s+)?(?:Found\s+|Summary:\s+|Scanned \d{1,9} files?, found\s+)?(\d{1,9})\s+(problems?|errors?|warnings?|issues?|diagnostics?)(?:\(s\))?(?:\s*\((\d{1,9}) errors?, (\d{1,9}) warnings?(?:, \d{1,9} (?:infos?|ignored))?\))?(?:,\s+\d{1,9}\s+(?:errors?|warnings?|informations?|infos?|notes?|hints?)){0,4}(?:\s+(?:found|in \d{1,9} files?|and \d{1,9} (?:errors?|warnings?)|generated))?(?:\s+\(\d{1,9}(?:\.\d{1,9})?\s?m?s\))?[.!]?\s*$/i;
const COUNT_PART = /(\d{1,9})\s+(problem|error|warning|issue|diagnostic)s?\b/gi;
// `path: line 2, col 3, Error - message (rule)`: the compact formatter of ESLint and stylelint.
const COMPACT =
  /^((?:[A-Za-z]:[\\/])?[^:\s][^:]{0,1023}?): line (\d{1,9}), col(?:umn)? (\d{1,9}), ([\s\S]*)$/;
// A severity symbol before the path: biome's concise reporter (`! path:1:5: rule: message`, `× …`).
const LEAD_SYMBOL = /^([!×✖✘⚠ℹ])\s+(?=\S)/;
// biome's default reporter heads each diagnostic `path:1:5 lint/rule/name  FIXABLE  ━━━━`; the message
// follows on an indented line opening with the severity symbol.
const BOX_HEADER = /^([A-Za-z@][\w.@/()-]{0,200}?)(?:\s+[A-Z]{3,12}){0,3}\s+━{3,}\s*$/;
// A log level in brackets before the path (`[warning] src/a.ts:3:5 …`, `[ERROR] …`): the line's severity, as
// SEVERITY_WORDS maps the word.
const LEAD_LEVEL = /^\[(error|err|fatal|warning|warn|info|note|notice|hint)\]\s+(?=\S)/i;
const SYMBOL_LINE = /^\s+([!×✖✘⚠ℹix])\s+(\S[\s\S]*)$/;
const SYMBOLS: Record<string, Severity> = {
  "!": "warning",
  "⚠": "warning",
  "×": "error",
  "✖": "error",
  "✘": "error",
  x: "error",
  ℹ: "info",
  i: "info",
};
// A message the tool wrapped: its code closes a later line (mypy --pretty: `… expected` / `"int")  [arg-type]`).
const WRAPPED_CODE = /\s\[([\w-]{1,64})\]$|^\[([\w-]{1,64})\]$/;
const HAS_LETTER = /[A-Za-z]/;
const INDENTED_TEXT = /^\s+\S/;
// The unindented lines of hlint's block under a hint: `Found:`, `Perhaps:`, `Perhaps you should remove it.`, `Note: …`.
const HLINT_BLOCK_LINE = /^(?:Found:|Perhaps\b|Note: )/;
// Compiler chatter that carries a position but is no diagnostic of its own: `too many errors`, or a rest
// opening with white space (read by hand: it runs on every located line).
const notADiagnostic = (rest: string): boolean =>
  isSpace(rest.charCodeAt(0)) || rest.startsWith("too many errors");

/** Whether `code` is one of `letters`, then `min` to `max` ASCII digits, and nothing else (no pattern: it runs per finding). */
function codeShaped(code: string, letters: string, min: number, max: number): boolean {
  const n = code.length - 1;
  if (n < min || n > max || !letters.includes(code[0]!)) return false;
  for (let k = 1; k <= n; k++) {
    const c = code.charCodeAt(k);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Severity of a code without a severity word: pylint's letter (C/R/I info, W warning, E/F error), flake8's. */
function codeSeverity(code: string): Severity | null {
  if (codeShaped(code, "CRI", 4, 4)) return "info";
  if (codeShaped(code, "W", 3, 4)) return "warning";
  if (codeShaped(code, "EF", 3, 4)) return "error";
  if (codeShaped(code, "C", 3, 3)) return "warning";
  return null;
}

/** The producer a code names when the caller named none (FC-STAGE1-RAW-15). */
export function toolOfCode(code: string, hasSymbol: boolean): string | null {
  if (code.startsWith("SC") && codeShaped(code.slice(1), "C", 4, 4)) return "shellcheck";
  if (code.startsWith("TS") && codeShaped(code.slice(1), "S", 1, 6)) return "tsc";
  if (hasSymbol && codeShaped(code, "CRWEFI", 4, 4)) return "pylint";
  if (codeShaped(code, "EWFC", 3, 3) || codeShaped(code, "EW", 2, 2)) return "flake8";
  if (code.startsWith("DL") && codeShaped(code.slice(1), "L", 4, 4)) return "hadolint";
  return null;
}

interface Parsed {
  severity: Severity;
  /** The line itself said the severity (a word or a symbol), rather than a code or the default. */
  explicit: boolean;
  code: string | null;
  message: string;
  tool: string | null;
}

// An item without a severity column (gherkin-lint's `  3    message    indentation`): its last column is
// the rule only when it is one lower-case word after two or more spaces.
const ITEM_RULE = /\s{2,}[a-z][a-z0-9-]{1,80}$/;
// The last column of a stylish item, after two or more spaces: ESLint's `eqeqeq`, yamllint's `(rule)`.
const TRAIL_WORD = /\s{2,}([A-Za-z@][\w./@-]{0,80}(?:\([\w./@-]{1,80}\))?)$/;

/** Where the run of white space that ends just before `end` starts (`end` when none does). */
function spaceRunBefore(text: string, end: number): number {
  let s = end;
  while (s > 0 && isSpace(text.charCodeAt(s - 1))) s--;
  return s;
}

// The end-anchored patterns again, sticky: each is tried only at the one place where it can start.
const sticky = (re: RegExp): RegExp => new RegExp(re.source, `${re.flags}y`);
const TRAIL_PAREN_SPACED_AT = sticky(TRAIL_PAREN_SPACED);
const TRAIL_PAREN_AT = sticky(TRAIL_PAREN);
const TRAIL_PAREN_CAMEL_AT = sticky(TRAIL_PAREN_CAMEL);
const TRAIL_PAREN_CODE_AT = sticky(TRAIL_PAREN_CODE);
const TRAIL_PAREN_ANY_AT = sticky(TRAIL_PAREN_ANY);
const TRAIL_SPACED_AT = sticky(TRAIL_SPACED);
const TRAIL_WORD_AT = sticky(TRAIL_WORD);
const ITEM_RULE_AT = sticky(ITEM_RULE);

function execAt(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

/**
 * A rule in parentheses closing `text` (which ends with `)`), in the order the TRAIL_PAREN patterns are
 * tried. Each pattern's parenthesis is the last `(` of the text (none holds a parenthesis or white space
 * inside), with white space just before it, so each is tried only there.
 */
function trailingParen(text: string, compact: boolean): RegExpExecArray | null {
  const open = text.lastIndexOf("(");
  if (open < 1 || !isSpace(text.charCodeAt(open - 1)) || text.indexOf(" ", open) !== -1) return null;
  const run = spaceRunBefore(text, open);
  return (
    (open - run >= 2 ? execAt(TRAIL_PAREN_SPACED_AT, text, run) : null) ??
    execAt(TRAIL_PAREN_AT, text, open - 1) ??
    execAt(TRAIL_PAREN_CAMEL_AT, text, open - 1) ??
    execAt(TRAIL_PAREN_CODE_AT, text, open - 1) ??
    (compact ? execAt(TRAIL_PAREN_ANY_AT, text, open - 1) : null)
  );
}

/**
 * A rule in a last column after two or more spaces (TRAIL_SPACED; in a stylish item TRAIL_WORD too): the
 * column holds no white space, so the patterns can start only at the last run of white space.
 */
function trailingColumn(text: string, item: boolean, worded: boolean): RegExpExecArray | null {
  let k = text.length;
  while (k > 0 && !isSpace(text.charCodeAt(k - 1))) k--;
  if (k === text.length || k < 2 || !isSpace(text.charCodeAt(k - 2))) return null;
  const run = spaceRunBefore(text, k);
  const spaced = execAt(TRAIL_SPACED_AT, text, run);
  if (spaced !== null || !item) return spaced;
  ITEM_RULE_AT.lastIndex = run;
  return worded || ITEM_RULE_AT.test(text) ? execAt(TRAIL_WORD_AT, text, run) : null;
}

const isUpper = (c: number): boolean => c >= 65 && c <= 90;

/**
 * LEAD_CODE's bare branch, `[A-Z]{1,4}\d{1,5}` then `:?\s+`, read by hand: the length it consumes, with the
 * code's own end in `at.codeEnd`; -1 when it does not match; -2 when an alias follows the code
 * (`MD001/heading-increment`), for LEAD_CODE to read.
 */
export function bareLeadCode(text: string, at: { codeEnd: number }): number {
  let k = 0;
  while (k < 5 && isUpper(text.charCodeAt(k))) k++;
  if (k === 0 || k > 4) return -1;
  const digits = k;
  while (k - digits < 6 && isDigit(text.charCodeAt(k))) k++;
  if (k === digits || k - digits > 5) return -1;
  if (text.charCodeAt(k) === 47) return -2; // `/`
  at.codeEnd = k;
  if (text.charCodeAt(k) === 58) k++; // `:`
  const spaces = k;
  while (isSpace(text.charCodeAt(k))) k++;
  return k > spaces ? k : -1;
}
/** bareLeadCode's code end, one reading at a time (as AT for the colon position). */
const BARE = { codeEnd: 0 };

/**
 * Whether LEAD_SEVERITY may match text opening with `c`: `[`, the first letter of a severity word in either
 * case (the pattern ignores case, and without the `u` flag no other character folds to an ASCII letter), or
 * a severity symbol.
 */
function mayLeadSeverity(c: number, next: number): boolean {
  // Every severity word has three letters or more: a letter is followed by another.
  if (c < 128)
    return (
      c === 91 ||
      ("bcefhimnprsw".includes(String.fromCharCode(c | 32)) && (next | 32) >= 97 && (next | 32) <= 122)
    );
  return c === 0x2716 || c === 0x2718 || c === 0xd7 || c === 0x26a0 || c === 0x203c || c === 0x2139;
}

/**
 * Whether LEAD_RULE may match: its rule holds no white space and ends with `:` right before white space, so
 * the text's first white space must follow a colon.
 */
function mayLeadRule(text: string): boolean {
  let k = 0;
  while (k < text.length && !isSpace(text.charCodeAt(k))) k++;
  return k > 1 && k < text.length && text.charCodeAt(k - 1) === 58;
}

/**
 * Reads `[severity] [code] message [code] [severity]` after a position; in a stylish item (`item`), the
 * last column after two or more spaces is the rule even without a `-` in it.
 */
export function readRest(rest: string, defaultTool: string | null, item = false): Parsed | null {
  let text = rest.trim();
  if (text === "" || notADiagnostic(rest) || !HAS_LETTER.test(text)) return null;
  let severity: Severity | null = null;
  let code: string | null = null;
  // Each pattern is tried only where its first or last character can be: most lines have neither.
  const letter = text.charCodeAt(1) === 58 ? LEAD_LETTER.exec(text) : null;
  if (letter) {
    severity = LETTERS[letter[1]!]!;
    text = text.slice(letter[0].length);
  }
  const sev =
    letter || !mayLeadSeverity(text.charCodeAt(0), text.charCodeAt(1)) ? null : LEAD_SEVERITY.exec(text);
  if (sev) {
    const word = (sev[1] ?? sev[2] ?? sev[4])!;
    severity = SEVERITY_OF.get(word) ?? SEVERITY_OF.get(word.toLowerCase()) ?? "error";
    if (sev[3] !== undefined) code = sev[3];
    text = text.slice(sev[0].length);
  }
  const c0 = text.charCodeAt(0);
  const pp = c0 === 91 ? PYLINT_PARSEABLE.exec(text) : null; // `[`
  if (pp && code === null) {
    return {
      severity: codeSeverity(pp[1]!) ?? "error",
      explicit: false,
      code: pp[1]!,
      message: `${text.slice(pp[0].length).trim()} (${pp[2]})`,
      tool: defaultTool ?? "pylint",
    };
  }
  // flake8's and pylint's bare `E501 ` is read by hand; brackets, parentheses and aliases by LEAD_CODE.
  const bare = c0 >= 65 && c0 <= 90 && code === null ? bareLeadCode(text, BARE) : -1;
  const lead = bare === -2 || ((c0 === 91 || c0 === 40) && code === null) ? LEAD_CODE.exec(text) : null; // `[`, `(`
  if (bare > 0) {
    code = text.slice(0, BARE.codeEnd);
    text = text.slice(bare);
  } else if (lead) {
    code = (lead[1] ?? lead[2] ?? lead[3])!;
    text = text.slice(lead[0].length);
    // pylint after its code may still put the severity: `C0114: convention: …` is rare; keep the text.
  }
  const rule = code === null && mayLeadRule(text) ? LEAD_RULE.exec(text) : null;
  if (rule) {
    code = rule[1]!;
    text = text.slice(rule[0].length);
  }
  const tsev = text.endsWith("]") ? TRAIL_SEVERITY.exec(text) : null;
  if (tsev) {
    severity ??= SEVERITY_WORDS[tsev[1]!.toLowerCase()] ?? null;
    text = text.slice(0, tsev.index);
  }
  let symbol = false;
  const last = text.charCodeAt(text.length - 1);
  // Any final `(rule)` is the code after `Severity - ` (the compact form) or a bracketed `[severity]`
  // (yamllint's parsable `[warning] truthy value … (truthy)`).
  const anyParen = sev !== null && (sev[1] !== undefined || sev[0].includes(" -"));
  const trail =
    (last === 93 ? TRAIL_BRACKET.exec(text) : null) ?? // `]`
    (last === 41 ? trailingParen(text, anyParen) : null) ?? // `)`
    trailingColumn(text, item, sev !== null);
  if (trail) {
    let t = trail[1]!;
    // oxlint's unix formatter: `[Warning/eslint(no-unused-vars)]`: a severity, then the rule.
    const slash = /^(Error|Warning|Info|Advice)\/([\s\S]+)$/i.exec(t);
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
  const explicit = severity !== null;
  severity ??= (code !== null ? codeSeverity(code) : null) ?? "error";
  return { severity, explicit, code, message, tool };
}

/** Whether a path a line names may be a file (asked again with its last answer kept: a log names the same file on line after line). */
export const isFileLike = lastAnswerOf(fileLike);

function fileLike(path: string): boolean {
  if (STDIN_NAME.test(path)) return true;
  if (path.includes("://") || path.length > 1024) return false;
  const base = path.slice(path.lastIndexOf("/") + 1);
  if (!FILE_LIKE.test(base)) return false;
  // A path holding spaces is taken whole only when no word before its first space reads as a log prefix.
  // A bracketed word before a blank (`[INFO] `, `[1/3] `) is a log's or a build tool's lead, never a directory.
  return !/^(?:error|warning|info|note|debug|trace|fatal|at|in|from|see|file|line)\s|^\S+ at\s|^\[[^\]\s]{1,20}\]\s/i.test(
    path,
  );
}

function push(scan: TextScan, path: string, line: number, p: Parsed, trace: string | null = null): void {
  const tool = p.tool ?? scan.tool ?? "text";
  const code = p.code ?? p.severity;
  scan.findings.push(
    finding(ruleName(tool, code), loc(repoPath(path, scan.ctx), line), p.message, p.severity, trace),
  );
}

/** Lines indented deeper than line `i` (source excerpt, carets, more message) are its trace. */
function traceAfter(scan: TextScan, i: number): number {
  const base = indentOf(scan.lines[i]!);
  let end = i + 1;
  while (
    end < scan.lines.length &&
    end - i <= 40 &&
    scan.claimed[end] === 0 &&
    // A printable first character rules the pattern out before it runs.
    !opensWithText(scan.first[end]!) &&
    INDENTED_TEXT.test(scan.lines[end]!) &&
    indentOf(scan.lines[end]!) > base &&
    (base > 0 || !ITEM.test(scan.lines[end]!))
  )
    end++;
  return end;
}

/**
 * hlint's block under its located line: `Found:`, the code indented under it, then `Perhaps:` with the
 * replacement and `Note: …` lines, up to a blank line (at most 40 lines). Returns the end index, or `i + 1`
 * when the next line is no `Found:`.
 */
function foundBlockEnd(scan: TextScan, i: number): number {
  const { lines, claimed } = scan;
  if (i + 1 >= lines.length || claimed[i + 1] === 1 || scan.first[i + 1] !== 70) return i + 1; // `F`
  const next = head(lines[i + 1]!);
  if (!next.startsWith("Found:") || !isBlank(next.slice(6))) return i + 1;
  let end = i + 2;
  while (end < lines.length && end - i <= 40 && claimed[end] === 0) {
    const l = head(lines[end]!);
    const c0 = l.charCodeAt(0);
    if (isBlank(l) || !(c0 === 32 || c0 === 9 || HLINT_BLOCK_LINE.test(l))) break;
    end++;
  }
  return end;
}

/** Whether line `l` opens a located diagnostic of its own. */
function isLocated(l: string): boolean {
  return readColonPosition(head(l), AT) && isFileLike(AT.path);
}

/**
 * A message the tool wrapped over the next lines (mypy --pretty): up to three unclaimed, non-blank lines
 * indented less than a source excerpt, none located, the last closed by `[code]`. Returns the end index,
 * the joined message and the code, or null when the lines after `i` are no such continuation.
 */
export function wrappedMessage(
  lines: string[],
  claimed: Uint8Array,
  i: number,
  message: string,
): { end: number; message: string; code: string } | null {
  for (let k = i + 1; k < lines.length && k <= i + 3; k++) {
    const l = head(lines[k]!);
    if (claimed[k] === 1 || isBlank(l) || indentOf(l) >= 4 || isLocated(l)) return null;
    const m = WRAPPED_CODE.exec(l.trimEnd());
    if (m) {
      // The message is joined only once its code is found (most located lines are followed by none).
      let text = message;
      for (let j = i + 1; j <= k; j++) text = `${text.trimEnd()} ${head(lines[j]!).trim()}`;
      const code = (m[1] ?? m[2])!;
      return { end: k + 1, message: text.slice(0, text.lastIndexOf("[")).trim(), code };
    }
  }
  return null;
}

/**
 * The indented block of a boxed (biome) diagnostic: up to the next line that is not indented or blank. A line
 * of the caller's matcher inside it neither ends it nor joins its trace (FC-STAGE1-MATCHER-5: blockTrace).
 */
function blockAfter(scan: TextScan, i: number): number {
  let end = i + 1;
  while (end < scan.lines.length && end - i <= 200 && inBlock(scan, end)) {
    const l = scan.lines[end]!;
    if (!matcherLine(scan, end) && l.trim() !== "" && !opensWithSpace(l)) break;
    end++;
  }
  while (end > i + 1 && (scan.lines[end - 1]!.trim() === "" || matcherLine(scan, end - 1))) end--;
  return end;
}

/** The trace of lines [from, to) of a block, without the caller's matcher lines in it (FC-STAGE1-MATCHER-5). */
function blockTrace(scan: TextScan, from: number, to: number): string | null {
  return unmatchedText(scan, from, to, PARSE_LIMITS.traceLines) || null;
}

/** A located line: reads its rest and pushes the finding; returns the index after what it claimed, or -1. */
function located(
  scan: TextScan,
  i: number,
  path: string,
  line: number,
  rest: string,
  symbol: Severity | null,
  indented: boolean,
): number {
  const { lines } = scan;
  // A Ruby frame (`path:4:in `total'`) is a frame of a backtrace, never a diagnostic of its own.
  if (!indented && rest.charCodeAt(0) === 105) {
    const ruby = readRubyFrame(scan, i, path, line, rest);
    if (ruby !== -1) return ruby;
  }
  const box = symbol === null && !indented && rest.includes("━") ? BOX_HEADER.exec(rest) : null;
  if (box) {
    // biome: the message is the first indented line after the header, opening with its severity symbol.
    let k = i + 1;
    while (k < lines.length && lines[k]!.trim() === "" && k - i < 4) k++;
    const sym = k < lines.length && scan.claimed[k] === 0 ? SYMBOL_LINE.exec(head(lines[k]!)) : null;
    if (sym) {
      const end = blockAfter(scan, i);
      const p: Parsed = {
        severity: SYMBOLS[sym[1]!]!,
        explicit: true,
        code: box[1]!,
        message: sym[2]!.trim(),
        tool: scan.tool,
      };
      push(scan, path, line, p, blockTrace(scan, k + 1, end));
      claim(scan, i, end);
      return end;
    }
  }
  const p = readRest(rest, scan.tool);
  // An indented located line is a diagnostic only when it says its severity (pyright's `  path:7:22 - error:`).
  if (p === null || (indented && !p.explicit)) return -1;
  if (symbol !== null && !p.explicit) p.severity = symbol;
  // hlint's block under a hint restates the source the location names and the replacement the message
  // names: it is claimed with the hint (no parser reads it again), not kept as its trace.
  const found = indented ? i + 1 : foundBlockEnd(scan, i);
  if (found > i + 1) {
    push(scan, path, line, p, null);
    claim(scan, i, found);
    return found;
  }
  if (p.code === null && !indented) {
    const w = wrappedMessage(lines, scan.claimed, i, rest);
    if (w) {
      const again = readRest(`${w.message} [${w.code}]`, scan.tool);
      if (again !== null && again.code === w.code) {
        if (symbol !== null && !again.explicit) again.severity = symbol;
        const end = traceAfter(scan, w.end - 1);
        push(scan, path, line, again, end > w.end ? joinLines(lines, w.end, end) : null);
        claim(scan, i, end);
        return end;
      }
    }
  }
  const end = traceAfter(scan, i);
  if (p.code === null && end > i + 1) {
    // pyright closes a message that runs on over indented lines with its rule: `    … (reportArgumentType)`.
    const last = head(lines[end - 1]!).trimEnd();
    const t = TRAIL_PAREN_CAMEL.exec(last) ?? TRAIL_BRACKET.exec(last);
    if (t) {
      p.code = t[1]!;
      p.tool ??= scan.tool;
    }
  }
  push(scan, path, line, p, end > i + 1 ? joinLines(lines, i + 1, end) : null);
  claim(scan, i, end);
  return end;
}

/** Whether `c` (a line's first character) may be LEAD_SYMBOL's: `!` `×` `✖` `✘` `⚠` `ℹ`. */
const mayLeadSymbol = (c: number): boolean =>
  c === 33 || c === 0xd7 || c === 0x2716 || c === 0x2718 || c === 0x26a0 || c === 0x2139;

/**
 * Whether a line may be a COUNT line: after spaces and tabs it opens with a digit, a mark, or the
 * `Found`/`Summary:`/`Scanned` of COUNT (any case). A printable ASCII character other than those rules it
 * out; anything else is left to the pattern.
 */
function mayCount(line: string): boolean {
  let i = 0;
  while (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9) i++;
  const c = line.charCodeAt(i);
  if (c <= 32 || c >= 127) return true;
  return (c >= 48 && c <= 57) || c === 70 || c === 102 || c === 83 || c === 115;
}

/** Counts a count line announces, by what they count (`error`, `warning`, or a total of `problem`s). */
function countsOf(line: string): [string, number][] {
  // FC-STAGE1-RAW-23: each kind against its severity, and a total (`✖ 7 problems (6 errors, 0 warnings, 1
  // info)`, whose infos no kind states) against all of them: the first count of another word.
  const kinds: [string, number][] = [];
  let total: number | null = null;
  COUNT_PART.lastIndex = 0;
  for (let m = COUNT_PART.exec(line); m !== null; m = COUNT_PART.exec(line)) {
    const w = m[2]!.toLowerCase();
    if (w === "error" || w === "warning") kinds.push([w, Number(m[1])]);
    else total ??= Number(m[1]);
  }
  if (total !== null) kinds.push(["problem", total]);
  return kinds;
}

/**
 * The generic layer: after every format parser, unclaimed lines shaped like a located diagnostic become
 * findings, located items under a path header too, and count lines become the tool's summary.
 */
export function parseGenericLines(scan: TextScan): void {
  const { lines, claimed } = scan;
  const before = scan.findings.length;
  let header: string | null = null;
  const announced = new Map<string, number>();
  /** A count line is the tool's summary (FC-STAGE1-RAW-17): its counts are kept, the line claimed. */
  const readCount = (line: string, i: number): boolean => {
    if (!mayCount(line) || !COUNT.test(line)) return false;
    for (const [what, n] of countsOf(line)) announced.set(what, (announced.get(what) ?? 0) + n);
    claim(scan, i, i + 1);
    return true;
  };
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
      // An indented count line (MSBuild's `    1 Error(s)` under its summary) is a count too.
      if (header === null && readCount(line, i)) continue;
      if (header !== null) {
        const item = ITEM.exec(line);
        if (item) {
          const p = readRest(item[3]!, scan.tool, true);
          if (p) {
            push(scan, header, Number(item[1]), p);
            claim(scan, i, i + 1);
          }
        }
        continue;
      }
      // An indented located line that names its severity (pyright's text report).
      const t = line.includes(":") ? line.trimStart() : "";
      if (t.indexOf(":") > 0) {
        if (readColonPosition(t, AT) && isFileLike(AT.path)) {
          const end = located(scan, i, AT.path, AT.line, AT.rest, null, true);
          if (end !== -1) i = end - 1;
        }
      }
      continue;
    }
    header = null;
    let text = line;
    let symbol: Severity | null = null;
    const sym = mayLeadSymbol(c0) ? LEAD_SYMBOL.exec(line) : null;
    const level = c0 === 91 ? LEAD_LEVEL.exec(line) : null;
    if (sym) {
      symbol = SYMBOLS[sym[1]!]!;
      text = line.slice(sym[0].length);
    } else if (level) {
      symbol = SEVERITY_WORDS[level[1]!.toLowerCase()]!;
      text = line.slice(level[0].length);
    }
    const colon = text.indexOf(":");
    if (colon > 0 && colon + 1 < text.length) {
      const fileLike = readColonPosition(text, AT) && isFileLike(AT.path);
      if (fileLike && AT.rest.trimEnd() === "too many errors") {
        // Go's compiler stops after ten errors: the rest exist but were never printed.
        scan.findings.push(
          finding(
            UNPARSED_RULE,
            null,
            "the tool stopped after its first errors (too many errors); the others were not printed",
            "error",
            line,
          ),
        );
        claim(scan, i, i + 1);
        continue;
      }
      if (fileLike) {
        const end = located(scan, i, AT.path, AT.line, AT.rest, symbol, false);
        if (end !== -1) {
          i = end - 1;
          continue;
        }
      }
      const c = text.includes(": line ") ? COMPACT.exec(text) : null;
      if (c && isFileLike(c[1]!)) {
        const end = located(scan, i, c[1]!, Number(c[2]), c[4]!, symbol, false);
        if (end !== -1) {
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
    if (readCount(line, i)) continue;
    // A header is followed by an item, which opens with white space (tested first: it is cheapest).
    if (
      i + 1 < lines.length &&
      !opensWithText(scan.first[i + 1]!) &&
      HEADER.test(line) &&
      isFileLike(line.trim())
    ) {
      const next = lines[i + 1]!;
      if (ITEM.test(next)) {
        header = line.trim();
        claim(scan, i, i + 1);
      }
    }
  }
  if (announced.size > 0) {
    // The findings of this layer, or when it found none, those of the other parsers (the matcher's are added
    // later, once: countMatcherFindings).
    const mine = tally(scan.findings, before);
    const pool = mine.all > 0 ? mine : tally(scan.findings, scan.matcherMade ?? 0);
    // A count is the summary of what came before it; it is checked, never a diagnostic itself.
    for (const [what, count] of announced) {
      const parsed = what === "error" ? pool.error : what === "warning" ? pool.warning : pool.all;
      scan.summaries.push({
        tool: scan.tool ?? "text",
        what: `${what}s`,
        count,
        parsed,
        sameFindings: "generic",
      });
    }
  }
}

/** The findings from `from` on, Stage 1's own `normalize:` remarks aside: how many, and of each severity. */
function tally(
  findings: readonly ParsedFinding[],
  from: number,
): { all: number; error: number; warning: number } {
  let all = 0;
  let error = 0;
  let warning = 0;
  for (let k = from; k < findings.length; k++) {
    const f = findings[k]!;
    if (f.rule.startsWith("normalize:")) continue;
    all++;
    if (f.severity === "error") error++;
    else if (f.severity === "warning") warning++;
  }
  return { all, error, warning };
}
