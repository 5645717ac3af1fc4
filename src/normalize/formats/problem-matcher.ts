// FC-STAGE1-MATCHER-1..4, -6: the caller's own format — a GitHub Actions problem matcher (owner, patterns, `loop`) applied before every parser.
import type { Severity } from "../../types.ts";
import { finding, head, isRecord, loc, repoPath, ruleName } from "../common.ts";
import { claim, type TextScan } from "../text-pipeline.ts";

/** One pattern of a matcher: a regular expression and the group numbers of the fields it captures. */
export interface ProblemPattern {
  regexp: string;
  file?: number;
  fromPath?: number;
  line?: number;
  column?: number;
  severity?: number;
  code?: number;
  message?: number;
  loop?: boolean;
}

/** A GitHub Actions problem matcher (the elements of a matcher file's `problemMatcher` array). */
export interface ProblemMatcher {
  owner: string;
  severity?: string;
  pattern: ProblemPattern[];
}

const FIELDS = ["file", "fromPath", "line", "column", "severity", "code", "message"] as const;
type Field = (typeof FIELDS)[number];
const PATTERN_KEYS = new Set<string>(["regexp", "loop", ...FIELDS]);
const MATCHER_KEYS = new Set(["owner", "severity", "pattern"]);
/** Bounds on what a request may carry (FC-STAGE1-MATCHER-1). */
export const MATCHER_LIMITS = { matchers: 16, patterns: 8, regexp: 1000, owner: 64 } as const;

/**
 * Whether a regular expression can backtrack without bound on one line: a repeated group (`*`, `+`,
 * `{n,}`, `{n,m}` with m > 1) that itself holds a repetition, as in `(a+)+` or `(\w*\s?)*`, or a back
 * reference. Everything else runs in time polynomial in the (bounded) line length.
 */
export function nestedRepetition(source: string): boolean {
  const stack: boolean[] = [false]; // per open group: holds a repetition
  let lastGroupRepeats = false; // the atom just closed was a group holding a repetition
  let afterAtom = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === "\\") {
      const n = source[i + 1] ?? "";
      if (/[1-9]/.test(n) || (n === "k" && source[i + 2] === "<")) return true;
      i++;
      afterAtom = true;
      lastGroupRepeats = false;
      continue;
    }
    if (c === "[") {
      // A JavaScript class ends at its first unescaped `]`, even right after `[` or `[^`: `[^]` is any
      // character and `[]` nothing (not POSIX's literal `]`), so `(?:[^]*a)+` is a nested repetition.
      i++;
      while (i < source.length && source[i] !== "]") {
        if (source[i] === "\\") i++;
        i++;
      }
      afterAtom = true;
      lastGroupRepeats = false;
      continue;
    }
    if (c === "(") {
      stack.push(false);
      if (source[i + 1] === "?") {
        // (?: (?= (?! (?<= (?<! (?<name>
        i++;
        if (source[i + 1] === "<" && source[i + 2] !== "=" && source[i + 2] !== "!") {
          const close = source.indexOf(">", i);
          if (close !== -1) i = close;
        } else i++;
      }
      afterAtom = false;
      continue;
    }
    if (c === ")") {
      const inner = stack.length > 1 ? stack.pop()! : false;
      lastGroupRepeats = inner;
      // A group holding a repetition makes its parent hold one too.
      if (inner) stack[stack.length - 1] = true;
      afterAtom = true;
      continue;
    }
    let repeats = false;
    let quantifier = false;
    if (c === "*" || c === "+") {
      repeats = true;
      quantifier = true;
    } else if (c === "?") {
      quantifier = afterAtom;
    } else if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
      if (m) {
        quantifier = true;
        repeats = m[2] !== undefined && (m[3] === "" || Number(m[3]) > 1);
        i += m[0].length - 1;
      }
    }
    if (quantifier) {
      if (repeats && lastGroupRepeats) return true;
      if (repeats) stack[stack.length - 1] = true;
      if (source[i + 1] === "?") i++; // lazy
      afterAtom = false;
      lastGroupRepeats = false;
      continue;
    }
    afterAtom = c !== "|" && c !== "^" && c !== "$";
    lastGroupRepeats = false;
  }
  return false;
}

const groupCount = (re: RegExp): number => new RegExp(`${re.source}|`).exec("")!.length - 1;

/**
 * Why `v` is not a problem matcher Stage 1 can apply, or null when it is: GitHub's rules (an owner, at
 * least one pattern, group numbers within the expression, each field set by one pattern only, a message
 * somewhere, `loop` only on the last of several patterns and with a message), a default severity of
 * `error`/`warning`/`notice`, an expression that compiles, and FC-STAGE1-MATCHER-1's bounds.
 */
export function problemMatcherError(v: unknown): string | null {
  const list = Array.isArray(v) ? v : [v];
  if (list.length === 0 || list.length > MATCHER_LIMITS.matchers)
    return `: must be a matcher or an array of 1..${MATCHER_LIMITS.matchers} matchers`;
  const owners = new Set<string>();
  for (const [k, m] of list.entries()) {
    const at = Array.isArray(v) ? `/${k}` : "";
    if (!isRecord(m)) return `${at}: must be an object`;
    for (const key of Object.keys(m))
      if (!MATCHER_KEYS.has(key)) return `${at}: unknown key (allowed: owner, severity, pattern)`;
    if (typeof m.owner !== "string" || m.owner === "" || m.owner.length > MATCHER_LIMITS.owner)
      return `${at}/owner: must be a string of 1..${MATCHER_LIMITS.owner} characters`;
    if (owners.has(m.owner.toLowerCase())) return `${at}/owner: duplicate owner`;
    owners.add(m.owner.toLowerCase());
    if (m.severity !== undefined && !/^(?:|error|warning|notice)$/i.test(String(m.severity)))
      return `${at}/severity: must be error, warning or notice`;
    const patterns = m.pattern;
    if (!Array.isArray(patterns) || patterns.length === 0 || patterns.length > MATCHER_LIMITS.patterns)
      return `${at}/pattern: must be an array of 1..${MATCHER_LIMITS.patterns} patterns`;
    const set = new Set<Field>();
    for (const [i, p] of patterns.entries()) {
      const pat = `${at}/pattern/${i}`;
      if (!isRecord(p)) return `${pat}: must be an object`;
      for (const key of Object.keys(p))
        if (!PATTERN_KEYS.has(key))
          return `${pat}: unknown key (allowed: regexp, file, fromPath, line, column, severity, code, message, loop)`;
      if (typeof p.regexp !== "string" || p.regexp.length > MATCHER_LIMITS.regexp)
        return `${pat}/regexp: must be a string of at most ${MATCHER_LIMITS.regexp} characters`;
      let re: RegExp;
      try {
        re = new RegExp(p.regexp);
      } catch {
        return `${pat}/regexp: is not a valid regular expression`;
      }
      if (nestedRepetition(p.regexp))
        return `${pat}/regexp: repeats a group that itself repeats, or refers back to a group (unbounded backtracking)`;
      const groups = groupCount(re);
      for (const f of FIELDS) {
        const n = p[f];
        if (n === undefined) continue;
        if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > groups)
          return `${pat}/${f}: must be a group number of the expression (0..${groups})`;
        if (set.has(f)) return `${pat}/${f}: is set by an earlier pattern too`;
        set.add(f);
      }
      if (p.loop !== undefined && typeof p.loop !== "boolean") return `${pat}/loop: must be a boolean`;
      if (p.loop === true && (patterns.length === 1 || i !== patterns.length - 1))
        return `${pat}/loop: only the last of several patterns may loop`;
      if (p.loop === true && p.message === undefined)
        return `${pat}/loop: a looping pattern must set message`;
    }
    if (!set.has("message")) return `${at}/pattern: at least one pattern must set message`;
  }
  return null;
}

type Captured = Partial<Record<Field, string>>;

/** What a running multi-line match has captured, and the lines it matched. */
interface Running {
  c: Captured;
  lines: number[];
}

interface Compiled {
  owner: string;
  severity: string;
  patterns: { re: RegExp; p: ProblemPattern }[];
  /** Per pattern but the last: the running match up to it (null: not matched). */
  state: (Running | null)[];
}

function capture(m: RegExpExecArray, p: ProblemPattern, running: Captured | null): Captured {
  const out: Captured = { ...(running ?? {}) };
  for (const f of FIELDS) {
    const n = p[f];
    // A value the running match already holds is kept (GitHub: earlier patterns win).
    if (n !== undefined && out[f] === undefined && m[n] !== undefined) out[f] = m[n];
  }
  return out;
}

function severityOf(word: string | undefined, fallback: string): Severity {
  const w = (word === undefined || word === "" ? fallback : word).toLowerCase();
  if (w === "warning" || w === "warn") return "warning";
  if (w === "notice" || w === "info" || w === "note" || w === "hint") return "info";
  return "error";
}

const dirOf = (p: string): string => {
  const s = p.replace(/\\/g, "/");
  return s.includes("/") ? s.slice(0, s.lastIndexOf("/")) : "";
};

/**
 * Runs the matchers over the scan's lines before any other parser (FC-STAGE1-MATCHER-2..4). One pattern
 * matches line by line; several match consecutive lines, and a last pattern with `loop` keeps matching
 * the lines after it, each a finding that carries what the earlier patterns captured. The lines of every
 * finding are claimed; lines an unfinished match took are left to the other parsers. A finding's rule is
 * `<owner>:<code>`, else `<owner>:<severity>`.
 */
export function applyProblemMatcher(scan: TextScan, matchers: readonly ProblemMatcher[]): void {
  const compiled: Compiled[] = matchers.map((m) => ({
    owner: m.owner,
    severity: m.severity ?? "",
    patterns: m.pattern.map((p) => ({ re: new RegExp(p.regexp), p })),
    state: m.pattern.slice(1).map(() => null),
  }));
  const { lines } = scan;
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i] === 1) continue;
    const line = head(lines[i]!);
    for (const m of compiled) {
      const issue = matchLine(m, line, i);
      if (issue === null) continue;
      scan.matched ??= new Uint8Array(lines.length);
      for (const k of issue.lines) {
        claim(scan, k, k + 1);
        scan.matched[k] = 1;
      }
      push(scan, m, issue.c);
      break;
    }
  }
}

/** One line through one matcher: the finding it completes, or null (GitHub's matching, IssueMatcher). */
function matchLine(m: Compiled, line: string, at: number): Running | null {
  const n = m.patterns.length;
  if (n === 1) {
    const r = m.patterns[0]!.re.exec(line);
    return r === null ? null : { c: capture(r, m.patterns[0]!.p, null), lines: [at] };
  }
  // From the last pattern back to the first, so that each pattern sees the state before this line.
  for (let i = n - 1; i >= 0; i--) {
    const running = i > 0 ? m.state[i - 1]! : null;
    if (i > 0 && running === null) continue;
    const { re, p } = m.patterns[i]!;
    const r = re.exec(line);
    if (i === n - 1) {
      if (r === null) {
        m.state[i - 1] = null;
        continue;
      }
      const issue = { c: capture(r, p, running!.c), lines: [...running!.lines, at] };
      m.state.fill(null);
      // A looping last pattern keeps the running match, whose lines are claimed by now.
      if (p.loop === true) m.state[i - 1] = { c: running!.c, lines: [] };
      return issue;
    }
    m.state[i] =
      r === null ? null : { c: capture(r, p, running?.c ?? null), lines: [...(running?.lines ?? []), at] };
  }
  return null;
}

function push(scan: TextScan, m: Compiled, c: Captured): void {
  let path = c.file ?? "";
  if (path !== "" && c.fromPath !== undefined && !/^(?:\/|[A-Za-z]:[\\/])/.test(path)) {
    const dir = dirOf(c.fromPath);
    if (dir !== "") path = `${dir}/${path}`;
  }
  const line = c.line !== undefined && /^\d{1,9}$/.test(c.line.trim()) ? Number(c.line.trim()) : undefined;
  const severity = severityOf(c.severity, m.severity);
  const code = c.code !== undefined && c.code.trim() !== "" ? c.code : severity;
  scan.findings.push(
    finding(
      ruleName(m.owner, code),
      path === "" ? null : loc(repoPath(path, scan.ctx), line),
      c.message ?? "",
      severity,
    ),
  );
}

/**
 * FC-STAGE1-MATCHER-6: the matchers' findings (the scan's first `made`) are findings of the output, so they
 * make up what a tool's stated count finds short among the parsers' own: a count of errors takes error
 * findings, a count of warnings warning ones, any other count (problems, failures) findings of any severity.
 * Each matcher finding makes up one count once, the counts taken in the order the parsers stated them; counts
 * of the same findings (the kinds and the total of count lines, `sameFindings`) each take from what the counts
 * before them left, and together use up, of each severity, the most any of them took.
 */
export function countMatcherFindings(scan: TextScan, made: number): void {
  if (made === 0 || scan.summaries.length === 0) return;
  const left: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (let i = 0; i < made; i++) left[scan.findings[i]!.severity]++;
  const { summaries } = scan;
  for (let k = 0; k < summaries.length; ) {
    const tag = summaries[k]!.sameFindings;
    let end = k + 1;
    while (tag !== undefined && end < summaries.length && summaries[end]!.sameFindings === tag) end++;
    const used: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
    for (; k < end; k++) {
      const s = summaries[k]!;
      let short = s.count - s.parsed;
      if (short <= 0) continue;
      const from: Severity[] =
        s.what === "errors" ? ["error"] : s.what === "warnings" ? ["warning"] : ["error", "warning", "info"];
      let parsed = s.parsed;
      for (const sev of from) {
        const take = Math.min(short, left[sev]);
        used[sev] = Math.max(used[sev], take);
        short -= take;
        parsed += take;
      }
      if (parsed !== s.parsed) summaries[k] = { ...s, parsed };
    }
    for (const sev of ["error", "warning", "info"] as const) left[sev] -= used[sev];
  }
}
