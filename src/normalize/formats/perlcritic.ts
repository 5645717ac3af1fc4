// FC-FORMAT-PERLCRITIC-1: perlcritic's reports (`path: message at line N, column M.  … (Severity: 5)`, the file left out for one file).
import type { Severity } from "../../types.ts";
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { claim, linesWith, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the perlcritic parser (text-pipeline.ts `Gate`): every finding's line ends in `(Severity: N)`. */
export const PERLCRITIC_GATE: Gate = ["(Sever"];
/** The strings this parser finds its candidate lines by (text-pipeline.ts linesWith). */
export const PERLCRITIC_NEEDLES: readonly string[] = ["(Severity: "];

const LINE =
  /^(?:(\S.{0,1023}?): )?(?:\[([\w:]{1,120})\] )?([\s\S]+?) at line (\d{1,9})(?:, column \d{1,9}|,? near '.{0,200}')\.\s+(?:([\s\S]*?)\s+)?\(Severity: ([1-5])\)$/;
// Settled in spec/stage1.md: severity 5 is an error, 4 and 3 warnings, 2 and 1 info.
const LEVEL: Severity[] = ["info", "info", "info", "warning", "warning", "error"];

/** Each line is a finding, rule `perlcritic:<policy>` where the report names it, else its severity. */
export function parsePerlcritic(scan: TextScan): void {
  const { lines } = scan;
  // Only lines holding `(Severity: ` can match (one search of the text finds them, bench:stage1).
  for (const i of linesWith(scan, PERLCRITIC_NEEDLES)) {
    if (scan.claimed[i] === 1) continue;
    const l = lines[i]!;
    if (!l.endsWith(")") || l.indexOf("(Severity: ") === -1) continue;
    const m = LINE.exec(head(l));
    if (!m) continue;
    const severity = LEVEL[Number(m[6])]!;
    const path = m[1] === undefined ? "" : repoPath(m[1], scan.ctx);
    scan.findings.push(
      finding(
        ruleName(scan.tool ?? "perlcritic", m[2] ?? `severity-${m[6]}`),
        loc(path, Number(m[4])),
        m[3]!,
        severity,
        m[5] === undefined || m[5] === "" ? null : m[5],
      ),
    );
    claim(scan, i, i + 1);
  }
}
