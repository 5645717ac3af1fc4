// FC-FORMAT-PYTEST-1..4, FC-STAGE1-RAW-11: pytest console output (--tb=long/short/line): sections, short summary, counts.
import { finding, head, isDigit, joinedLines, loc, opensWithSpace, repoPath } from "../common.ts";
import { frameLocation } from "../stack.ts";
import {
  claim,
  linesWith,
  listedInOrder,
  opensWithText,
  type TextScan,
  type Gate,
} from "../text-pipeline.ts";

/** Gate of the pytest parser (text-pipeline.ts `Gate`): none: its count lines need only a word such as `passed` or `error`, and searching for those costs about what the walk does. */
export const PYTEST_GATE: Gate = null;
/** The strings this parser finds its candidate lines by (text-pipeline.ts linesWith). */
export const PYTEST_NEEDLES: readonly string[] = ["%]"];

const SECTION = /^={3,} (FAILURES|ERRORS|warnings summary|short test summary info|.{0,200}) ={3,}$/;
const TEST_HEADER = /^_{3,} (.{1,2000}?) _{3,}$/;
const SUMMARY = /^(FAILED|ERROR) (\S.*)$/;

/**
 * A summary entry's node id and message. The id's file part is everything up to its `.py` (spaces and
 * ` - ` included, FC-STAGE1-RAW-11); the id then runs to the first ` - ` outside a `[param]`. Linear.
 */
function splitSummary(rest: string): { nodeId: string; message: string | null } {
  let fileEnd = rest.indexOf(".py::");
  if (fileEnd < 0) fileEnd = rest.indexOf(".py - ");
  if (fileEnd < 0 && rest.endsWith(".py")) return { nodeId: rest, message: null };
  const from = fileEnd < 0 ? 0 : fileEnd + 3;
  let dash = rest.indexOf(" - ", from);
  const open = rest.indexOf("[", from);
  if (open >= 0 && (dash < 0 || open < dash)) {
    const close = rest.indexOf("] - ", open);
    dash = close >= 0 ? close + 1 : rest.endsWith("]") ? -1 : dash;
  }
  return dash < 0
    ? { nodeId: rest, message: null }
    : { nodeId: rest.slice(0, dash), message: rest.slice(dash + 3) };
}
// --tb=line: one `path.py:N: message` line per failure, after its `E` lines and without a header.
const TB_LINE = /^(\S[^:]{0,1023}\.py):(\d{1,9}): (.*)$/;
const FINAL = /^=*\s*((?:\d{1,9} \w+(?:, )?)+)(?: in [\d.]+s(?: \([\d:]+\))?)?\s*=*$/;
const PERCENT = /\s\[\s{0,3}\d{1,3}%\]$/;
const OUTCOMES = /^[.FEsxXpP]+$/;

/**
 * Whether a line with first unit `c0` may be a count line (FINAL: `=`s, white space, then digits and a space):
 * false only when it cannot. The line is read up to its first other unit: an indented line is common in logs
 * (`  3:5  error …` too), and searching it for ` in ` costs more than that.
 */
function mayCount(line: string, c0: number): boolean {
  if (opensWithText(c0) && c0 !== 61 && !isDigit(c0)) return false;
  let k = 0;
  while (
    k < line.length &&
    (line.charCodeAt(k) === 61 || line.charCodeAt(k) === 32 || line.charCodeAt(k) === 9)
  )
    k++;
  const c = line.charCodeAt(k);
  // Other white space (`\s` reads more than a blank and a tab) keeps the line.
  if (c < 32 || c > 126) return true;
  if (!isDigit(c)) return false;
  while (isDigit(line.charCodeAt(k))) k++;
  return line.charCodeAt(k) === 32;
}

/** A progress line `tests/sub dir/test_x.py .FE   [100%]`: the last word before the percentage is outcomes. */
function isProgress(line: string): boolean {
  if (!line.endsWith("%]")) return false;
  const open = line.lastIndexOf("[");
  if (open < 0 || !PERCENT.test(line.slice(open - 1))) return false;
  const before = line.slice(0, open).trimEnd();
  return OUTCOMES.test(before.slice(before.lastIndexOf(" ") + 1));
}

interface LineRecord {
  kind: "failed" | "error";
  path: string;
  line: number;
  message: string;
  /** The `E` lines before the record and the record itself. */
  text: string;
}

interface Block {
  name: string;
  kind: "failed" | "error";
  start: number;
  end: number;
}

/** A test's block ends at the next test header or section (both open with `_` or `=`: tested first). */
function opensBlock(line: string): boolean {
  const c = line.charCodeAt(0);
  return (c === 95 && TEST_HEADER.test(line)) || (c === 61 && SECTION.test(line));
}

const isErrorLine = (l: string): boolean => /^E\s+\S/.test(l);

const keyOf = (nodeId: string): string => {
  const at = nodeId.indexOf("::");
  return at === -1 ? nodeId : nodeId.slice(at + 2).replace(/::/g, ".");
};

export function parsePytest(scan: TextScan): void {
  const { lines, ctx } = scan;
  const blocks: Block[] = [];
  const summary: { kind: "failed" | "error"; nodeId: string; message: string | null; line: number }[] = [];
  let section: string | null = null;
  let counted: number | null = null;
  const records: LineRecord[] = [];
  let recordStart = -1;
  const mayProgress = listedInOrder(linesWith(scan, PYTEST_NEEDLES));
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i] === 1) continue;
    const line = head(lines[i]!);
    // Cheap tests first: every line is seen by every parser (bench:stage1). A count line (FINAL) opens
    // with `=`, a digit or white space, and has ` in `.
    const c0 = scan.first[i]!;
    const timed = mayCount(line, c0) && line.includes(" in ");
    const bare = timed ? FINAL.exec(line) : null;
    if (bare && / in [\d.]+s\b/.test(line) && /\b(?:passed|failed|errors?)\b/.test(bare[1]!)) {
      counted = countOf(bare[1]!);
      section = null;
      claim(scan, i, i + 1);
      continue;
    }
    const sec = c0 === 61 && line.startsWith("===") ? SECTION.exec(line) : null;
    if (sec) {
      const fin = FINAL.exec(line);
      if (
        fin &&
        /\b(?:passed|failed|errors?|skipped|deselected|xfailed|xpassed|no tests ran)\b/.test(fin[1]!)
      ) {
        counted = countOf(fin[1]!);
        section = null;
      } else section = sec[1]!;
      claim(scan, i, i + 1);
      continue;
    }
    // Progress lines run under the session header (`=== test session starts ===`) or, with -q, under none.
    if (section === null || section === "test session starts") {
      const fin = timed ? FINAL.exec(line) : null;
      if (fin && /\b(?:passed|failed|errors?)\b/.test(fin[1]!) && / in [\d.]+s/.test(line)) {
        counted = countOf(fin[1]!);
        claim(scan, i, i + 1);
        continue;
      }
      // Only a line holding `%]` may be one (one search of the text finds them; `i` only grows).
      if (mayProgress(i) && isProgress(line)) claim(scan, i, i + 1);
      continue;
    }
    if (section === "short test summary info") {
      const s = SUMMARY.exec(line);
      if (s) {
        summary.push({ kind: s[1] === "FAILED" ? "failed" : "error", ...splitSummary(s[2]!), line: i });
        claim(scan, i, i + 1);
      }
      continue;
    }
    if (section === "FAILURES" || section === "ERRORS") {
      const t = TEST_HEADER.exec(line);
      if (!t) {
        if (/^E\s/.test(line)) {
          if (recordStart === -1) recordStart = i;
          continue;
        }
        const r = TB_LINE.exec(line);
        if (r) {
          const from = recordStart === -1 ? i : recordStart;
          records.push({
            kind: section === "ERRORS" ? "error" : "failed",
            path: r[1]!,
            line: Number(r[2]),
            message: r[3]!,
            text: lines.slice(from, i + 1).join("\n"),
          });
          claim(scan, from, i + 1);
          recordStart = -1;
        } else if (opensWithSpace(line) && recordStart !== -1) continue;
        else recordStart = -1;
        continue;
      }
      recordStart = -1;
      let end = i + 1;
      while (end < lines.length && !opensBlock(head(lines[end]!))) end++;
      const name = t[1]!.replace(/^ERROR (?:at (?:setup|teardown) of |collecting )/, "");
      blocks.push({ name, kind: section === "ERRORS" ? "error" : "failed", start: i, end });
      claim(scan, i, end);
      i = end - 1;
    }
  }
  const describe = (b: Block | undefined): { message: string | null; trace: string | null; body: string } => {
    if (!b) return { message: null, trace: null, body: "" };
    const body = lines.slice(b.start + 1, b.end);
    const e = body.find(isErrorLine);
    const text = joinedLines(lines, b.start + 1, b.end);
    return { message: e ? e.replace(/^E\s+/, "").trim() : null, trace: text, body: text };
  };
  const used = new Set<Block>();
  // The blocks of each name, in order, and how many of them were taken (shift() is linear in a long list:
  // a log that repeats its tests holds thousands of blocks of one name).
  const byName = new Map<string, { list: Block[]; taken: number }>();
  for (const b of blocks) {
    const named = byName.get(b.name);
    if (named) named.list.push(b);
    else byName.set(b.name, { list: [b], taken: 0 });
  }
  const take = (name: string): Block | undefined => {
    const named = byName.get(name);
    if (named === undefined) return undefined;
    const b = named.list[named.taken++];
    if (named.taken === named.list.length) byName.delete(name);
    return b;
  };
  const usedRecords = new Set<LineRecord>();
  const next = { failed: 0, error: 0 };
  const takeRecord = (kind: "failed" | "error"): LineRecord | undefined => {
    while (next[kind] < records.length && records[next[kind]]!.kind !== kind) next[kind]++;
    const r = records[next[kind]];
    if (r === undefined) return undefined;
    next[kind]++;
    usedRecords.add(r);
    return r;
  };
  for (const s of summary) {
    const b = take(keyOf(s.nodeId)) ?? take(s.nodeId);
    if (b) used.add(b);
    const d = b ? describe(b) : describeRecord(takeRecord(s.kind));
    const file = s.nodeId.split("::")[0]!;
    const location = frameLocation(d.body, ctx, "last") ?? loc(repoPath(file, ctx));
    const message = `${s.nodeId}: ${d.message ?? s.message ?? s.kind}`;
    scan.findings.push(finding(`pytest:${s.kind}`, location, message, "error", d.trace));
  }
  for (const b of blocks) {
    if (used.has(b)) continue;
    const d = describe(b);
    const message = `${b.name}: ${d.message ?? b.kind}`;
    scan.findings.push(
      finding(`pytest:${b.kind}`, frameLocation(d.body, ctx, "last"), message, "error", d.trace),
    );
  }
  for (const r of records) {
    if (usedRecords.has(r)) continue;
    const d = describeRecord(r);
    scan.findings.push(
      finding(`pytest:${r.kind}`, frameLocation(d.body, ctx, "last"), d.message!, "error", d.trace),
    );
  }
  if (counted !== null) {
    const parsed = scan.findings.filter(
      (f) => f.rule === "pytest:failed" || f.rule === "pytest:error",
    ).length;
    scan.summaries.push({ tool: "pytest", what: "failed tests and errors", count: counted, parsed });
  }
}

/** A --tb=line record as a block description: the first `E` line, else the record's own message. */
function describeRecord(r: LineRecord | undefined): {
  message: string | null;
  trace: string | null;
  body: string;
} {
  if (!r) return { message: null, trace: null, body: "" };
  const e = r.text.split("\n").find(isErrorLine);
  return {
    message: e ? e.replace(/^E\s+/, "").trim() : r.message,
    trace: r.text,
    body: `${r.path}:${r.line}: ${r.message}`,
  };
}

function countOf(text: string): number {
  let n = 0;
  for (const m of text.matchAll(/(\d{1,9}) (failed|errors?)\b/g)) n += Number(m[1]);
  return n;
}
