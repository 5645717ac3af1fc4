// FC-FORMAT-FLAWFINDER-1: flawfinder's report (`path:line[:col]:  [level] (category) name:message` with indented continuation lines; the ANALYSIS SUMMARY's `Hits = N`).
import type { Severity } from "../../types.ts";
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { isFileLike } from "./generic-lines.ts";
import { claim, linesWith, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the flawfinder parser (text-pipeline.ts `Gate`): every hit holds `[level] (category)`, and `Hits =` is read only after a hit. */
export const FLAWFINDER_GATE: Gate = ["] ("];
/** The strings this parser finds its candidate lines by (text-pipeline.ts linesWith). */
export const FLAWFINDER_NEEDLES: readonly string[] = ["] ("];

const HIT = /^(\S.{0,1023}?):(\d{1,9}):(?:\d{1,9}:)?\s+\[([0-5])\] \((\w{1,40})\) (\w{1,80}):([\s\S]*)$/;
const MORE = /^ {2}\S/;
const HITS = /^Hits = (\d{1,9})$/;

/**
 * Each hit is a finding, rule `flawfinder:<category>/<name>`, its indented lines joined to the message;
 * settled here as flawfinder's own SARIF output maps its risk levels: 4 and 5 error, 3 warning, 0 to 2 info.
 */
export function parseFlawfinder(scan: TextScan): void {
  const { lines } = scan;
  const before = scan.findings.length;
  // Only lines holding `] (` can open a hit (one search of the text finds them, bench:stage1); `from` skips
  // the lines a hit read on.
  let from = 0;
  for (const i of linesWith(scan, FLAWFINDER_NEEDLES)) {
    if (i < from || scan.claimed[i] === 1) continue;
    const l = lines[i]!;
    if (l.indexOf("] (") === -1) continue;
    const m = HIT.exec(head(l));
    if (!m || !isFileLike(m[1]!)) continue;
    let message = m[6]!.trim();
    let end = i + 1;
    for (; end < lines.length && scan.claimed[end] === 0 && MORE.test(lines[end]!); end++)
      message = `${message} ${head(lines[end]!).trim()}`;
    const level = Number(m[3]);
    const severity: Severity = level >= 4 ? "error" : level === 3 ? "warning" : "info";
    scan.findings.push(
      finding(
        ruleName(scan.tool ?? "flawfinder", `${m[4]}/${m[5]}`),
        loc(repoPath(m[1]!, scan.ctx), Number(m[2])),
        message,
        severity,
      ),
    );
    claim(scan, i, end);
    from = end;
  }
  if (scan.findings.length === before) return;
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i] === 1 || scan.first[i] !== 72) continue;
    const h = HITS.exec(head(lines[i]!));
    if (!h) continue;
    scan.summaries.push({
      tool: scan.tool ?? "flawfinder",
      what: "hits",
      count: Number(h[1]),
      parsed: scan.findings.length - before,
    });
    claim(scan, i, i + 1);
  }
}
