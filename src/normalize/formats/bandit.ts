// FC-FORMAT-BANDIT-1: bandit's screen report (`>> Issue: [B602:name] message`, `Severity: High`, `Location: path:line`).
import type { Severity } from "../../types.ts";
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { claim, joinLines, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the bandit parser (text-pipeline.ts `Gate`): every finding opens at a line starting `>> Issue: ` (searched for as `>> Iss`: short strings search fastest). */
export const BANDIT_GATE: Gate = { firstChars: ">", text: [">> Iss"] };

const ISSUE = /^>> Issue: \[([A-Z]\d{3,4})(?::[\w.-]{1,80})?\] ([\s\S]+)$/;
const SEVERITY = /^\s+Severity: (\w+)\s+Confidence: \w+/;
const LOCATION = /^\s+Location: (.{1,1024}?):(\d{1,9})(?::\d{1,9})?$/;
const RULE_LINE = /^-{20,}$/;
// Settled in spec/stage1.md: bandit's High is an error, Medium a warning, Low (and Undefined) info.
const LEVEL: Record<string, Severity> = { high: "error", medium: "warning" };

/** Each `>> Issue:` block is a finding at its `Location:`; the source lines after it are its trace. */
export function parseBandit(scan: TextScan): void {
  const { lines } = scan;
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i] === 1 || scan.first[i] !== 62) continue; // `>`
    if (!lines[i]!.startsWith(">> Issue: ")) continue;
    const m = ISSUE.exec(head(lines[i]!));
    if (!m) continue;
    let severity: Severity = "info";
    let where: RegExpExecArray | null = null;
    let end = i + 1;
    for (; end < lines.length && end - i < 60 && scan.claimed[end] === 0; end++) {
      const l = head(lines[end]!);
      if (RULE_LINE.test(l) || ISSUE.test(l)) break;
      const s = SEVERITY.exec(l);
      if (s) severity = LEVEL[s[1]!.toLowerCase()] ?? "info";
      where ??= LOCATION.exec(l);
    }
    if (where === null) continue;
    scan.findings.push(
      finding(
        ruleName(scan.tool ?? "bandit", m[1]!),
        loc(repoPath(where[1]!, scan.ctx), Number(where[2])),
        m[2]!,
        severity,
        joinLines(lines, i + 1, end),
      ),
    );
    claim(scan, i, end < lines.length && RULE_LINE.test(head(lines[end]!)) ? end + 1 : end);
    i = end - 1;
  }
}
