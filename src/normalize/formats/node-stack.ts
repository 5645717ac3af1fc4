// FC-FORMAT-NODE-1..3: uncaught Node.js / V8 errors: header, message lines, `at` frames, source excerpt.
import { finding, head, loc, repoPath } from "../common.ts";
import { frameLocation } from "../stack.ts";
import { claim, joinLines, linesWith, opensWithText, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the node-stack parser (text-pipeline.ts `Gate`): none: a header names an Error or an Exception, but searching a log without `Exception` costs more than the walk, which rejects most lines by their first character. */
export const NODE_STACK_GATE: Gate = null;
/** The strings this parser finds its candidate lines by (text-pipeline.ts linesWith). */
export const NODE_STACK_NEEDLES: readonly string[] = ["Error", "Exception"];

const HEADER =
  /^\s{0,4}(?:Uncaught )?((?:[A-Z][\w$]{0,80})?(?:Error|Exception)|AssertionError)(?: \[([A-Za-z][\w]{1,80})\])?(?::\s?([\s\S]*))?$/;
const FRAME = /^\s+at\s/;
// The path runs up to the `:line` marker, spaces included (FC-STAGE1-RAW-11).
const SOURCE_POS =
  /^((?:file:\/\/(?:\/[A-Za-z]:)?|node:|[A-Za-z]:)?(?:[\\/]|internal\/)[^:]{0,1023}):(\d{1,9})$/;

// The first line of the property block: `{` alone, `  code: …`, or `  [cause]: {` (a cause that is no Error;
// `[cause]: Error: …` is an error of its own, FC-STAGE1-RAW-9).
const PROPERTY = /^\s*\{\s*$|^\s+\w+: |^\s+\[\w+\]: \{\s*$/;

/** Whether `line` is a `}` alone at most `indent` characters in: the close of an error's property block. */
const closesBlock = (line: string, indent: number): boolean =>
  line.trim() === "}" && line.length - line.trimStart().length <= indent;

/** The first `at` frame within `limit` lines after `from`, or -1. */
function firstFrame(lines: string[], from: number, limit: number): number {
  for (let j = from; j < lines.length && j < from + limit; j++) {
    if (FRAME.test(head(lines[j]!))) return j;
    if (HEADER.test(head(lines[j]!)) && j > from) return -1;
  }
  return -1;
}

export function parseNodeStack(scan: TextScan): void {
  const { lines } = scan;
  // Only lines naming an Error or an Exception are read (one search of the text finds them); `from` skips a
  // finding's lines.
  let from = 0;
  for (const i of linesWith(scan, NODE_STACK_NEEDLES)) {
    if (i < from) continue;
    const c0 = scan.first[i]!;
    // Cheap tests first: every line is seen by every parser (bench:stage1). HEADER opens with white space
    // or a capital letter, and names an Error or an Exception.
    if (scan.claimed[i] === 1 || (opensWithText(c0) && (c0 < 65 || c0 > 90))) continue;
    const l = lines[i]!;
    if (!l.includes("Error") && !l.includes("Exception")) continue;
    const h = HEADER.exec(head(l));
    if (!h) continue;
    const at = firstFrame(lines, i + 1, 30);
    if (at === -1) continue;
    let end = at;
    while (
      end < lines.length &&
      (FRAME.test(head(lines[end]!)) || /^\s+\.\.\. \d+ lines matching/.test(lines[end]!))
    )
      end++;
    // Node appends the error's own properties as `{ code: '...', ... }` after the frames, a cause that is no
    // Error as `[cause]: {`; the block ends at the `}` as far left as the header (not a nested object's).
    if (end < lines.length && PROPERTY.test(lines[end]!) && lines[end - 1]!.endsWith("{")) {
      const indent = lines[i]!.length - lines[i]!.trimStart().length;
      while (end < lines.length && !closesBlock(lines[end]!, indent) && end - at < 200) end++;
      if (end < lines.length) end++;
    }
    // The `file:line` + source + caret lines Node prints above an uncaught error.
    let start = i;
    let sourceLoc: { path: string; line: number } | null = null;
    for (let k = i - 1; k >= Math.max(0, i - 5); k--) {
      if (scan.claimed[k] === 1) break;
      const s = SOURCE_POS.exec(head(lines[k]!));
      if (s) {
        start = k;
        sourceLoc = { path: s[1]!, line: Number(s[2]) };
        break;
      }
    }
    const name = h[1]!;
    const message = [lines[i]!.trim(), ...lines.slice(i + 1, at).map((l) => l.trim())]
      .filter((l) => l !== "")
      .join("\n");
    const stack = joinLines(lines, at, end);
    let location = frameLocation(stack, scan.ctx, "first");
    if (location === null && sourceLoc !== null)
      location = loc(repoPath(sourceLoc.path, scan.ctx), sourceLoc.line);
    const excerpt = start < i ? `${joinLines(lines, start, i).trimEnd()}\n` : "";
    scan.findings.push(finding(`node:${h[2] ?? name}`, location, message, "error", `${excerpt}${stack}`));
    claim(scan, start, end);
    from = end;
  }
}
