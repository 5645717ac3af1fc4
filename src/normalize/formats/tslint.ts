// FC-FORMAT-TSLINT-1: TSLint's stylish (`path:l:c` then `ERROR: l:c  rule  message`), verbose (`ERROR: (rule) path[l, c]: message`) and prose (`ERROR: path:l:c - message`) reports.
import type { Severity } from "../../types.ts";
import { finding, head, loc, opensWithSpace, repoPath, ruleName } from "../common.ts";
import { isFileLike } from "./generic-lines.ts";
import { claim, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the tslint parser (text-pipeline.ts `Gate`): every item, and a header only above one, opens with `ERROR: ` or `WARNING: `, hence these tails. */
export const TSLINT_GATE: Gate = ["RROR: ", "NING: "];

const STYLISH = /^(ERROR|WARNING): (\d{1,9}):\d{1,9}\s+([\w/@.-]{1,120})\s{2,}(.+)$/;
const STYLISH_ONE = /^(ERROR|WARNING): (\d{1,9}):\d{1,9}\s+([\w/@.-]{1,120})\s+(.+)$/;
const VERBOSE = /^(ERROR|WARNING): \(([\w/@.-]{1,120})\) (\S.{0,1023}?)\[(\d{1,9}), \d{1,9}\]: (.+)$/;
const PROSE = /^(ERROR|WARNING): (\S.{0,1023}?):(\d{1,9}):\d{1,9} - (.+)$/;
const HEADER = /^(\S.{0,1023}?):\d{1,9}:\d{1,9}$/;

/** Each line is a finding at its path and line, rule `tslint:<rule>` where printed (prose prints none). */
export function parseTslint(scan: TextScan): void {
  const { lines } = scan;
  let header: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i] === 1) {
      header = null;
      continue;
    }
    const l = lines[i]!;
    if (!l.startsWith("ERROR: ") && !l.startsWith("WARNING: ")) {
      // Cheap test first: a header is followed by an item line (every line is seen by every parser).
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
      finding(ruleName(tool, rule ?? severity), loc(repoPath(path, scan.ctx), at), message.trim(), severity),
    );
    claim(scan, i, i + 1);
  }
}
