// FC-FORMAT-STANDARD-1: JavaScript Standard Style's report (`standard: …` lines, then indented `path:line:col: message (rule)[ (warning)]` items).
import type { Severity } from "../../types.ts";
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { isFileLike } from "./generic-lines.ts";
import { claim, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the standard parser (text-pipeline.ts `Gate`): unless the hint names it, it reads nothing without a `standard: ` (`ts-standard`, `standardx`, `semistandard`) banner line. */
export const STANDARD_GATE: Gate = { firstChars: "st", text: ["ndard"] };

const BANNER = /^(standard|ts-standard|standardx|semistandard): /;
const ITEM =
  /^\s{1,8}(\S.{0,1023}?):(\d{1,9}):\d{1,9}: ([\s\S]+?)(?: \(([@\w/.-]{1,120})\))?( \(warning\))?$/;

/**
 * In output opened by the tool's `standard: ` banner lines, each indented item is a finding, rule
 * `standard:<rule>`, a warning where it ends with `(warning)`, else an error.
 */
export function parseStandard(scan: TextScan): void {
  const { lines } = scan;
  let tool: string | null = null;
  for (let i = 0; i < lines.length && tool === null; i++) {
    // Cheap test first: the banner opens the report.
    if (scan.first[i] !== 115 && scan.first[i] !== 116) continue;
    const b = BANNER.exec(lines[i]!);
    if (b) tool = b[1]!;
  }
  if (tool === null && scan.tool !== "standard") return;
  const name = scan.tool ?? tool ?? "standard";
  for (let i = 0; i < lines.length; i++) {
    const c0 = scan.first[i]!;
    // BANNER opens with `s` or `t`, ITEM with a space: any other line is skipped unread.
    if (scan.claimed[i] === 1 || (c0 !== 115 && c0 !== 116 && c0 !== 32)) continue;
    const l = head(lines[i]!);
    if (BANNER.test(l)) {
      claim(scan, i, i + 1);
      continue;
    }
    if (c0 !== 32) continue;
    const m = ITEM.exec(l);
    if (!m || !isFileLike(m[1]!)) continue;
    const severity: Severity = m[5] === undefined ? "error" : "warning";
    // A parsing error has no rule: the report prints `(null)` for it.
    const rule = m[4] === undefined || m[4] === "null" ? severity : m[4];
    scan.findings.push(
      finding(ruleName(name, rule), loc(repoPath(m[1]!, scan.ctx), Number(m[2])), m[3]!.trim(), severity),
    );
    claim(scan, i, i + 1);
  }
}
