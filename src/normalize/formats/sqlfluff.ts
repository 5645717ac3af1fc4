// FC-FORMAT-SQLFLUFF-1: sqlfluff's human report (`== [path] FAIL`, then `L:  3 | P: 13 | L006 | message` with `| more` continuation lines; parse and template errors as ` PRS`, ` TMP`).
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { claim, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the sqlfluff parser (text-pipeline.ts `Gate`): every claimed line is a `== [path] FAIL|PASS` header or a row read under one. */
export const SQLFLUFF_GATE: Gate = ["== ["];

const FILE = /^== \[(.{1,1024})\] (?:FAIL|PASS)$/;
// The code is right-aligned in four columns: the three-letter codes of parse, template and lexing errors
// (` PRS`, ` TMP`, ` LXR`) open with a space. A violation without a position prints `-` for it.
const ROW =
  /^L:\s*(\d{1,9}|-) \| P:\s*(?:\d{1,9}|-) \| {1,2}([A-Z]{1,4}\d{2,4}|[A-Z]{3,4}|[a-z_.]{1,64}) \| ([\s\S]+)$/;
const MORE = /^\s+\| ([\s\S]+)$/;
/** sqlfluff's advice after a file with parse errors: its PRS rows already say what failed. */
const DIALECT_HINT = /^WARNING: Parsing errors found and dialect is set to '[^']{1,64}'\./;
/** The prefix of a rule the configuration turns into a warning (`warnings = …`): it does not fail the file. */
const WARNING = "WARNING: ";

/**
 * Each row under a file header is a finding (rule `sqlfluff:<code>`, severity error: the file fails; warning
 * for a rule the configuration made a warning, whose message opens with `WARNING: `).
 */
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
      if (DIALECT_HINT.test(line)) claim(scan, i, i + 1);
      else if (line.trim() !== "" && !MORE.test(line)) file = null;
      continue;
    }
    let message = r[3]!.trim();
    let end = i + 1;
    for (; end < lines.length && scan.claimed[end] === 0; end++) {
      const m = MORE.exec(head(lines[end]!));
      if (!m) break;
      message = `${message} ${m[1]!.trim()}`;
    }
    const warning = message.startsWith(WARNING);
    scan.findings.push(
      finding(
        ruleName(scan.tool ?? "sqlfluff", r[2]!),
        loc(repoPath(file, scan.ctx), r[1] === "-" ? undefined : Number(r[1])),
        warning ? message.slice(WARNING.length) : message,
        warning ? "warning" : "error",
      ),
    );
    claim(scan, i, end);
    i = end - 1;
  }
}
