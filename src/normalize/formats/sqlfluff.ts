// FC-FORMAT-SQLFLUFF-1: sqlfluff's human report (`== [path] FAIL`, then `L:  3 | P: 13 | L006 | message` with `| more` continuation lines).
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { claim, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the sqlfluff parser (text-pipeline.ts `Gate`): every claimed line is a `== [path] FAIL|PASS` header or a row read under one. */
export const SQLFLUFF_GATE: Gate = ["== ["];

const FILE = /^== \[(.{1,1024})\] (?:FAIL|PASS)$/;
const ROW = /^L:\s*(\d{1,9}) \| P:\s*\d{1,9} \| ([A-Z]{1,4}\d{2,4}|[a-z_.]{1,64}) \| (.+)$/;
const MORE = /^\s+\| (.+)$/;

/** Each row under a file header is a finding (rule `sqlfluff:<code>`, severity error: the file fails). */
export function parseSqlfluff(scan: TextScan): void {
  const { lines } = scan;
  let file: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i] === 1 || (file === null && scan.first[i] !== 61)) continue; // `=`
    const line = head(lines[i]!);
    if (file === null && !line.startsWith("== [")) continue;
    const f = FILE.exec(line);
    if (f) {
      file = f[1]!;
      claim(scan, i, i + 1);
      continue;
    }
    if (file === null) continue;
    const r = ROW.exec(line);
    if (!r) {
      if (line.trim() !== "" && !MORE.test(line)) file = null;
      continue;
    }
    let message = r[3]!.trim();
    let end = i + 1;
    for (; end < lines.length && scan.claimed[end] === 0; end++) {
      const m = MORE.exec(head(lines[end]!));
      if (!m) break;
      message = `${message} ${m[1]!.trim()}`;
    }
    scan.findings.push(
      finding(
        ruleName(scan.tool ?? "sqlfluff", r[2]!),
        loc(repoPath(file, scan.ctx), Number(r[1])),
        message,
        "error",
      ),
    );
    claim(scan, i, end);
    i = end - 1;
  }
}
