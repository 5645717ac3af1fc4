// FC-FORMAT-CSSLINT-1: CSSLint's default text report (`csslint: There are N problems in <path>.`, then blocks of the file's name, `K: warning at line L, col C`, the message and the source line).
import type { Severity } from "../../types.ts";
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { claim, joinLines, matcherLine, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the csslint parser (text-pipeline.ts `Gate`): everything it reads hangs from a `csslint: There are|is N problems` header. */
export const CSSLINT_GATE: Gate = ["There "];

const HEADER = /^csslint: There (?:are|is) (\d{1,9}) problems? in (\S.{0,1023}?)\.$/;
const AT = /^(\d{1,9}): (warning|error) at line (\d{1,9}), col \d{1,9}$/;

/**
 * Under its header, each block is a finding at the header's path (the block names the file's base name
 * only), severity as printed; the report prints no rule: `csslint:<severity>`. The header's N is the count.
 */
export function parseCsslint(scan: TextScan): void {
  const { lines } = scan;
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i] === 1) continue;
    const l = lines[i]!;
    // Cheap test first: every line is seen by every parser (bench:stage1).
    if (scan.first[i] !== 99 || !l.startsWith("csslint: ")) continue;
    const h = HEADER.exec(head(l));
    if (!h) continue;
    const path = repoPath(h[2]!, scan.ctx);
    const before = scan.findings.length;
    claim(scan, i, i + 1);
    let k = i + 1;
    while (k < lines.length) {
      while (k < lines.length && lines[k]!.trim() === "" && scan.claimed[k] === 0) k++;
      // A block a problem matcher read is the matcher's alone; the report goes on after it (FC-STAGE1-MATCHER-5).
      if (k < lines.length && matcherLine(scan, k)) {
        do k++;
        while (k < lines.length && lines[k]!.trim() !== "");
        continue;
      }
      // A block: the file's base name, the position line, the message, the source line.
      if (k + 2 >= lines.length || scan.claimed[k] === 1) break;
      const at = AT.exec(head(lines[k + 1]!));
      if (!at) break;
      let end = k + 3;
      if (end < lines.length && lines[end]!.trim() !== "" && scan.claimed[end] === 0) end++;
      const severity: Severity = at[2] === "error" ? "error" : "warning";
      scan.findings.push(
        finding(
          ruleName(scan.tool ?? "csslint", severity),
          loc(path, Number(at[3])),
          head(lines[k + 2]!).trim(),
          severity,
          end > k + 3 ? joinLines(lines, k + 3, end) : null,
        ),
      );
      claim(scan, k, end);
      k = end;
    }
    scan.summaries.push({
      tool: scan.tool ?? "csslint",
      what: "problems",
      count: Number(h[1]),
      parsed: scan.findings.length - before,
    });
    i = k - 1;
  }
}
