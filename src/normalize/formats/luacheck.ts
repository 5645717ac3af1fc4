// FC-FORMAT-LUACHECK-1: luacheck's default report (`Checking <path>  N warnings / M errors`, indented `path:line:col: [(Wnnn) ]message` items, the `Total:` line).
import type { Severity } from "../../types.ts";
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { claim, countSeverity, inBlock, matcherLine, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the luacheck parser (text-pipeline.ts `Gate`): items are read only under a `Checking path` header, the `Total:` line only after an item. */
export const LUACHECK_GATE: Gate = ["Checki"];

// The file header: `Checking inventory.lua      5 warnings`, `… 1 error`, `… 2 warnings / 1 error`, `… OK`.
const CHECKING =
  /^Checking (\S.{0,1023}?)\s+(?:OK|(?:(\d{1,9}) warnings?)?(?: \/ )?(?:(\d{1,9}) errors?)?|Syntax error|I\/O error)\s*$/;
// An item under it: `    inventory.lua:1:7: [(W211) ]unused variable 'json'` (a column range with --ranges).
const ITEM = /^\s{2,}(\S.{0,1023}?):(\d{1,9}):(\d{1,9})(?:-\d{1,9})?: (?:\(([EW]\d{3})\) )?([\s\S]+)$/;
const TOTAL = /^Total: (\d{1,9}) warnings? \/ (\d{1,9}) errors? in \d{1,9} files?$/;

/**
 * Each item is a finding, rule `luacheck:<code>` with `--codes` (W warning, E error); without codes the
 * header says the kind: a file with only warnings (or only errors) gives its items that severity (a syntax
 * error stops luacheck's checks of its file, so the two rarely mix; mixed, an item is a warning).
 */
export function parseLuacheck(scan: TextScan): void {
  const { lines } = scan;
  const before = scan.findings.length;
  let total: [number, number] | null = null;
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i] === 1) continue;
    const l = lines[i]!;
    // Cheap test first: every line is seen by every parser (bench:stage1).
    if (scan.first[i] === 84 && l.startsWith("Total: ")) {
      const t = TOTAL.exec(head(l));
      if (t && scan.findings.length > before) {
        total = [Number(t[1]), Number(t[2])];
        claim(scan, i, i + 1);
      }
      continue;
    }
    if (scan.first[i] !== 67 || !l.startsWith("Checking ")) continue;
    const h = CHECKING.exec(head(l));
    if (!h) continue;
    const warnings = Number(h[2] ?? 0);
    const errors = Number(h[3] ?? 0);
    const kind: Severity = errors > 0 && warnings === 0 ? "error" : "warning";
    claim(scan, i, i + 1);
    let k = i + 1;
    for (; k < lines.length && inBlock(scan, k); k++) {
      if (matcherLine(scan, k)) continue;
      const line = head(lines[k]!);
      if (line.trim() === "") continue;
      const m = ITEM.exec(line);
      if (!m) break;
      const code = m[4] ?? null;
      const severity: Severity = code === null ? kind : code.startsWith("E") ? "error" : "warning";
      scan.findings.push(
        finding(
          ruleName(scan.tool ?? "luacheck", code ?? severity),
          loc(repoPath(m[1]!, scan.ctx), Number(m[2])),
          m[5]!.trim(),
          severity,
        ),
      );
      claim(scan, k, k + 1);
    }
    i = k - 1;
  }
  if (total !== null) {
    const tool = scan.tool ?? "luacheck";
    countSeverity(scan, tool, before, "warnings", total[0]);
    countSeverity(scan, tool, before, "errors", total[1]);
  }
}
