// FC-FORMAT-CPPLINT-1: cpplint's report (`path:line:  message  [category/name] [confidence]`, `Total errors found: N`).
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { isFileLike } from "./generic-lines.ts";
import { claim, linesWith, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the cpplint parser (text-pipeline.ts `Gate`): a finding ends in `] [N]`, the lines it claims otherwise open with `Total errors found:` or `Done processing`. */
export const CPPLINT_GATE: Gate = ["] [", "Total ", "Done p"];
/** The strings this parser finds its candidate lines by (text-pipeline.ts linesWith): its gate's. */
export const CPPLINT_NEEDLES: readonly string[] = CPPLINT_GATE;

const LINE = /^(\S.{0,1023}?):(\d{1,9}):\s+([\s\S]+?)\s+\[([a-z_+]{1,40}\/[\w+-]{1,80})\] \[([1-5])\]$/;
const TOTAL = /^Total errors found: (\d{1,9})$/;

/**
 * Whether a line is a cpplint report line. Its `path:line:  message` opening is also g++'s instantiation
 * context (FC-FORMAT-COMPILER-5), which the compiler parser must leave it as when it runs first.
 */
export const isCpplintLine = (line: string): boolean => line.endsWith("]") && LINE.test(line);
const DONE = /^Done processing \S/;

/** Each line is an error (cpplint calls them all errors), rule `cpplint:<category/name>`; the total is the count. */
export function parseCpplint(scan: TextScan): void {
  const { lines } = scan;
  const before = scan.findings.length;
  let total: number | null = null;
  // Only lines holding one of the gate's strings can match (one search of the text finds them).
  for (const i of linesWith(scan, CPPLINT_NEEDLES)) {
    if (scan.claimed[i] === 1) continue;
    const l = lines[i]!;
    if (l.charCodeAt(l.length - 1) !== 93 && l.charCodeAt(0) !== 84 && l.charCodeAt(0) !== 68) continue;
    const line = head(l);
    const t = TOTAL.exec(line);
    if (t) {
      total = Number(t[1]);
      claim(scan, i, i + 1);
      continue;
    }
    if (DONE.test(line)) {
      claim(scan, i, i + 1);
      continue;
    }
    const m = LINE.exec(line);
    if (!m || !isFileLike(m[1]!)) continue;
    scan.findings.push(
      finding(
        ruleName(scan.tool ?? "cpplint", m[4]!),
        loc(repoPath(m[1]!, scan.ctx), Number(m[2])),
        m[3]!.trim(),
        "error",
      ),
    );
    claim(scan, i, i + 1);
  }
  if (total !== null)
    scan.summaries.push({
      tool: scan.tool ?? "cpplint",
      what: "errors",
      count: total,
      parsed: scan.findings.length - before,
    });
}
