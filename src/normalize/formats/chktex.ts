// FC-FORMAT-CHKTEX-1: ChkTeX's default report (`Warning 11 in paper.tex line 4: message`, then the source line and a caret line).
import type { Severity } from "../../types.ts";
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { isFileLike } from "./generic-lines.ts";
import { claim, joinLines, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the chktex parser (text-pipeline.ts `Gate`): every finding's line opens with `Warning `, `Error ` or `Message ` (the strings are cut to six characters: searched faster). */
export const CHKTEX_GATE: Gate = ["Warnin", "Error ", "Messag"];

const HEAD = /^(Warning|Error|Message) (\d{1,4}) in (\S.{0,1023}?) line (\d{1,9}): ([\s\S]+)$/;
const CARET = /^\s*\^+\s*$/;

/** Each block is a finding, rule `chktex:<number>`, Warning a warning, Error an error, Message info. */
export function parseChktex(scan: TextScan): void {
  const { lines } = scan;
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i] === 1) continue;
    // Cheap test first: every line is seen by every parser (bench:stage1).
    const c = scan.first[i]!;
    if (c !== 87 && c !== 69 && c !== 77) continue;
    const l = lines[i]!;
    if (l.indexOf(" line ") === -1) continue;
    const m = HEAD.exec(head(l));
    if (!m || !isFileLike(m[3]!)) continue;
    // The source line and the caret line under it are the trace.
    const end = i + 2 < lines.length && CARET.test(lines[i + 2]!) ? i + 3 : i + 1;
    const severity: Severity = m[1] === "Error" ? "error" : m[1] === "Warning" ? "warning" : "info";
    scan.findings.push(
      finding(
        ruleName(scan.tool ?? "chktex", m[2]!),
        loc(repoPath(m[3]!, scan.ctx), Number(m[4])),
        m[5]!.trim(),
        severity,
        end > i + 1 ? joinLines(lines, i + 1, end) : null,
      ),
    );
    claim(scan, i, end);
    i = end - 1;
  }
}
