// FC-FORMAT-JSHINT-1: JSHint's default report (`path: line N, col M, message[ (W033)]` lines, then `N errors` counting them all).
import type { Severity } from "../../types.ts";
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { isFileLike } from "./generic-lines.ts";
import { claim, linesWith, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the jshint parser (text-pipeline.ts `Gate`): every finding's line holds `: line N, col M, ` and the count is read only after a finding. */
export const JSHINT_GATE: Gate = [", col "];
/** The strings this parser finds its candidate lines by (text-pipeline.ts linesWith). */
export const JSHINT_NEEDLES: readonly string[] = [": line "];

const LINE = /^(\S.{0,1023}?): line (\d{1,9}), col \d{1,9}, ([\s\S]+?)(?: \(([EWI]\d{3})\))?$/;
// ESLint's and stylelint's compact form has a severity before the message: not JSHint's.
const COMPACT_SEVERITY = /^(?:error|warning|info) - /i;
const COUNT = /^(\d{1,9}) errors?$/;

/**
 * Each line is a finding, rule `jshint:<code>` with `--verbose` (E error, W warning, I info), else
 * `jshint:error` (the report prints no severity); the closing `N errors` counts every line, whatever its kind.
 * Output of several runs has a count after each report: each is set against the lines since the count before.
 */
export function parseJshint(scan: TextScan): void {
  const { lines } = scan;
  let before = scan.findings.length;
  let last = -1;
  // The `N errors` line within three lines after a report's last item counts that report's items.
  const readCount = (): void => {
    for (let i = last + 1; i < lines.length && i <= last + 3; i++) {
      const c = COUNT.exec(head(lines[i]!).trim());
      if (!c || scan.claimed[i] === 1) continue;
      const mine = scan.findings.length - before;
      scan.summaries.push({
        tool: scan.tool ?? "jshint",
        what: "problems",
        count: Number(c[1]),
        parsed: mine,
      });
      claim(scan, i, i + 1);
      before = scan.findings.length;
      break;
    }
  };
  // Only lines holding `: line ` can match (one search of the text finds them, bench:stage1).
  for (const i of linesWith(scan, JSHINT_NEEDLES)) {
    if (scan.claimed[i] === 1) continue;
    const l = lines[i]!;
    if (l.indexOf(": line ") === -1) continue;
    const m = LINE.exec(head(l));
    if (!m || !isFileLike(m[1]!) || COMPACT_SEVERITY.test(m[3]!)) continue;
    // A gap after the last item: the report before it may have ended with its count.
    if (last !== -1 && i > last + 1) readCount();
    const code = m[4] ?? null;
    const severity: Severity =
      code === null || code.startsWith("E") ? "error" : code.startsWith("W") ? "warning" : "info";
    scan.findings.push(
      finding(
        ruleName(scan.tool ?? "jshint", code ?? severity),
        loc(repoPath(m[1]!, scan.ctx), Number(m[2])),
        m[3]!.trim(),
        severity,
      ),
    );
    claim(scan, i, i + 1);
    last = i;
  }
  if (last !== -1) readCount();
}
