// FC-FORMAT-MIETTE-1: graphical diagnostics drawn by Rust's miette (oxlint's default): `  ! rule: message` then `,-[path:line:col]`.
import type { Severity } from "../../types.ts";
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { claim, joinLines, opensWithText, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the miette parser (text-pipeline.ts `Gate`): a finding needs its snippet frame, which opens with `,-[` or `╭─[`. */
export const MIETTE_GATE: Gate = [",-[", "╭─["];

// The headline: a severity mark (ASCII `x` `!` or Unicode `×` `⚠` `☞`), an optional `code: `, the message.
const HEADLINE =
  /^\s{0,4}([x!×⚠☞i])\s+(?:([A-Za-z@][\w./@-]{0,80}(?:\([\w./@-]{1,80}\))?|[A-Za-z][\w-]{0,40}\([\w./@-]{1,80}\)):\s+)?(\S[\s\S]*)$/;
// The snippet frame that names the place: `,-[path:line:col]` (ASCII) or `╭─[path:line:col]`.
const FRAME = /^\s*(?:,-|╭─)\[(.{1,1024}?):(\d{1,9}):(\d{1,9})\]$/;
const MARKS: Record<string, Severity> = {
  x: "error",
  "×": "error",
  "!": "warning",
  "⚠": "warning",
  "☞": "info",
  i: "info",
};

/** Whether a mark of HEADLINE is among the first five characters (cheaper than the pattern). */
function mayBeHeadline(line: string): boolean {
  for (let k = 0; k < 5 && k < line.length; k++) {
    const c = line.charCodeAt(k);
    // x ! × ⚠ ☞ i
    if (c === 120 || c === 33 || c === 0xd7 || c === 0x26a0 || c === 0x261e || c === 105) return true;
  }
  return false;
}

/** A headline whose next or second-next line is a snippet frame is a finding at the frame's place. */
export function parseMiette(scan: TextScan): void {
  const { lines } = scan;
  for (let i = 0; i < lines.length; i++) {
    const c0 = scan.first[i]!;
    // HEADLINE opens with white space or its mark.
    if (scan.claimed[i] === 1 || (opensWithText(c0) && c0 !== 120 && c0 !== 33 && c0 !== 105)) continue;
    const line = head(lines[i]!);
    if (!mayBeHeadline(line)) continue;
    const h = HEADLINE.exec(line);
    if (!h) continue;
    let f: RegExpExecArray | null = null;
    let k = i + 1;
    for (; k < lines.length && k <= i + 2 && scan.claimed[k] === 0; k++) {
      f = FRAME.exec(head(lines[k]!));
      if (f) break;
    }
    if (!f) continue;
    // The snippet and its `help:` lines run to the next blank line.
    let end = k + 1;
    while (end < lines.length && scan.claimed[end] === 0 && lines[end]!.trim() !== "" && end - i < 200) end++;
    const code = h[2] ?? h[1]!;
    scan.findings.push(
      finding(
        ruleName(scan.tool ?? "oxlint", h[2] === undefined ? MARKS[h[1]!]! : code),
        loc(repoPath(f[1]!, scan.ctx), Number(f[2])),
        h[3]!,
        MARKS[h[1]!]!,
        joinLines(lines, k, end),
      ),
    );
    claim(scan, i, end);
    i = end - 1;
  }
}
