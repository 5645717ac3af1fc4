// FC-STAGE1-RAW-2, FC-STAGE1-RAW-9: runs line-oriented parsers over cleaned text, then keeps every error-like leftover.
import { isChatter, looksLikeError } from "./chatter.ts";
import {
  finding,
  head,
  isBlank,
  joinedLines,
  linesHoldingEach,
  linesMayHold,
  loc,
  mergeAscending,
  opensWithSpace,
  PARSE_LIMITS,
  repoPath,
} from "./common.ts";
import { frameLocation } from "./stack.ts";
import {
  type ParseContext,
  type ParsedFinding,
  type ParseOutcome,
  type ToolSummary,
  UNRECOGNISED_RULE,
} from "./types.ts";

/** Shared state of one text parse: lines, which of them a parser has claimed, and what was found. */
export interface TextScan {
  readonly lines: string[];
  /** 1 = claimed by a parser (part of a finding, or recognised structure). */
  readonly claimed: Uint8Array;
  /**
   * The first UTF-16 unit of each line (0 for an empty line): every parser reads every line, and most
   * reject a line by its first character without touching the string (see opensWithText).
   */
  readonly first: Uint16Array;
  readonly ctx: ParseContext;
  /** Tool name a hint gave (e.g. "gcc", "mypy"); parsers may use it as the rule prefix. */
  readonly tool: string | null;
  /** The format the caller named or sniffing chose, or null. */
  readonly format: string | null;
  /** Whether the caller named `format` (rather than sniffing choosing it). */
  readonly named: boolean;
  readonly findings: ParsedFinding[];
  readonly summaries: ToolSummary[];
  failed: boolean;
  /**
   * 1 = a line of a finding the caller's problem matcher made (FC-STAGE1-MATCHER-2); absent without a
   * matcher. Such lines are claimed too; a parser whose block they sit inside reads on past them.
   */
  matched?: Uint8Array;
  /** How many of `findings`, the first ones, the caller's problem matcher made. */
  matcherMade?: number;
  /** 1 at each UTF-16 unit some line opens with (gateOpen makes it on first use). */
  firstChars?: Uint8Array;
  /** The strings the parsers that run find their candidate lines by (text.ts TEXT_PARSERS), if known. */
  needles?: readonly string[];
  /** The lines holding each string linesWith was asked for, or found with them. */
  holding?: Map<string, Int32Array>;
}

/**
 * The indices, ascending, of the lines that may hold one of `needles`: every line that holds one is among
 * them (common.ts linesHoldingEach). A parser that skips every line without one of them reads only these. The
 * first call finds the lines of every string in `scan.needles` too (the pipeline lists there those of every
 * parser that runs), in one search of the text; a string not listed costs a search of its own.
 */
export function linesWith(scan: TextScan, needles: readonly string[]): Int32Array {
  scan.holding ??= new Map();
  const holding = scan.holding;
  const missing = [...new Set([...(holding.size === 0 ? (scan.needles ?? []) : []), ...needles])].filter(
    (s) => !holding.has(s),
  );
  if (missing.length > 0) {
    const lists = linesHoldingEach(scan.lines, missing);
    for (let k = 0; k < missing.length; k++) holding.set(missing[k]!, lists[k]!);
  }
  return needles.map((s) => holding.get(s)!).reduce(mergeAscending);
}

/**
 * Whether a line is in `list` (ascending), for a walk that asks of its lines in ascending order: a cursor into
 * the list. A stateful walk over every line reads a line's string only where linesWith found its string.
 */
export function listedInOrder(list: Int32Array): (i: number) => boolean {
  let at = 0;
  return (i) => {
    while (at < list.length && list[at]! < i) at++;
    return list[at] === i;
  };
}

/** A parser for one textual format; it claims the lines it understands and adds findings. */
export type TextParser = (scan: TextScan) => void;

/**
 * A text parser's gate: conditions without which the parser cannot change the scan at all (claim a line, add
 * a finding or a summary, mark the run failed); null when it has none. An array is `{ text: array }`.
 * - `firstChars`: some line opens with one of these characters (read from `first`: nearly free);
 * - `text`: the text holds at least one of these strings (one search of the text each; a string opening with
 *   a character common in logs, such as a space, a colon or a lower-case letter, costs more than most walks).
 * Each condition given must be necessary on its own, for a parser the hint does not name (the named parser
 * always runs). The pipeline skips a parser whose gate fails: that only
 * saves its walk over every line, it never changes what is found (src/normalize/gates.test.ts breaks each
 * condition of each gate in every fixture and checks the parser then does nothing).
 */
export type Gate = readonly string[] | GateConditions | null;

/** A gate's conditions, each necessary on its own. */
export interface GateConditions {
  readonly firstChars?: string;
  readonly text?: readonly string[];
}

/** A gate as its conditions (an array is the `text` condition alone). */
export const gateConditions = (gate: NonNullable<Gate>): GateConditions =>
  Array.isArray(gate) ? { text: gate as readonly string[] } : (gate as GateConditions);

/** Whether some line of the scan opens with one of `chars` (a table of the first characters, made once). */
function opensAnyLineWith(scan: TextScan, chars: string): boolean {
  let present = scan.firstChars;
  if (present === undefined) {
    present = new Uint8Array(65536);
    const { first } = scan;
    for (let i = 0; i < first.length; i++) present[first[i]!] = 1;
    scan.firstChars = present;
  }
  for (let k = 0; k < chars.length; k++) if (present[chars.charCodeAt(k)] === 1) return true;
  return false;
}

/** Whether a parser with this gate may change the scan: false only when a condition of the gate fails. */
export function gateOpen(scan: TextScan, gate: Gate): boolean {
  if (gate === null) return true;
  const { firstChars, text } = gateConditions(gate);
  if (firstChars !== undefined && !opensAnyLineWith(scan, firstChars)) return false;
  if (text !== undefined && !text.some((t) => linesMayHold(scan.lines, t))) return false;
  return true;
}

export function newScan(
  lines: string[],
  ctx: ParseContext,
  tool: string | null,
  format: string | null,
  named = false,
): TextScan {
  const first = new Uint16Array(lines.length);
  for (let i = 0; i < lines.length; i++) first[i] = lines[i]!.charCodeAt(0) || 0;
  return {
    lines,
    claimed: new Uint8Array(lines.length),
    first,
    ctx,
    tool,
    format,
    named,
    findings: [],
    summaries: [],
    failed: false,
  };
}

/** Whether a first character is printable ASCII other than the space: the line opens with no white space. */
export const opensWithText = (c: number): boolean => c > 32 && c < 127;

/**
 * Whether line `k` goes on a block a parser reads line by line: it is unclaimed, or it is a line of a
 * finding the caller's problem matcher made, which the block reads past without taking (FC-STAGE1-MATCHER-5).
 */
export const inBlock = (scan: TextScan, k: number): boolean => scan.claimed[k] === 0 || matcherLine(scan, k);

/** Whether line `k` is a line of a finding the caller's problem matcher made (FC-STAGE1-MATCHER-2). */
export const matcherLine = (scan: TextScan, k: number): boolean =>
  scan.matched !== undefined && scan.matched[k] === 1;

/**
 * Lines [from, to) joined without the lines of the caller's matcher's findings, which a block reads past without
 * taking (FC-STAGE1-MATCHER-5): a slice of the text when none is left out. With `limit`, only the first `limit` lines
 * kept are joined (a trace's bound, PARSE_LIMITS.traceLines), so a long block is not joined whole.
 */
export function unmatchedText(
  scan: TextScan,
  from: number,
  to: number,
  limit = Number.POSITIVE_INFINITY,
): string {
  const { lines, matched } = scan;
  if (matched === undefined) return joinedLines(lines, from, Math.min(to, from + limit));
  const kept: string[] = [];
  let k = from;
  for (; k < to && kept.length < limit; k++) if (matched[k] !== 1) kept.push(lines[k]!);
  return kept.length === k - from ? joinedLines(lines, from, k) : kept.join("\n");
}

export function claim(scan: TextScan, from: number, to: number): void {
  for (let i = from; i < to && i < scan.lines.length; i++) scan.claimed[i] = 1;
}

/** FC-STAGE1-RAW-12: a tool's count of its errors or warnings, set against the findings of that severity since `from`. */
export function countSeverity(
  scan: TextScan,
  tool: string,
  from: number,
  what: "errors" | "warnings",
  count: number,
): void {
  const severity = what === "errors" ? "error" : "warning";
  let parsed = 0;
  for (let i = from; i < scan.findings.length; i++) if (scan.findings[i]!.severity === severity) parsed++;
  scan.summaries.push({ tool, what, count, parsed });
}

/**
 * Lines after `start` that belong to the same block: indented, or continuing without a blank line, up to
 * `max` lines, stopping at an unclaimed line `stop` accepts. Returns the end index (exclusive).
 */
export function blockEnd(scan: TextScan, start: number, stop: (line: string) => boolean, max = 200): number {
  let i = start;
  while (i < scan.lines.length && i - start < max && scan.claimed[i] === 0) {
    const line = scan.lines[i]!;
    if (isBlank(line) || stop(head(line))) break;
    i++;
  }
  return i;
}

export const joinLines = (lines: string[], from: number, to: number): string =>
  joinedLines(lines, from, Math.min(to, from + PARSE_LIMITS.traceLines));

/** A line that does not continue an indented block. */
export const notIndented = (l: string): boolean => !opensWithSpace(l);
const endsErrorBlock = (l: string): boolean => !opensWithSpace(l) || looksLikeError(l);

/**
 * FC-STAGE1-RAW-9 fallback: every unclaimed line that looks like an error becomes a `normalize:unrecognised`
 * finding without location; the indented lines right after it become its trace.
 */
export function keepErrorLikeLines(scan: TextScan): void {
  const { lines, claimed } = scan;
  for (let i = 0; i < lines.length; i++) {
    if (claimed[i] === 1) continue;
    const line = head(lines[i]!);
    // One pattern before the chatter list: most lines are not error-like (both are pure).
    if (!looksLikeError(line) || isChatter(line)) continue;
    const end = blockEnd(scan, i + 1, endsErrorBlock, 40);
    scan.findings.push(
      finding(UNRECOGNISED_RULE, null, line, "error", end > i + 1 ? joinLines(lines, i + 1, end) : null),
    );
    claim(scan, i, end);
    i = end - 1;
  }
}

/** At most this many unclaimed lines are kept for FC-STAGE1-RAW-21; the rest are counted. */
export const MAX_REST = 100;

/**
 * Unclaimed lines that are neither blank nor chatter, each with the indented lines right after it as its
 * trace; at most MAX_REST of them, then one entry saying how many more there were.
 */
function restOf(scan: TextScan): { line: string; trace: string | null }[] {
  const { lines, claimed } = scan;
  const out: { line: string; trace: string | null }[] = [];
  let more = 0;
  for (let i = 0; i < lines.length; i++) {
    if (claimed[i] === 1) continue;
    const line = head(lines[i]!);
    if (line.trim() === "" || isChatter(line)) continue;
    const end = blockEnd(scan, i + 1, notIndented, 40);
    if (out.length < MAX_REST)
      out.push({ line: line.trim(), trace: end > i + 1 ? joinLines(lines, i + 1, end) : null });
    else more++;
    i = end - 1;
  }
  if (more > 0)
    out.push({ line: `(${more} more unparsed line${more === 1 ? "" : "s"} left out)`, trace: null });
  return out;
}

export function outcomeOf(scan: TextScan): ParseOutcome {
  // The last 20 non-blank lines, found from the end (the whole output need not be walked).
  const tailLines: string[] = [];
  for (let i = scan.lines.length - 1; i >= 0 && tailLines.length < 20; i--)
    if (!isBlank(scan.lines[i]!)) tailLines.push(scan.lines[i]!);
  return {
    findings: scan.findings,
    summaries: scan.summaries,
    failed: scan.failed,
    tail: tailLines.reverse().join("\n"),
    // Only a failed run with nothing located needs them (FC-STAGE1-RAW-21): computed on demand.
    rest: () => restOf(scan),
  };
}

/**
 * A test runner's failure block, lines `from` to `to` (Vitest's and Jest's console reporters, FC-FORMAT-VITEST-1,
 * FC-FORMAT-JEST-4): its first non-blank line is the error, the message `<name>: <error>` (the error alone without a
 * name), the lines after the error the trace, the location the block's first project frame (the innermost), else
 * the file the report names.
 */
export function failureBlockFinding(
  scan: TextScan,
  rule: string,
  name: string | null,
  file: string | null,
  from: number,
  to: number,
): ParsedFinding {
  const { lines } = scan;
  let first = from;
  while (first < to && lines[first]!.trim() === "") first++;
  const error = first < to ? lines[first]!.trim() : "";
  const message = name === null || name === "" ? error : error === "" ? name : `${name}: ${error}`;
  const known = file === null ? [] : [file];
  const location =
    frameLocation(joinedLines(lines, first, to), scan.ctx, "first", known) ??
    (file === null ? null : loc(repoPath(file, scan.ctx)));
  return finding(rule, location, message, "error", first + 1 < to ? joinedLines(lines, first + 1, to) : null);
}
