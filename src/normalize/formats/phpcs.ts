// FC-FORMAT-PHPCS-1: PHP_CodeSniffer's full report (`FILE: path`, ` N | ERROR   | [x] message` rows with `|   |` continuations, `(Sniff.Code)` with -s).
import type { Severity } from "../../types.ts";
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { claim, countSeverity, inBlock, matcherLine, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the phpcs parser (text-pipeline.ts `Gate`): every claim, finding and count is in a block opened by a line starting `FILE: `. */
export const PHPCS_GATE: Gate = ["FILE: "];

const FILE = /^FILE: (\S.{0,1023})$/;
const ROW = /^\s*(\d{1,9}) \| (ERROR|WARNING)\s*\| (?:\[[x ]\] )?([\s\S]*)$/;
const MORE = /^\s+\|\s+\|\s([\s\S]*)$/;
const FOUND =
  /^FOUND (\d{1,9}) ERRORS?(?: AND (\d{1,9}) WARNINGS?)? AFFECTING \d{1,9} LINES?$|^FOUND (\d{1,9}) WARNINGS? AFFECTING/;
// Everything else inside a file block: rules of dashes, the fixer's note.
const STRUCTURE = /^-{10,}$|^PHPCBF CAN FIX|^Time: \d/;
const SOURCE = /\s\(([A-Z][\w]{0,80}(?:\.[\w]{1,80}){2,4})\)$/;

/** Each row is a finding at the block's file, its continuation lines joined, rule `phpcs:<Sniff.Code>` with -s. */
export function parsePhpcs(scan: TextScan): void {
  const { lines } = scan;
  const tool = scan.tool ?? "phpcs";
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i] === 1) continue;
    // Cheap test first: a block opens with `FILE: `.
    if (scan.first[i] !== 70 || !lines[i]!.startsWith("FILE: ")) continue;
    const f = FILE.exec(head(lines[i]!));
    if (!f) continue;
    const path = repoPath(f[1]!.trim(), scan.ctx);
    const before = scan.findings.length;
    let counts: [number, number] | null = null;
    claim(scan, i, i + 1);
    let k = i + 1;
    for (; k < lines.length && inBlock(scan, k); k++) {
      if (matcherLine(scan, k)) continue;
      const l = head(lines[k]!);
      if (l.startsWith("FILE: ")) break;
      if (l.trim() === "" || STRUCTURE.test(l)) {
        claim(scan, k, k + 1);
        continue;
      }
      const found = FOUND.exec(l);
      if (found) {
        counts = found[3] !== undefined ? [0, Number(found[3])] : [Number(found[1]), Number(found[2] ?? 0)];
        claim(scan, k, k + 1);
        continue;
      }
      const row = ROW.exec(l);
      if (!row) break;
      let message = row[3]!.trim();
      let end = k + 1;
      for (; end < lines.length && scan.claimed[end] === 0; end++) {
        const more = MORE.exec(head(lines[end]!));
        if (!more) break;
        message = `${message} ${more[1]!.trim()}`;
      }
      const src = SOURCE.exec(message);
      if (src) message = message.slice(0, src.index).trim();
      const severity: Severity = row[2] === "ERROR" ? "error" : "warning";
      scan.findings.push(
        finding(ruleName(tool, src ? src[1]! : severity), loc(path, Number(row[1])), message, severity),
      );
      claim(scan, k, end);
      k = end - 1;
    }
    if (counts !== null) {
      countSeverity(scan, tool, before, "errors", counts[0]);
      countSeverity(scan, tool, before, "warnings", counts[1]);
    }
    i = k - 1;
  }
}
