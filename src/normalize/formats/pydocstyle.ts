// FC-FORMAT-PYDOCSTYLE-1: pydocstyle's report (`path:line at module level:` / `path:line in public function `f`:`, then an indented `Dnnn: message`).
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { isFileLike } from "./generic-lines.ts";
import { claim, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the pydocstyle parser (text-pipeline.ts `Gate`): a finding's first line ends with `at module level:` or with a backquoted name and `:`. */
export const PYDOCSTYLE_GATE: Gate = ["`:", "vel:"];

const WHERE =
  /^(\S.{0,1023}?):(\d{1,9}) (?:at module level|in (?:public |private |magic |nested )?[\w ]{1,40}? `[^`]{1,200}`):$/;
const WHAT = /^\s+(D\d{3}): ([\s\S]+)$/;

/** Each pair of lines is an error (pydocstyle names every report an error), rule `pydocstyle:Dnnn`. */
export function parsePydocstyle(scan: TextScan): void {
  const { lines } = scan;
  for (let i = 0; i + 1 < lines.length; i++) {
    if (scan.claimed[i] === 1 || scan.claimed[i + 1] === 1) continue;
    const next = lines[i + 1]!;
    // Cheap test first: the second line is indented and names a D code.
    if (next.charCodeAt(0) !== 32 || next.indexOf(": ") === -1 || next.indexOf("D") === -1) continue;
    const w = WHERE.exec(head(lines[i]!));
    if (!w || !isFileLike(w[1]!)) continue;
    const d = WHAT.exec(head(next));
    if (!d) continue;
    scan.findings.push(
      finding(
        ruleName(scan.tool ?? "pydocstyle", d[1]!),
        loc(repoPath(w[1]!, scan.ctx), Number(w[2])),
        d[2]!.trim(),
        "error",
      ),
    );
    claim(scan, i, i + 2);
    i++;
  }
}
