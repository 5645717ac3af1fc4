// FC-FORMAT-SHELLCHECK-TTY-1: shellcheck's default tty report (`In path line N:`, the source line, `^-- SCnnnn (level): message`).
import type { Severity } from "../../types.ts";
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { claim, joinLines, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the shellcheck-tty parser (text-pipeline.ts `Gate`): a header counts only with a `^-- SCnnnn` mark under it; the wiki list needs `For more information:`. */
export const SHELLCHECK_TTY_GATE: Gate = ["SC", "For mo"];

const HEADER = /^In (\S.{0,1023}?) line (\d{1,9}):$/;
const MARK = /^\s*\^[-^]*\s+(SC\d{4,5}) \((error|warning|info|style)\): ([\s\S]+)$/;
const MORE = /^For more information:$/;
const WIKI = /^\s+https?:\/\/\S+ -- /;
const LEVEL: Record<string, Severity> = { error: "error", warning: "warning", info: "info", style: "info" };

/**
 * Each `^-- SCnnnn (level): message` under an `In path line N:` header is a finding at that line; the
 * source line and the suggestions (`Did you mean:`) up to the next header are its trace. The closing
 * `For more information:` list of wiki links is structure.
 */
export function parseShellcheckTty(scan: TextScan): void {
  const { lines } = scan;
  for (let i = 0; i < lines.length; i++) {
    const c0 = scan.first[i]!;
    if (scan.claimed[i] === 1 || (c0 !== 73 && c0 !== 70)) continue; // `In …`, `For more information:`
    const line = head(lines[i]!);
    if (MORE.test(line)) {
      let end = i + 1;
      while (end < lines.length && scan.claimed[end] === 0 && WIKI.test(head(lines[end]!))) end++;
      if (end > i + 1) {
        claim(scan, i, end);
        i = end - 1;
      }
      continue;
    }
    const h = HEADER.exec(line);
    if (!h) continue;
    // A line a problem matcher made a finding of is the matcher's alone: the block goes on past it and
    // leaves it out of its marks and its trace (FC-STAGE1-MATCHER-5).
    let end = i + 1;
    while (end < lines.length && (scan.claimed[end] === 1 || !HEADER.test(head(lines[end]!)))) {
      if (scan.claimed[end] === 0 && MORE.test(head(lines[end]!))) break;
      end++;
    }
    const own: string[] = [];
    const marks: number[] = [];
    for (let k = i + 1; k < end; k++) {
      if (scan.claimed[k] === 1) continue;
      own.push(lines[k]!);
      if (MARK.test(head(lines[k]!))) marks.push(k);
    }
    if (marks.length === 0) continue;
    const path = repoPath(h[1]!, scan.ctx);
    const trace = joinLines(own, 0, own.length).trimEnd();
    for (const k of marks) {
      const m = MARK.exec(head(lines[k]!))!;
      scan.findings.push(
        finding(
          ruleName(scan.tool ?? "shellcheck", m[1]!),
          loc(path, Number(h[2])),
          m[3]!,
          LEVEL[m[2]!]!,
          trace,
        ),
      );
    }
    claim(scan, i, end);
    i = end - 1;
  }
}
