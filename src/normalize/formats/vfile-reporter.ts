// FC-FORMAT-VFILE-1, FC-FORMAT-VFILE-2: unified's vfile-reporter (remark-lint, retext, rehype): a path line, then `line:col[-line:col]  warning  message  rule  source` items, `[cause]:` blocks under them, and the closing count.
import type { Severity } from "../../types.ts";
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { isFileLike } from "./generic-lines.ts";
import {
  claim,
  countSeverity,
  joinLines,
  opensWithText,
  inBlock,
  matcherLine,
  type TextScan,
  type Gate,
} from "../text-pipeline.ts";

/** Gate of the vfile-reporter parser (text-pipeline.ts `Gate`): null: a necessary set for the unified sources (`xt`, `ype`, `fied`, `hast`, `mark`, `mdast`) costs about what the walk does. */
export const VFILE_REPORTER_GATE: Gate = null;

// `GUIDE.md`, `GUIDE.md > out.md: written`, `GUIDE.md: no issues found`. The item's last word is the source,
// a unified plugin (`remark-lint`, `retext-*`, `rehype-*`): that tells it from ESLint's stylish items.
const HEADER = /^(\S.{0,1023}?)(?: > \S.{0,1023}?: written)?$/;
// vfile-reporter 7 aligns the positions of a file's items on the right: a short one opens with many blanks.
const ITEM_INDENT = 24;
const ITEM =
  /^ {0,24}(\d{1,9}):\d{1,9}(?:-\d{1,9}:\d{1,9})?\s+(error|warning|info)\s+([\s\S]+?)\s+([a-z][\w-]{0,80})\s+((?:remark|retext|rehype|mdast|hast|unified)[\w-]{0,80}(?::[\w-]{1,80})?)\s*$/;
const CAUSE = /^\s+\[cause\]:$/;
/** The closing count: `2 messages (✖ 1 error, ⚠ 1 warning)`, or one kind alone (`⚠ 7 warnings`). */
const SUMMARY =
  /^\s{0,4}(?:\d{1,9} messages? \(((?:(?:[✖⚠ℹ] )?\d{1,9} \w{1,12}(?:, )?){1,3})\)|(?:[✖⚠ℹ] )?(\d{1,9} (?:errors?|warnings?|infos?)))$/;
const COUNT = /(\d{1,9}) (error|warning|info)/g;

/**
 * Under a path line, each item is a finding at its start line, rule `<source>:<rule>` (remark-lint's
 * `remark-lint:no-undefined-references`); a `[cause]:` block and what is indented under it is the trace
 * of the item before it, not a diagnostic of its own.
 */
export function parseVfileReporter(scan: TextScan): void {
  const { lines } = scan;
  const before = scan.findings.length;
  let lastEnd = -1;
  let source = "";
  for (let i = 0; i + 1 < lines.length; i++) {
    if (scan.claimed[i] === 1) continue;
    // Cheap tests first: an item opens with a digit after at most ITEM_INDENT spaces (a printable first
    // character other than a digit rules it out unread), under a header that opens with no space.
    const n0 = scan.first[i + 1]!;
    const h0 = scan.first[i]!;
    if ((opensWithText(n0) && (n0 < 48 || n0 > 57)) || h0 === 32 || h0 === 9) continue;
    const next = lines[i + 1]!;
    const t = next.trimStart();
    if (
      t.length === 0 ||
      t.charCodeAt(0) < 48 ||
      t.charCodeAt(0) > 57 ||
      next.length - t.length > ITEM_INDENT
    )
      continue;
    const h = /^\s/.test(lines[i]!) ? null : HEADER.exec(head(lines[i]!));
    if (!h || !isFileLike(h[1]!) || !ITEM.test(head(next))) continue;
    const path = repoPath(h[1]!, scan.ctx);
    claim(scan, i, i + 1);
    let k = i + 1;
    while (k < lines.length && inBlock(scan, k)) {
      if (matcherLine(scan, k)) {
        k++;
        continue;
      }
      const m = ITEM.exec(head(lines[k]!));
      if (!m) break;
      let end = k + 1;
      if (end < lines.length && CAUSE.test(head(lines[end]!))) {
        end++;
        while (end < lines.length && /^\s{3,}\S/.test(lines[end]!) && scan.claimed[end] === 0) end++;
      }
      const severity: Severity = m[2] === "error" ? "error" : m[2] === "warning" ? "warning" : "info";
      scan.findings.push(
        finding(
          ruleName(m[5]!, m[4]!),
          loc(path, Number(m[1])),
          m[3]!.trim(),
          severity,
          end > k + 1 ? joinLines(lines, k + 1, end) : null,
        ),
      );
      claim(scan, k, end);
      source = m[5]!;
      k = end;
    }
    lastEnd = k;
    i = k - 1;
  }
  if (lastEnd >= 0) readSummary(scan, lastEnd, before, source);
}

/**
 * FC-FORMAT-VFILE-2: the count closing the report, after the last file's items and blank lines: the report's
 * summary, set against the findings of each severity it names (FC-STAGE1-RAW-7), never a finding itself.
 */
function readSummary(scan: TextScan, from: number, before: number, source: string): void {
  const { lines } = scan;
  let k = from;
  while (k < lines.length && scan.claimed[k] === 0 && lines[k]!.trim() === "") k++;
  if (k >= lines.length || scan.claimed[k] === 1) return;
  const m = SUMMARY.exec(head(lines[k]!));
  if (m === null) return;
  claim(scan, k, k + 1);
  const tool = scan.tool ?? source.split(":")[0]!;
  for (const [, n, kind] of (m[1] ?? m[2]!).matchAll(COUNT))
    if (kind === "error" || kind === "warning") countSeverity(scan, tool, before, `${kind}s`, Number(n));
}
