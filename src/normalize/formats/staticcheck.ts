// FC-FORMAT-STATICCHECK-1: staticcheck's stylish report (a path line, then `  (line, col)  CODE  message` items, `✖ N problems (E errors, W warnings, I ignored)`).
import { finding, head, isSpace, loc, opensWithSpace, repoPath, ruleName } from "../common.ts";
import { isFileLike } from "./generic-lines.ts";
import { claim, linesWith, inBlock, matcherLine, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the staticcheck parser (text-pipeline.ts `Gate`): items hold `(line, col)`; path and count lines count only with items. Seldom absent, but free to test. */
export const STATICCHECK_GATE: Gate = [")"];
/** The strings this parser finds its candidate lines by (text-pipeline.ts linesWith). */
export const STATICCHECK_NEEDLES: readonly string[] = ["✖"];

// A check's code, or `compile` for the type errors of a package that does not build.
const ITEM = /^\s+\((\d{1,9}), \d{1,9}\)\s+([A-Z]{1,4}\d{1,5}|compile)\s+([\s\S]+)$/;
const TOTAL = /^\s*✖ (\d{1,9}) problems? \((\d{1,9}) errors?, (\d{1,9}) warnings?, \d{1,9} ignored\)\s*$/;

/** Whether ITEM may match `line`: after its white space comes `(` and a digit. */
function mayOpenItem(line: string): boolean {
  let k = 0;
  while (isSpace(line.charCodeAt(k))) k++;
  const d = line.charCodeAt(k + 1);
  return k > 0 && line.charCodeAt(k) === 40 && d >= 48 && d <= 57;
}

/** Each item under its path is a finding, rule `staticcheck:<code>`; the report prints no severity: error. */
export function parseStaticcheck(scan: TextScan): void {
  const { lines } = scan;
  const before = scan.findings.length;
  for (let i = 0; i + 1 < lines.length; i++) {
    if (scan.claimed[i] === 1) continue;
    // Cheap tests first: an item opens with a space (read from the first-character table), then after its
    // white space a parenthesis and a digit.
    if (scan.first[i + 1] !== 32) continue;
    const next = lines[i + 1]!;
    if (!mayOpenItem(next)) continue;
    const path = head(lines[i]!).trim();
    if (path === "" || opensWithSpace(lines[i]!) || !isFileLike(path) || !ITEM.test(head(next))) continue;
    claim(scan, i, i + 1);
    let k = i + 1;
    for (; k < lines.length && inBlock(scan, k); k++) {
      if (matcherLine(scan, k)) continue;
      const m = ITEM.exec(head(lines[k]!));
      if (!m) break;
      scan.findings.push(
        finding(
          ruleName(scan.tool ?? "staticcheck", m[2]!),
          loc(repoPath(path, scan.ctx), Number(m[1])),
          m[3]!.trim(),
          "error",
        ),
      );
      claim(scan, k, k + 1);
    }
    i = k - 1;
  }
  const parsed = scan.findings.length - before;
  if (parsed === 0) return;
  for (const i of linesWith(scan, STATICCHECK_NEEDLES)) {
    if (scan.claimed[i] === 1 || lines[i]!.indexOf("✖") === -1) continue;
    const t = TOTAL.exec(head(lines[i]!));
    if (!t) continue;
    scan.summaries.push({
      tool: scan.tool ?? "staticcheck",
      what: "problems",
      count: Number(t[1]),
      parsed,
    });
    claim(scan, i, i + 1);
  }
}
