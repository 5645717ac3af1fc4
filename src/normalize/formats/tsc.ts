// FC-FORMAT-TSC-1..4: TypeScript compiler output (`--pretty false`, pretty, global errors, continuation lines).
import type { Severity } from "../../types.ts";
import { finding, head, isBlank, loc, opensWithSpace, repoPath } from "../common.ts";
import {
  blockEnd,
  claim,
  countSeverity,
  joinLines,
  linesWith,
  type TextScan,
  type Gate,
} from "../text-pipeline.ts";

/** Gate of the tsc parser (text-pipeline.ts `Gate`): a diagnostic line holds ` TS<code>`; the only other line claimed is `Found N errors`. */
export const TSC_GATE: Gate = ["TS", "Found "];
/** The strings this parser finds its candidate lines by (text-pipeline.ts linesWith): a diagnostic's code. */
export const TSC_NEEDLES: readonly string[] = ["TS"];

// The message is the rest of the line, whatever it holds: a line runs from LF to LF (FC-STAGE1-RAW-3), so a
// U+2028 or U+2029 in it is part of the message (`[\s\S]`, not `.`, which stops at them and lost the line).
const PLAIN = /^(.+?)\((\d{1,9}),(\d{1,9})\): (error|warning|message) (TS\d{1,6}): ([\s\S]*)$/;
const PRETTY = /^(.+?):(\d{1,9}):(\d{1,9}) - (error|warning|message) (TS\d{1,6}): ([\s\S]*)$/;
const GLOBAL = /^(error|warning|message) (TS\d{1,6}): ([\s\S]*)$/;
const FOUND = /^(?:\[[^\]]{1,40}\] )?Found (\d{1,9}) errors?\b/;
const EXCERPT = /^\s*\d{1,9} {1,}|^[\s~]*~[\s~]*$/;

/** Every diagnostic line (PLAIN, PRETTY, GLOBAL) has ` TS` before its code. */
const mayBeTsc = (line: string): boolean => line.includes(" TS");
/** PLAIN and PRETTY lines have their severity word right before it. */
const SEVERITY_TS = /(?:error|warning|message) TS/;

// Continuation lines of a message chain are indented and no excerpt; an excerpt ends at the next diagnostic.
const endsChain = (l: string): boolean => !opensWithSpace(l) || EXCERPT.test(l);
const endsExcerpt = (l: string): boolean => PRETTY.test(l) || GLOBAL.test(l) || FOUND.test(l);

const severityOf = (w: string): Severity => (w === "error" ? "error" : w === "warning" ? "warning" : "info");

export function parseTsc(scan: TextScan): void {
  const { lines } = scan;
  const before = scan.findings.length;
  let announced: number | null = null;
  // "Found N errors" is tsc's only when tsc diagnostics are present or the caller said this is tsc (mypy says it too).
  // Only lines holding `TS` can be one (one search of the text finds them).
  const trustFound =
    scan.format === "tsc" ||
    linesWith(scan, TSC_NEEDLES).some((i) => {
      const l = lines[i]!;
      return mayBeTsc(l) && SEVERITY_TS.test(l) && (PLAIN.test(head(l)) || PRETTY.test(head(l)));
    });
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i] === 1) continue;
    // Without PLAIN or PRETTY lines only GLOBAL can match, which opens with `e`, `w` or `m`.
    const c0 = scan.first[i]!;
    if (!trustFound && c0 !== 101 && c0 !== 119 && c0 !== 109) continue;
    const line = head(lines[i]!);
    // Cheap test first: every line is seen by every parser (bench:stage1).
    const mayFound = trustFound && line.includes("Found ");
    if (!mayFound && !mayBeTsc(line)) continue;
    const found = mayFound ? FOUND.exec(line) : null;
    if (found) {
      announced = (announced ?? 0) + Number(found[1]);
      let end = i + 1;
      while (end < lines.length && isBlank(lines[end]!)) end++;
      if (end < lines.length && /^Errors\s+Files?\s*$/.test(lines[end]!)) {
        end++;
        while (end < lines.length && /^\s+\d{1,9}\s+\S/.test(lines[end]!)) end++;
      } else end = i + 1;
      claim(scan, i, end);
      i = end - 1;
      continue;
    }
    const plain = PLAIN.exec(line);
    const pretty = plain ? null : PRETTY.exec(line);
    const global = plain || pretty ? null : GLOBAL.exec(line);
    if (!plain && !pretty && !global) continue;
    const m = (plain ?? pretty)!;
    const word = global ? global[1]! : m[4]!;
    const code = global ? global[2]! : m[5]!;
    // Continuation lines: the indented rest of a message chain.
    const chainEnd = blockEnd(scan, i + 1, endsChain);
    let message = global ? global[3]! : m[6]!;
    for (let k = i + 1; k < chainEnd; k++) message += `\n${lines[k]!.trim()}`;
    let end = chainEnd;
    let trace: string | null = null;
    if (pretty || (global && chainEnd < lines.length)) {
      // Pretty output: a blank line, then the source excerpt with its squiggles, then related information.
      let j = chainEnd;
      while (j < lines.length && isBlank(lines[j]!)) j++;
      if (j < lines.length && EXCERPT.test(lines[j]!) && scan.claimed[j] === 0) {
        const excerptEnd = blockEnd(scan, j, endsExcerpt);
        trace = joinLines(lines, j, excerptEnd);
        end = excerptEnd;
      }
    }
    const location = global ? null : loc(repoPath(m[1]!, scan.ctx), Number(m[2]));
    scan.findings.push(finding(`tsc:${code}`, location, message, severityOf(word), trace));
    claim(scan, i, end);
    i = end - 1;
  }
  if (announced !== null) countSeverity(scan, "tsc", before, "errors", announced);
}
