// FC-FORMAT-STANDARD-1: JavaScript Standard Style's report (`standard: …` lines, then indented `path:line:col: message (rule)[ (warning)]` items).
import type { Severity } from "../../types.ts";
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { isFileLike } from "./generic-lines.ts";
import { claim, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the standard parser (text-pipeline.ts `Gate`): unless the hint names it, it reads nothing without a `standard: ` (`ts-standard`, `standardx`, `semistandard`) banner line. */
export const STANDARD_GATE: Gate = { firstChars: "st", text: ["ndard"] };

const BANNER = /^(standard|ts-standard|standardx|semistandard): /;
const ITEM = /^\s{1,8}(\S.{0,1023}?):(\d{1,9}):\d{1,9}: (.+?)(?: \(([@\w/.-]{1,120})\))?( \(warning\))?$/;

/**
 * In output opened by the tool's `standard: ` banner lines, each indented item is a finding, rule
 * `standard:<rule>`, a warning where it ends with `(warning)`, else an error.
 */
export function parseStandard(scan: TextScan): void {
  const { lines } = scan;
  let tool: string | null = null;
  for (let i = 0; i < lines.length && tool === null; i++) {
    // Cheap test first: the banner opens the report.
    if (lines[i]!.charCodeAt(0) !== 115 && lines[i]!.charCodeAt(0) !== 116) continue;
    const b = BANNER.exec(lines[i]!);
    if (b) tool = b[1]!;
  }
  if (tool === null && scan.tool !== "standard") return;
  const name = scan.tool ?? tool ?? "standard";
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i] === 1) continue;
    const l = head(lines[i]!);
    if (BANNER.test(l)) {
      claim(scan, i, i + 1);
      continue;
    }
    if (l.charCodeAt(0) !== 32) continue;
    const m = ITEM.exec(l);
    if (!m || !isFileLike(m[1]!)) continue;
    const severity: Severity = m[5] === undefined ? "error" : "warning";
    scan.findings.push(
      finding(
        ruleName(name, m[4] ?? severity),
        loc(repoPath(m[1]!, scan.ctx), Number(m[2])),
        m[3]!.trim(),
        severity,
      ),
    );
    claim(scan, i, i + 1);
  }
}
