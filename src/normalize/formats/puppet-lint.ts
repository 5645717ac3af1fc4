// FC-FORMAT-PUPPET-LINT-1: puppet-lint's report (`[path - ]WARNING: message on line N (check: name)`).
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { claim, linesWith, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the puppet-lint parser (text-pipeline.ts `Gate`): every finding's line holds `ERROR: ` or `WARNING: `, hence these tails (rarer first letters). */
export const PUPPET_LINT_GATE: Gate = ["RROR: ", "NING: "];
/** The strings this parser finds its candidate lines by (text-pipeline.ts linesWith). */
export const PUPPET_LINT_NEEDLES: readonly string[] = ["ERROR: ", "WARNING: "];

const LINE =
  /^(?:(\S.{0,1023}?) - )?(ERROR|WARNING): ([\s\S]+) on line (\d{1,9})(?: \(check: ([\w-]{1,80})\))?$/;

/** Each line is a finding; without `--with-filename` the report names no file, so it has no location. */
export function parsePuppetLint(scan: TextScan): void {
  const { lines } = scan;
  // Only lines holding `ERROR: ` or `WARNING: ` can match (one search of the text each, bench:stage1).
  for (const i of linesWith(scan, PUPPET_LINT_NEEDLES)) {
    if (scan.claimed[i] === 1) continue;
    const l = lines[i]!;
    if (l.indexOf("ERROR: ") === -1 && l.indexOf("WARNING: ") === -1) continue;
    const m = LINE.exec(head(l));
    if (!m || (m[1] === undefined && m[5] === undefined)) continue;
    const severity = m[2] === "ERROR" ? "error" : "warning";
    const path = m[1] === undefined ? "" : repoPath(m[1], scan.ctx);
    scan.findings.push(
      finding(
        ruleName(scan.tool ?? "puppet-lint", m[5] ?? severity),
        loc(path, Number(m[4])),
        m[3]!,
        severity,
      ),
    );
    claim(scan, i, i + 1);
  }
}
