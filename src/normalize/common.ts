// FC-STAGE1-RAW-3, FC-STAGE1-RAW-4, FC-STAGE1-RAW-10, FC-STAGE1-RAW-26: cleaning, paths, bounds, documents in text.
import { NEEDS_SANITIZING, sanitize } from "../text.ts";
import type { Location, Severity } from "../types.ts";
import type { ParseContext, ParsedFinding } from "./types.ts";

/** Bounds applied while parsing so one huge diagnostic cannot blow up memory (the pipeline trims further). */
export const PARSE_LIMITS = {
  message: 4000,
  trace: 8000,
  traceLines: 60,
  /** Longer lines are matched on this prefix only, which keeps every pattern linear in the input. */
  matchPrefix: 4096,
  rule: 200,
  path: 1024,
} as const;

/**
 * FC-STAGE1-RAW-3: what a terminal would finally show. CR LF becomes LF; a lone CR is a redraw, so only
 * the text after the last CR of a line survives; then FC-STAGE1-3 sanitation (ANSI, controls, surrogates).
 * The CR rules are read line by line (redrawn): the two patterns that state them, `/\r+\n/g` then
 * `/[^\n]*\r([^\r\n]*)/g` (the tests' oracle), take quadratic time on a long run of CRs without an LF and on
 * a long line without a CR in a text that holds one (a megabyte of either took minutes).
 */
export function cleanText(text: string): string {
  if (text.indexOf("\r") === -1) return sanitize(text);
  const lines = text.split("\n");
  const last = lines.length - 1;
  for (let i = 0; i <= last; i++)
    if (lines[i]!.indexOf("\r") !== -1) lines[i] = redrawn(lines[i]!, i === last);
  return sanitize(lines.join("\n"));
}

/**
 * The text each array of splitLines or cleanLines was read from, and where its lines start in it (found on
 * first use). `changed` lists, in order, the lines cleanLines sanitized: their text may not occur in `text`.
 * `moved` lists the lines it only cut at a CR (`text` holds each, but not at its start or not whole).
 */
interface Source {
  text: string;
  starts: Int32Array | null;
  changed: number[];
  moved: number[];
  /** The sanitized lines (`changed`) joined by LF, and where each starts in it (sanitizedOf makes them). */
  sanitized?: { text: string; starts: Int32Array };
}

/** The lines cleanLines sanitized, as one text: one search of it replaces one search of each line. */
function sanitizedOf(source: Source, lines: readonly string[]): { text: string; starts: Int32Array } {
  if (source.sanitized === undefined) {
    const changed = source.changed.map((i) => lines[i]!);
    source.sanitized = { text: changed.join("\n"), starts: lineStarts(changed) };
  }
  return source.sanitized;
}
const SOURCES = new WeakMap<readonly string[], Source>();

/** Splits cleaned text into lines without a trailing empty line. */
export function splitLines(text: string): string[] {
  const lines = text.split("\n");
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  SOURCES.set(lines, { text, starts: null, changed: [], moved: [] });
  return lines;
}

/** Below this length a text is cleaned whole: the copy is small. */
const CLEAN_BY_LINE_MIN = 1024 * 1024;
/** NEEDS_SANITIZING, global: cleanLines finds each line that holds one (a CR is one of them). */
const UNCLEAN = new RegExp(NEEDS_SANITIZING.source, "g");

/**
 * cleanText's CR rules on one line of the text split on LF: a run of CRs before the LF is the line end of
 * CR LF (not so on the last line, which no LF ends), and a CR left after that is a redraw, so only the text
 * after the last one stays.
 */
function redrawn(line: string, last: boolean): string {
  let end = line.length;
  if (!last) while (end > 0 && line.charCodeAt(end - 1) === 13) end--;
  const cr = line.lastIndexOf("\r", end - 1);
  return cr === -1 ? line.slice(0, end) : line.slice(cr + 1, end);
}

/**
 * `splitLines(cleanText(raw))`, without a cleaned copy of the whole text: each line holding a CR or a
 * character sanitation may change is cleaned alone, and the others are slices of `raw`. A copy of a long text
 * is costly (on the 2-core VM, touching 100 MB of fresh memory takes about 0.4 s, most of a coloured log's
 * cleaning), and a Windows tool's CR LF puts a CR on every line. Only where cleaning never crosses a line: no
 * OSC escape (`ESC ]` runs to its BEL, past line ends); cleanText's CR rules stop at the LF. Returns null
 * there, and for a short text. A long text that needs no cleaning is split as it is (the search that found
 * nothing to clean is not run a second time by cleanText).
 */
export function cleanLines(raw: string): string[] | null {
  if (raw.length < CLEAN_BY_LINE_MIN || raw.indexOf("\x1b]") !== -1) return null;
  UNCLEAN.lastIndex = 0;
  let m = UNCLEAN.exec(raw);
  if (m === null) return splitLines(raw);
  const lines = raw.split("\n");
  const starts = lineStarts(lines);
  const changed: number[] = [];
  const moved: number[] = [];
  const lastLine = lines.length - 1;
  let i = 0;
  while (m !== null) {
    // The line the character sits on (starts only grow), cleaned whole; the search goes on after it.
    while (i + 1 < lines.length && starts[i + 1]! <= m.index) i++;
    const line = lines[i]!;
    // CR rules first, then sanitation, in cleanText's order.
    const cut = line.indexOf("\r") === -1 ? line : redrawn(line, i === lastLine);
    const clean = sanitize(cut);
    if (clean !== cut) {
      lines[i] = clean;
      changed.push(i);
    } else if (cut !== line) {
      lines[i] = cut;
      moved.push(i);
    }
    if (i + 1 >= lines.length) break;
    UNCLEAN.lastIndex = starts[i + 1]!;
    m = UNCLEAN.exec(raw);
  }
  if (lines.length > 0 && lines[lines.length - 1] === "") {
    lines.pop();
    // The last line may have been cleaned to nothing (a log that ends with `ESC[0m` and no LF): it is gone.
    if (changed[changed.length - 1] === lines.length) changed.pop();
    if (moved[moved.length - 1] === lines.length) moved.pop();
  }
  SOURCES.set(lines, { text: raw, starts, changed, moved });
  return lines;
}

/**
 * Whether some line may hold `needle` (a string without a line break, or a pattern that matches within one
 * line: no `^`/`$` under `m`, no `g` or `y` flag): false only when none does. One search of the text the lines
 * were read from tells it (a sanitized line is searched alone), faster than a walk. An alternation of words is
 * found faster than a short string opening with a common character (` TS` is searched at every space).
 */
export function linesMayHold(lines: readonly string[], needle: string | RegExp): boolean {
  const source = SOURCES.get(lines);
  if (source === undefined) return true;
  if (typeof needle === "string") {
    if (needle.includes("\n")) return true;
    // The text holds every line that was not sanitized (one cut at a CR is part of its raw line); a match inside
    // a sanitized line's raw form only costs a walk.
    return source.text.includes(needle) || sanitizedOf(source, lines).text.includes(needle);
  }
  return needle.test(source.text) || needle.test(sanitizedOf(source, lines).text);
}

/** The search patterns of linesHoldingEach, by their needles (the parsers' constants: a few sets in all). */
const NEEDLE_SEARCH = new Map<string, RegExp>();

/**
 * For each of `needles` (non-empty strings without a line break), the indices, ascending, of the lines that
 * may hold it: every line that holds it is among them, and a line may be listed that does not (its raw form
 * held the needle, and cleaning took it away). A parser whose line test opens with such a search reads only
 * these lines (text-pipeline.ts linesWith). One search of the source text finds every needle at once, where
 * a walk would touch every line's string once per parser (bench:stage1). Lines without a source (not made by
 * splitLines or cleanLines) are searched one by one.
 */
export function linesHoldingEach(lines: readonly string[], needles: readonly string[]): Int32Array[] {
  const n = lines.length;
  const source = SOURCES.get(lines);
  if (source === undefined) {
    const lists: number[][] = needles.map(() => []);
    for (let i = 0; i < n; i++)
      for (let k = 0; k < needles.length; k++) if (lines[i]!.includes(needles[k]!)) lists[k]!.push(i);
    return lists.map((l) => Int32Array.from(l));
  }
  source.starts ??= lineStarts(lines);
  // The text past the lines: a last line cleaned to nothing was dropped (cleanLines).
  const end = n < source.starts.length ? source.starts[n]! : source.text.length;
  const lists = linesHit(source.text, source.starts, n, end, needles);
  if (source.changed.length === 0) return lists;
  // A sanitized line's text may not be in the source: the sanitized lines are searched as a text of their own.
  const { changed } = source;
  const { text, starts } = sanitizedOf(source, lines);
  const extra = linesHit(text, starts, changed.length, text.length, needles);
  return lists.map((list, k) =>
    mergeAscending(
      list,
      extra[k]!.map((j) => changed[j]!),
    ),
  );
}

/**
 * The line offset `at` sits on: the last of the `n` lines (`starts` gives where each starts) that starts at or
 * before it, searched from line `from` on (a search's hits only move forward).
 */
function lineAt(starts: Int32Array, n: number, from: number, at: number): number {
  let line = from;
  let hi = n;
  while (hi - line > 1) {
    const mid = (line + hi) >>> 1;
    if (starts[mid]! <= at) line = mid;
    else hi = mid;
  }
  return line;
}

/** The search pattern for a set of needles (their alternation, flag g), by the set: the parsers' constants. */
function searchFor(needles: readonly string[]): RegExp {
  const key = needles.join("\n");
  let search = NEEDLE_SEARCH.get(key);
  if (search === undefined) {
    search = new RegExp(needles.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
    NEEDLE_SEARCH.set(key, search);
  }
  return search;
}

/**
 * For each needle, the lines (ascending, each once) of `text` it opens in, before `end`; `starts` gives where
 * each of the `n` lines starts. A few needles are searched one by one; more, in one pass of their alternation.
 */
function linesHit(
  text: string,
  starts: Int32Array,
  n: number,
  end: number,
  needles: readonly string[],
): Int32Array[] {
  // A few strings are found faster one by one (a native search each); many, by one pattern for all.
  if (needles.length <= FEW_NEEDLES) return needles.map((s) => linesHitBy(text, starts, n, end, s));
  const search = searchFor(needles);
  const lists: number[][] = needles.map(() => []);
  const firsts = needles.map((s) => s.charCodeAt(0));
  let line = 0;
  search.lastIndex = 0;
  for (let m = search.exec(text); m !== null; m = search.exec(text)) {
    const at = m.index;
    if (at >= end) break;
    line = lineAt(starts, n, line, at);
    // Every needle that opens here (the pattern names only the first alternative that matches).
    const c = text.charCodeAt(at);
    for (let k = 0; k < needles.length; k++) {
      if (firsts[k] !== c || !text.startsWith(needles[k]!, at)) continue;
      const list = lists[k]!;
      if (list.length === 0 || list[list.length - 1] !== line) list.push(line);
    }
    search.lastIndex = at + 1;
  }
  search.lastIndex = 0;
  return lists.map((l) => Int32Array.from(l));
}

/**
 * Up to this many strings are searched one by one. Measured on `bench:stage1` (cachegrind and wall time): 11
 * strings over 10 MB of `go` output took 10 ms one by one and 23-40 ms as one pattern; the linter mix's 21
 * took 218 ms one by one over 50 MB and 82 ms as one pattern.
 */
const FEW_NEEDLES = 12;

/**
 * The lines (ascending, each once) of `text` that hold `needle`, before `end`. The native search compares
 * the first unit in a fast loop only for a short string, so a long one is searched by its first six units
 * and each hit checked whole.
 */
function linesHitBy(text: string, starts: Int32Array, n: number, end: number, needle: string): Int32Array {
  const lead = needle.length > 6 ? needle.slice(0, 6) : needle;
  const list: number[] = [];
  let line = 0;
  for (let at = text.indexOf(lead); at !== -1 && at < end; ) {
    line = lineAt(starts, n, line, at);
    if (lead === needle || text.startsWith(needle, at)) {
      list.push(line);
      if (line + 1 >= n) break;
      at = text.indexOf(lead, starts[line + 1]!);
    } else at = text.indexOf(lead, at + 1);
  }
  return Int32Array.from(list);
}

/** The union of two ascending lists of distinct numbers, ascending, each number once. */
export function mergeAscending(a: Int32Array, b: Int32Array): Int32Array {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? a[i]! : Number.POSITIVE_INFINITY;
    const y = j < b.length ? b[j]! : Number.POSITIVE_INFINITY;
    const v = Math.min(x, y);
    if (x === v) i++;
    if (y === v) j++;
    out[k++] = v;
  }
  return out.subarray(0, k);
}
/**
 * `lines.slice(from, to).join("\n")`. Lines of splitLines are read back from their text as one slice,
 * which copies nothing (the traces of a large log would otherwise each be a copy kept to the end).
 */
export function joinedLines(lines: readonly string[], from: number, to: number): string {
  const end = Math.min(to, lines.length);
  if (end <= from) return "";
  const source = SOURCES.get(lines);
  if (
    source === undefined ||
    listedWithin(source.changed, from, end) ||
    listedWithin(source.moved, from, end)
  )
    return lines.slice(from, end).join("\n");
  source.starts ??= lineStarts(lines);
  return source.text.slice(source.starts[from]!, source.starts[end - 1]! + lines[end - 1]!.length);
}

/** Where each of `lines` starts in the text they were split from on LF. */
function lineStarts(lines: readonly string[]): Int32Array {
  const starts = new Int32Array(lines.length);
  for (let i = 1; i < lines.length; i++) starts[i] = starts[i - 1]! + lines[i - 1]!.length + 1;
  return starts;
}

/** Whether a line of `listed` (ascending) is in [from, end): a line cleaned alone is not read back as a slice. */
function listedWithin(listed: readonly number[], from: number, end: number): boolean {
  if (listed.length === 0) return false;
  let lo = 0;
  let hi = listed.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (listed[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < listed.length && listed[lo]! < end;
}

/** Whether the UTF-16 unit `c` is white space as a pattern's `\s` reads it (line terminators included). */
export function isSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Whether the UTF-16 unit `c` is an ASCII digit (`\d` without the `u` flag). */
export const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** Whether `l` opens with white space: `/^\s/.test(l)` without a pattern (it runs on most lines of a log). */
export const opensWithSpace = (l: string): boolean => isSpace(l.charCodeAt(0));

/** A line terminator as a multiline `^` reads it. */
const isLineTerminator = (c: number): boolean => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;

/**
 * Whether `/^\s*[[{]/m` matches `text` (after a line start and white space, which may run over more line
 * starts, a `[` or `{`), in one pass. The pattern tries `\s*` from every line start, so a long run of line
 * ends made it quadratic (64 KiB of CRs under a JSON format's name: 2.3 s).
 */
export function someLineOpensJson(text: string): boolean {
  // Whether a line start lies in the run of white space since the last other character.
  let atLineStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isLineTerminator(c)) atLineStart = true;
    else if (!isSpace(c)) {
      if (atLineStart && (c === 91 || c === 123)) return true;
      atLineStart = false;
    }
  }
  return false;
}

/**
 * Whether `text.trim() === ""`, without building the trimmed string: most lines are told apart by their
 * first character that is not a space or a tab.
 */
export function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9) continue;
    // Printable ASCII and U+0080..U+009F are never white space; anything else, trim() decides.
    return c > 32 && c < 0xa0 ? false : text.trim() === "";
  }
  return true;
}

/** How many white-space characters open a line (`line.length - line.trimStart().length`, without the copy). */
export function indentOf(line: string): number {
  let i = 0;
  while (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9) i++;
  const c = line.charCodeAt(i);
  // Printable ASCII and U+0080..U+009F are never white space (nor is the end of the line); else trimStart decides.
  if (i === line.length || (c > 32 && c < 0xa0)) return i;
  return line.length - line.trimStart().length;
}

/** The part of a line patterns are matched on (FC-STAGE1-RAW-10: linear time on megabyte lines). */
export const head = (line: string): string =>
  line.length > PARSE_LIMITS.matchPrefix ? line.slice(0, PARSE_LIMITS.matchPrefix) : line;

export function cap(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let cut = limit - 1;
  const c = text.charCodeAt(cut - 1);
  if (c >= 0xd800 && c <= 0xdbff) cut--;
  return `${text.slice(0, cut)}…`;
}

const WINDOWS_ABS = /^[A-Za-z]:[\\/]/;
const URI = /^file:\/\/(?:localhost)?(\/[^?#]*)/i;

function decodeUri(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

interface Root {
  /** `/` separators, no trailing slash; lower case for a Windows root, which is compared without case. */
  root: string;
  caseless: boolean;
  /**
   * repoPath's answers for this context, by raw path (up to PATHS_KEPT of them): a large log names a few
   * files in every finding. The answer depends on the raw text and the context only.
   */
  paths: Map<string, string>;
  /** repoPath's last question and answer: a log names the same file on line after line. */
  lastRaw: string | null;
  lastPath: string;
}

const PATHS_KEPT = 4096;

/** ctx.repoRoot as repoPath compares paths with it, derived once per parse context (held only while it lives). */
const ROOTS = new WeakMap<ParseContext, Root>();
function rootOf(ctx: ParseContext): Root {
  let r = ROOTS.get(ctx);
  if (r === undefined) {
    const raw = ctx.repoRoot;
    // A root with no segment (`/`, `C:\`) relativises nothing (FC-PATH-1).
    const root = raw
      ? raw
          .replace(/\\/g, "/")
          .replace(/\/+$/, "")
          .replace(/^[A-Za-z]:$/, "")
      : "";
    const caseless = WINDOWS_ABS.test(root);
    r = {
      root: caseless ? root.toLowerCase() : root,
      caseless,
      paths: new Map(),
      lastRaw: null,
      lastPath: "",
    };
    ROOTS.set(ctx, r);
  }
  return r;
}

/**
 * FC-STAGE1-RAW-4: a tool path as a location path. `file:` URIs are decoded; backslashes become `/` for
 * Windows paths; a path under ctx.repoRoot becomes repo-relative; `./` prefixes go; other absolute paths
 * are left as they are (the redactor masks them later).
 */
export function repoPath(raw: string, ctx: ParseContext): string {
  const r = rootOf(ctx);
  if (raw === r.lastRaw) return r.lastPath;
  const known = lookUpPath(r, raw);
  r.lastRaw = raw;
  r.lastPath = known;
  return known;
}

function lookUpPath(r: Root, raw: string): string {
  const known = r.paths.get(raw);
  if (known !== undefined) return known;
  const p = pathUnder(raw, r);
  if (r.paths.size < PATHS_KEPT) r.paths.set(raw, p);
  return p;
}

function pathUnder(raw: string, { root, caseless }: Root): string {
  let p = sanitize(raw.trim());
  const c0 = p.charCodeAt(0);
  const uri = c0 === 102 || c0 === 70 ? URI.exec(p) : null; // `file:`, any case
  if (uri) {
    p = decodeUri(uri[1]!);
    if (/^\/[A-Za-z]:\//.test(p)) p = p.slice(1);
  }
  if (WINDOWS_ABS.test(p) || (p.includes("\\") && !p.includes("/"))) p = p.replace(/\\/g, "/");
  if (root !== "") {
    const a = caseless ? p.toLowerCase() : p;
    if (a.startsWith(root) && a.charCodeAt(root.length) === 47) p = p.slice(root.length + 1);
  }
  while (p.startsWith("./")) p = p.slice(2);
  return cap(p, PARSE_LIMITS.path);
}

export const isAbsolutePath = (p: string): boolean => p.startsWith("/") || WINDOWS_ABS.test(p);

// FC-STAGE1-RAW-25: the name a tool prints for text it read from standard input (gcc and standard `<stdin>`,
// ESLint `<text>`, mypy `<string>`, rustc `<anon>`, flake8 `stdin`, shellcheck and ruff `-`): kept as the path.
/** A path that ends in a file extension (`App.java`, `build.gradle.kts`): a file, not a directory or a word. */
export const FILE_EXTENSION = /\.[A-Za-z0-9+_-]{1,10}$/;

export const STDIN_NAME = /^(?:<stdin>|<text>|<string>|<anon>|stdin|-)$/;

/** Paths that never name the project's own code: dependencies, runtimes and tool internals. */
/**
 * A text holding none of these holds no path isForeignPath accepts (each test below needs one of them): quietTrace
 * skips its walk over such a trace. A new test of isForeignPath adds its literal here.
 */
export const FOREIGN_PATH_NEEDLES = [
  "node:",
  "node_modules",
  "internal/",
  "-packages/",
  "/usr/",
  "<",
  "/.cargo/registry/",
  "/rustc/",
  "/lib/",
  "/opt/",
] as const;

export function isForeignPath(p: string): boolean {
  return (
    p.startsWith("node:") ||
    p.includes("node_modules/") ||
    // Old Node's own frames (`internal/modules/cjs/loader.js`); a project's `internal/` package (Go's
    // `internal/store/db.go`) is the project's.
    (p.startsWith("internal/") && /\.[cm]?js$/.test(p)) ||
    p.includes("/site-packages/") ||
    p.includes("/dist-packages/") ||
    p.startsWith("/usr/") ||
    // `<frozen importlib._bootstrap>`, `<built-in>`: the runtime's; a name for standard input is the user's code.
    (p.startsWith("<") && !STDIN_NAME.test(p)) ||
    p.includes("/.cargo/registry/") ||
    p.includes("/rustc/") ||
    p.startsWith("/lib/") ||
    p.startsWith("/opt/") ||
    // The pattern only where its literal is (an unanchored pattern is tried at every position: a tenth of a
    // JUnit report's parse went into it).
    (p.includes("/lib/python") && /\/lib\/python\d/.test(p))
  );
}

const isLineNumber = (n: unknown): n is number =>
  typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 2147483647;

/** A Location from 1-based lines; lines that are not positive integers are left out, a reversed end too. */
export function loc(path: string, startLine?: unknown, endLine?: unknown): Location | null {
  if (path === "") return null;
  // Each shape is built whole (adding properties one by one costs a map transition per location).
  if (!isLineNumber(startLine)) return { path };
  if (isLineNumber(endLine) && endLine >= startLine) return { path, startLine, endLine };
  return { path, startLine };
}

/**
 * One string per distinct rule (up to 4096 of them): a large log repeats a few rules in every finding,
 * and each finding would otherwise keep its own copy of the name to the end of the parse. The table lives for
 * one parse only (parseToolOutput empties it), so nothing read from one request outlives it.
 */
const RULES = new Map<string, string>();
/** ruleName's results by tool, then code: a log names the same few thousand at most. Emptied with RULES. */
const RULE_NAMES = new Map<string, Map<string, string>>();
function internRule(rule: string): string {
  const known = RULES.get(rule);
  if (known !== undefined) return known;
  if (RULES.size < 4096) RULES.set(rule, rule);
  return rule;
}

/** The one-entry memos of lastAnswerOf, emptied at the end of each parse (a kept key may hold the whole text). */
const LAST_ANSWERS: { key: string | null; value: unknown }[] = [];

/**
 * `fn` with its last question and answer kept: a log asks the same question on line after line (the same
 * file, the same rule). `fn` must be pure; the memo is emptied with the rest of a parse's state.
 */
export function lastAnswerOf<T>(fn: (s: string) => T): (s: string) => T {
  const memo: { key: string | null; value: unknown } = { key: null, value: undefined };
  LAST_ANSWERS.push(memo);
  return (s) => {
    if (s === memo.key) return memo.value as T;
    const value = fn(s);
    memo.key = s;
    memo.value = value;
    return value;
  };
}

/** Ends a parse: the interned rule names, the paths repoPath kept for `ctx` and the last answers kept are let go. */
export function forgetParseState(ctx: ParseContext): void {
  RULES.clear();
  RULE_NAMES.clear();
  lastTool = null;
  lastCode = "";
  lastName = "";
  for (const memo of LAST_ANSWERS) {
    memo.key = null;
    memo.value = undefined;
  }
  const r = ROOTS.get(ctx);
  if (r !== undefined) {
    r.paths.clear();
    r.lastRaw = null;
  }
}

/** Builds a finding with sanitized, bounded strings (not redacted: the pipeline does that). */
export function finding(
  rule: string,
  location: Location | null,
  message: string,
  severity: Severity,
  trace: string | null = null,
): ParsedFinding {
  const m = cap(sanitize(message).trim(), PARSE_LIMITS.message);
  let t: string | null = null;
  if (trace !== null) {
    // The first traceLines lines, without splitting the trace into lines and joining them again.
    let kept = sanitize(trace).trimEnd();
    let nl = -1;
    for (let n = 0; n < PARSE_LIMITS.traceLines; n++) {
      nl = kept.indexOf("\n", nl + 1);
      if (nl === -1) break;
    }
    if (nl !== -1) kept = kept.slice(0, nl);
    if (kept.charCodeAt(0) === 10) kept = kept.replace(/^\n+/, "");
    if (!isBlank(kept)) t = cap(kept, PARSE_LIMITS.trace);
  }
  return {
    // A rule already interned is already sanitized and capped (both are idempotent): no second pass.
    rule: RULES.get(rule) ?? internRule(cap(sanitize(rule), PARSE_LIMITS.rule)),
    location,
    message: m === "" ? "(no message)" : m,
    severity,
    trace: t,
  };
}

/** A rule name `<tool>:<code>`; white space inside the code becomes `-`. */
export function ruleName(tool: string, code: string): string {
  // Consecutive findings often share their rule: the last answer is checked before the tables.
  if (code === lastCode && tool === lastTool) return lastName;
  const name = knownRuleName(tool, code);
  // Three variables, not an object: a log that alternates rules would allocate one per finding.
  lastTool = tool;
  lastCode = code;
  lastName = name;
  return name;
}

/** ruleName's last answer (emptied with RULE_NAMES); a null tool, while there is none, matches no pair. */
let lastTool: string | null = null;
let lastCode = "";
let lastName = "";

function knownRuleName(tool: string, code: string): string {
  let byCode = RULE_NAMES.get(tool);
  if (byCode === undefined) {
    if (RULE_NAMES.size >= 256) return makeRuleName(tool, code);
    byCode = new Map();
    RULE_NAMES.set(tool, byCode);
  }
  const known = byCode.get(code);
  if (known !== undefined) return known;
  const name = makeRuleName(tool, code);
  if (byCode.size < 4096) byCode.set(code, name);
  return name;
}

function makeRuleName(tool: string, code: string): string {
  const c = code.trim().replace(/\s+/g, "-");
  return `${tool}:${c === "" ? "error" : c}`;
}

/** The JSON value of `text`, or undefined when it is not JSON. */
export function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

export const int = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isInteger(v)
    ? v
    : typeof v === "string" && /^\d{1,10}$/.test(v)
      ? Number(v)
      : undefined;

/** The end of the line that holds `text[i]`: the next LF at or after `i`, or the end of the text. */
export function lineEnd(text: string, i: number): number {
  const end = text.indexOf("\n", i);
  return end === -1 ? text.length : end;
}

/** The first index at or after `i` that is no space or tab (the text's length when there is none). */
function skipBlanks(text: string, i: number): number {
  while (i < text.length && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  return i;
}

/**
 * Whether the bracket at `text[i]` opens a line the way a JSON document does: `{` followed by `"`, `}` or
 * the line's end; `[` followed by `{`, `[`, `"`, `]` or the line's end (spaces and tabs between). A build
 * tool's progress (`[1/3] Building …`, `[ 50%] Built target …`) and a log level (`[INFO] …`) do not.
 */
function opensLikeDocument(text: string, i: number): boolean {
  const open = text.charCodeAt(i);
  const j = skipBlanks(text, i + 1);
  if (j === text.length) return true;
  const c = text.charCodeAt(j);
  if (c === 10 || c === 13 || c === 34) return true;
  return open === 123 ? c === 125 : c === 123 || c === 91 || c === 93;
}

/** Whether the first line of `text` that is not blank opens a JSON document (opensLikeDocument). */
export function opensWithDocument(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xfeff) continue;
    return (c === 123 || c === 91) && opensLikeDocument(text, i);
  }
  return false;
}

/**
 * Where the first line that opens a JSON document starts (a `[` or `{` at a line's start that opens as a document
 * does, opensLikeDocument: not `[WARN] …` or `[1/3] Building …`), or -1.
 */
export function firstDocumentLine(text: string): number {
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if ((c === 123 || c === 91) && opensLikeDocument(text, i)) return i;
    const nl = text.indexOf("\n", i);
    if (nl < 0) break;
    i = nl + 1;
  }
  return -1;
}

/**
 * FC-STAGE1-RAW-18: the JSON documents of a text that holds several one after the other (clang 19 prints
 * one SARIF document per translation unit, with its count line between them), found by one string-aware
 * pass over the brackets. Lines between documents that open no document are returned as `rest`, as printed
 * (indented, blank ones as ""). Null when a document does not parse or is left open.
 *
 * FC-STAGE1-RAW-26: a line that opens with a bracket but not as a document does (ninja's `[1/3] Building CXX
 * object …`, make's `[ 50%] …`, `[INFO] …`: opensLikeDocument) is a text line of `rest` when its bracket
 * closes on that line with more text after it, or what it closes does not parse, or it is still open at the
 * line's end; the pass goes on after that line, so each character is still read at most twice.
 */
export function jsonDocuments(text: string): { docs: unknown[]; rest: string[] } | null {
  const docs: unknown[] = [];
  const rest: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  // Whether the document that opened at `start` is still on its first line, and whether it opens like one.
  let oneLine = false;
  let docLike = true;
  // Where the current line starts (after a document that closed on it, where that document ends), and where
  // the line that opened the document at `start` does: rest lines keep their indentation (a compiler's
  // source excerpt and carets are its trace only while indented).
  let lineStart = 0;
  let startLine = 0;
  // Whether a document closed on the current line: a line with nothing else is blank and kept as "".
  let docOnLine = false;
  // The opening line of a bracket that proved no document, taken as a text line; the pass goes on after it.
  const asText = (): number => {
    const end = lineEnd(text, start);
    rest.push(text.slice(startLine, end));
    depth = 0;
    inString = false;
    lineStart = end + 1;
    docOnLine = false;
    return end;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (depth === 0) {
      if (c === 10) {
        if (!docOnLine) rest.push("");
        docOnLine = false;
        lineStart = i + 1;
        continue;
      }
      if (c === 32 || c === 13 || c === 9) continue;
      if (c !== 123 && c !== 91) {
        const end = lineEnd(text, i);
        rest.push(text.slice(docOnLine ? i : lineStart, end));
        i = end;
        lineStart = end + 1;
        docOnLine = false;
        continue;
      }
    }
    if (c === 10 && oneLine) {
      oneLine = false;
      // A bracket that does not open like a document and is still open at its line's end is text; a JSON
      // string never holds a line end.
      if (!docLike) {
        i = asText();
        continue;
      }
      if (inString) return null;
    }
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (depth === 0) {
        start = i;
        startLine = lineStart;
        oneLine = true;
        docLike = opensLikeDocument(text, i);
      }
      depth++;
    } else if (c === 125 || c === 93) {
      depth--;
      if (depth === 0) {
        if (oneLine && !docLike) {
          // `[1/3] Building …`: the bracket closes with more text after it on its line.
          const k = skipBlanks(text, i + 1);
          if (k < text.length && text.charCodeAt(k) !== 10 && text.charCodeAt(k) !== 13) {
            i = asText();
            continue;
          }
        }
        const doc = tryJson(text.slice(start, i + 1));
        if (doc === undefined) {
          if (!(oneLine && !docLike)) return null;
          i = asText();
          continue;
        }
        docs.push(doc);
        oneLine = false;
        docOnLine = true;
        lineStart = i + 1;
      }
    }
  }
  return depth === 0 && docs.length > 0 ? { docs, rest } : null;
}
