// FC-FORMAT-COFFEELINT-1: CoffeeLint's default report (`  ✗ path`, then `     ✗|⚡ #line: message` items, `✗ Lint! » N errors and M warnings in K files`).
import type { Severity } from "../../types.ts";
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { isFileLike } from "./generic-lines.ts";
import {
  claim,
  countSeverity,
  inBlock,
  linesWith,
  matcherLine,
  opensWithText,
  type TextScan,
  type Gate,
} from "../text-pipeline.ts";

/** Gate of the coffeelint parser (text-pipeline.ts `Gate`): a finding (and its file line) needs an item `✗|⚡|⚠ #line:`, the total line holds `Lint! » `. */
export const COFFEELINT_GATE: Gate = ["✗ #", "⚡ #", "⚠ #", "! » "];
/** The strings this parser finds its candidate lines by (text-pipeline.ts linesWith). */
export const COFFEELINT_NEEDLES: readonly string[] = ["✗", "⚡", "⚠", "✓"];

const FILE = /^\s{0,4}[✗⚡⚠✓] (\S.{0,1023})$/;
const ITEM = /^\s{3,}([✗⚡⚠]) #(\d{1,9}): ([\s\S]+)$/;
const TOTAL = /^[✗⚡⚠✓] Lint! » (\d{1,9}) errors? and (\d{1,9}) warnings? in \d{1,9} files?$/;

/** Each item under its file is a finding (✗ error, ⚡ warning); the report prints no rule: `coffeelint:<severity>`. */
export function parseCoffeelint(scan: TextScan): void {
  const { lines } = scan;
  const before = scan.findings.length;
  let total: [number, number] | null = null;
  // Only lines holding a mark are read (one search of the text finds them); `from` skips a file's items.
  let from = 0;
  for (const i of linesWith(scan, COFFEELINT_NEEDLES)) {
    if (i < from || scan.claimed[i] === 1) continue;
    // Every line read below opens with white space or a mark, never printable ASCII.
    if (opensWithText(scan.first[i]!)) continue;
    const l = lines[i]!;
    if (l.indexOf("✗") === -1 && l.indexOf("⚡") === -1 && l.indexOf("⚠") === -1 && l.indexOf("✓") === -1)
      continue;
    const line = head(l);
    const t = TOTAL.exec(line);
    if (t) {
      total = [Number(t[1]), Number(t[2])];
      claim(scan, i, i + 1);
      continue;
    }
    const f = FILE.exec(line);
    if (!f || !isFileLike(f[1]!.trim()) || !ITEM.test(head(lines[i + 1] ?? ""))) continue;
    const path = repoPath(f[1]!.trim(), scan.ctx);
    claim(scan, i, i + 1);
    let k = i + 1;
    for (; k < lines.length && inBlock(scan, k); k++) {
      // An item a problem matcher made a finding of is the matcher's; the file's block goes on past it
      // (FC-STAGE1-MATCHER-5).
      if (matcherLine(scan, k)) continue;
      const m = ITEM.exec(head(lines[k]!));
      if (!m) break;
      const severity: Severity = m[1] === "✗" ? "error" : "warning";
      scan.findings.push(
        finding(
          ruleName(scan.tool ?? "coffeelint", severity),
          loc(path, Number(m[2])),
          m[3]!.trim(),
          severity,
        ),
      );
      claim(scan, k, k + 1);
    }
    from = k;
  }
  if (total !== null) {
    const tool = scan.tool ?? "coffeelint";
    countSeverity(scan, tool, before, "errors", total[0]);
    countSeverity(scan, tool, before, "warnings", total[1]);
  }
}
