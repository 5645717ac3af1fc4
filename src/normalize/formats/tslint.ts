// FC-FORMAT-TSLINT-1: TSLint's stylish (`path:l:c` then `ERROR: l:c  rule  message`), verbose (`ERROR: (rule) path[l, c]: message`) and prose (`ERROR: path:l:c - message`) reports.
import type { Severity } from "../../types.ts";
import { finding, head, loc, opensWithSpace, repoPath, ruleName } from "../common.ts";
import { isFileLike } from "./generic-lines.ts";
import { claim, linesWith, matcherLine, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the tslint parser (text-pipeline.ts `Gate`): every item, and a header only above one, opens with `ERROR: ` or `WARNING: `, hence these tails. */
export const TSLINT_GATE: Gate = ["RROR: ", "NING: "];
/** The strings this parser finds its candidate lines by (text-pipeline.ts linesWith). */
export const TSLINT_NEEDLES: readonly string[] = ["ERROR: ", "WARNING: "];

const STYLISH = /^(ERROR|WARNING): (\d{1,9}):\d{1,9}\s+([\w/@.-]{1,120})\s{2,}([\s\S]+)$/;
const STYLISH_ONE = /^(ERROR|WARNING): (\d{1,9}):\d{1,9}\s+([\w/@.-]{1,120})\s+([\s\S]+)$/;
const VERBOSE = /^(ERROR|WARNING): \(([\w/@.-]{1,120})\) (\S.{0,1023}?)\[(\d{1,9}), \d{1,9}\]: ([\s\S]+)$/;
const PROSE = /^(ERROR|WARNING): (\S.{0,1023}?):(\d{1,9}):\d{1,9} - ([\s\S]+)$/;
const HEADER = /^(\S.{0,1023}?):\d{1,9}:\d{1,9}$/;

/** Each line is a finding at its path and line, rule `tslint:<rule>` where printed (prose prints none). */
export function parseTslint(scan: TextScan): void {
  const { lines } = scan;
  let header: string | null = null;
  // Only an item (`ERROR: `, `WARNING: `) and the line before it can change anything: those are read (one
  // search of the text finds them). Every other line only forgets the header, so a gap between lines read
  // does that.
  let last = -1;
  for (const item of linesWith(scan, TSLINT_NEEDLES))
    for (let i = Math.max(item - 1, last + 1); i <= item; i++) {
      if (i > last + 1) header = null;
      last = i;
      if (scan.claimed[i] === 1) {
        // A matcher's item line is its alone, but the file's block goes on past it (FC-STAGE1-MATCHER-5).
        if (!(matcherLine(scan, i) && /^(?:ERROR|WARNING): /.test(lines[i]!))) header = null;
        continue;
      }
      const l = lines[i]!;
      if (!l.startsWith("ERROR: ") && !l.startsWith("WARNING: ")) {
        // A header is followed by an item line.
        const next = lines[i + 1] ?? "";
        if (!next.startsWith("ERROR: ") && !next.startsWith("WARNING: ")) {
          header = null;
          continue;
        }
        const h = opensWithSpace(l) ? null : HEADER.exec(head(l));
        header = h && isFileLike(h[1]!) ? h[1]! : null;
        if (header !== null) claim(scan, i, i + 1);
        continue;
      }
      const line = head(l);
      const severity: Severity = line.startsWith("E") ? "error" : "warning";
      const tool = scan.tool ?? "tslint";
      let path: string | null = null;
      let at = 0;
      let rule: string | null = null;
      let message = "";
      const v = VERBOSE.exec(line);
      const p = v ? null : PROSE.exec(line);
      const s = v || p || header === null ? null : (STYLISH.exec(line) ?? STYLISH_ONE.exec(line));
      if (v) [path, at, rule, message] = [v[3]!, Number(v[4]), v[2]!, v[5]!];
      else if (p) [path, at, message] = [p[2]!, Number(p[3]), p[4]!];
      else if (s) [path, at, rule, message] = [header!, Number(s[2]), s[3]!, s[4]!];
      if (path === null || !isFileLike(path)) continue;
      scan.findings.push(
        finding(
          ruleName(tool, rule ?? severity),
          loc(repoPath(path, scan.ctx), at),
          message.trim(),
          severity,
        ),
      );
      claim(scan, i, i + 1);
    }
}
