// FC-FORMAT-HTMLHINT-1: htmlhint's default report (an indented path, then `L7 |source` and `^ message (rule)` under it).
import { finding, head, loc, opensWithSpace, repoPath, ruleName } from "../common.ts";
import { claim, opensWithText, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the htmlhint parser (text-pipeline.ts `Gate`): it claims a path, or makes a finding, only at an `L<n> |` source line. */
export const HTMLHINT_GATE: Gate = ["|"];

const PATH = /^\s{2,8}(\S.{0,1023}\.[A-Za-z]{2,5})$/;
const SOURCE = /^\s+L(\d{1,9}) \|/;
const CARET = /^\s+\^ ([\s\S]+?)(?: \(([\w-]{1,80})\))?$/;

/** Each `L<n> |` source line with a caret line under it is a finding at that line of the path above. */
export function parseHtmlhint(scan: TextScan): void {
  const { lines } = scan;
  let file: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i] === 1) continue;
    // SOURCE and PATH open with white space: a line that does not only ends the file's block.
    if (opensWithText(scan.first[i]!)) {
      file = null;
      continue;
    }
    const line = head(lines[i]!);
    const s = file === null ? null : SOURCE.exec(line);
    if (s && file !== null && i + 1 < lines.length) {
      const c = CARET.exec(head(lines[i + 1]!));
      if (c && scan.claimed[i + 1] === 0) {
        scan.findings.push(
          finding(
            ruleName(scan.tool ?? "htmlhint", c[2] ?? "error"),
            loc(repoPath(file, scan.ctx), Number(s[1])),
            c[1]!,
            "error",
            line.trim(),
          ),
        );
        claim(scan, i, i + 2);
        i++;
        continue;
      }
    }
    // SOURCE opens with white space, and holds ` |`.
    const next = i + 1 < lines.length && !opensWithText(scan.first[i + 1]!) ? lines[i + 1]! : "";
    const p = next.includes(" |") && SOURCE.test(next) ? PATH.exec(line) : null;
    if (p) {
      file = p[1]!;
      claim(scan, i, i + 1);
    } else if (line.trim() === "" || !opensWithSpace(line)) file = null;
  }
}
