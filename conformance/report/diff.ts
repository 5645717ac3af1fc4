// FC-REPORT-4: the expected-vs-actual difference of a failed check, as lines with the changed parts marked.
import { stableJson } from "./escape.ts";

export interface Segment {
  text: string;
  /** True for the part of a line that differs from its counterpart. */
  changed: boolean;
}

export type DiffLine =
  | { op: "same" | "del" | "add"; segments: Segment[] }
  /** Unchanged lines left out of the view. */
  | { op: "skip"; count: number };

export interface ValueDiff {
  lines: DiffLine[];
  /** True when either side was too long and only its beginning was compared. */
  truncated: boolean;
}

/** Most lines of each side that are compared (the rest is cut, and the diff says so). */
export const MAX_LINES = 400;
/** Unchanged lines kept around each change. */
export const CONTEXT = 3;

/**
 * Diffs two JSON values. Both are rendered as JSON with sorted keys (key order means nothing in a semantic
 * comparison), then compared line by line (longest common subsequence); a removed line directly paired with an
 * added one has the differing middle marked. Long unchanged runs are folded to `CONTEXT` lines each side.
 */
export function diffValues(expected: unknown, actual: unknown): ValueDiff {
  const a = stableJson(expected).split("\n");
  const b = stableJson(actual).split("\n");
  const truncated = a.length > MAX_LINES || b.length > MAX_LINES;
  return { lines: fold(lineOps(a.slice(0, MAX_LINES), b.slice(0, MAX_LINES))), truncated };
}

/** The unfolded line diff of two texts already split into lines. */
export function lineOps(a: string[], b: string[]): DiffLine[] {
  return pairUp(lineDiff(a, b));
}

type RawOp = { op: "same" | "del" | "add"; text: string };

function lineDiff(a: string[], b: string[]): RawOp[] {
  const n = a.length;
  const m = b.length;
  // lcs[i][j] = length of the LCS of a[i..] and b[j..]
  const lcs: Uint16Array[] = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: RawOp[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      out.push({ op: "same", text: a[i]! });
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      out.push({ op: "add", text: b[j]! });
      j++;
    } else {
      out.push({ op: "del", text: a[i]! });
      i++;
    }
  }
  // Show removals before additions within each changed block.
  const ordered: RawOp[] = [];
  let k = 0;
  while (k < out.length) {
    if (out[k]!.op === "same") {
      ordered.push(out[k]!);
      k++;
      continue;
    }
    const block: RawOp[] = [];
    while (k < out.length && out[k]!.op !== "same") block.push(out[k++]!);
    ordered.push(...block.filter((o) => o.op === "del"), ...block.filter((o) => o.op === "add"));
  }
  return ordered;
}

/** Marks the differing middle of a removed/added line pair (common prefix and suffix stay plain). */
export function markChange(before: string, after: string): [Segment[], Segment[]] {
  let p = 0;
  const max = Math.min(before.length, after.length);
  while (p < max && before[p] === after[p]) p++;
  let s = 0;
  while (s < max - p && before[before.length - 1 - s] === after[after.length - 1 - s]) s++;
  // Never split a surrogate pair.
  if (p > 0 && isHigh(before.charCodeAt(p - 1))) p--;
  if (s > 0 && isLow(before.charCodeAt(before.length - s))) s--;
  const side = (t: string): Segment[] =>
    [
      { text: t.slice(0, p), changed: false },
      { text: t.slice(p, t.length - s), changed: true },
      { text: t.slice(t.length - s), changed: false },
    ].filter((x) => x.text !== "");
  return [side(before), side(after)];
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

function pairUp(ops: RawOp[]): DiffLine[] {
  const out: DiffLine[] = [];
  let k = 0;
  while (k < ops.length) {
    const op = ops[k]!;
    if (op.op === "same") {
      out.push({ op: "same", segments: [{ text: op.text, changed: false }] });
      k++;
      continue;
    }
    const dels: string[] = [];
    const adds: string[] = [];
    while (k < ops.length && ops[k]!.op === "del") dels.push(ops[k++]!.text);
    while (k < ops.length && ops[k]!.op === "add") adds.push(ops[k++]!.text);
    if (dels.length === adds.length) {
      const pairs = dels.map((d, i) => markChange(d, adds[i]!));
      for (const [d] of pairs) out.push({ op: "del", segments: d });
      for (const [, a] of pairs) out.push({ op: "add", segments: a });
    } else {
      for (const d of dels) out.push({ op: "del", segments: [{ text: d, changed: false }] });
      for (const a of adds) out.push({ op: "add", segments: [{ text: a, changed: false }] });
    }
  }
  return out;
}

function fold(lines: DiffLine[]): DiffLine[] {
  const near = lines.map(() => false);
  lines.forEach((l, i) => {
    if (l.op === "same") return;
    for (let d = -CONTEXT; d <= CONTEXT; d++) if (i + d >= 0 && i + d < lines.length) near[i + d] = true;
  });
  const out: DiffLine[] = [];
  let skipped = 0;
  lines.forEach((l, i) => {
    if (l.op === "same" && !near[i]) {
      skipped++;
      return;
    }
    if (skipped > 0) out.push({ op: "skip", count: skipped });
    skipped = 0;
    out.push(l);
  });
  if (skipped > 0) out.push({ op: "skip", count: skipped });
  return out;
}
