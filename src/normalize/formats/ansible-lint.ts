// FC-FORMAT-ANSIBLE-LINT-1: ansible-lint's default report (`rule[tag]: message` over `path:line [detail]`) and its closing lines (`Listing N violation(s)`, the Rule Violation Summary, `Failed after … profile: N failure(s), M warning(s)`).
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { isFileLike } from "./generic-lines.ts";
import { claim, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the ansible-lint parser (text-pipeline.ts `Gate`): unless the hint names it, it reads nothing without a closing line: `Listing N violation(s)`, `… N failure(s), M warning(s)`, `Read documentation …` or the `Rule Violation Summary`. */
export const ANSIBLE_LINT_GATE: Gate = ["Listin", "(s), ", "Read d", "Violat"];

const LISTING = /^WARNING\s+Listing (\d{1,9}) violation\(s\) that are fatal$/;
const PROFILE =
  /^(?:Failed|Passed)(?: after (?:[\w-]{1,40} profile)?)?: (\d{1,9}) failure\(s\), (\d{1,9}) warning\(s\) on \d{1,9} files?\.?/;
const DOCS = /^Read documentation for instructions on how to ignore specific rule violations\.$/;
const TABLE_HEAD = /^\s*Rule Violation Summary\s*$/;
const TABLE_ROW = /^\s+(?:count tag\b.*|\d{1,9} [a-z][\w[\]-]{0,80}\s.*)$/;
const RULE = /^([a-z][a-z0-9]{0,40}(?:-[a-z0-9]{1,40}){0,8}(?:\[[\w-]{1,40}\])?): ([\s\S]+)$/;
const WHERE = /^(\S.{0,1023}?):(\d{1,9})(?::\d{1,9})?(?: ([\s\S]*))?$/;

/**
 * In output carrying ansible-lint's closing lines (or named `ansible-lint`), each `rule: message` line
 * followed by its `path:line` is an error (a warning when ` (warning)` closes the message), rule
 * `ansible-lint:<rule>`; the closing lines are its counts.
 */
export function parseAnsibleLint(scan: TextScan): void {
  const { lines } = scan;
  let listed: number | null = null;
  let profile: [number, number] | null = null;
  const closing: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    // Cheap test first: every line is seen by every parser (bench:stage1).
    const c = scan.first[i]!;
    if (c !== 87 && c !== 70 && c !== 80 && c !== 82 && c !== 32) continue;
    const l = lines[i]!;
    if (scan.claimed[i] === 1) continue;
    const line = head(l);
    // Each pattern only where its first character can be (an indented line can only head the table).
    const m = c === 87 ? LISTING.exec(line) : null; // `W`
    if (m) {
      listed = Number(m[1]);
      closing.push(i);
      continue;
    }
    const p = c === 70 || c === 80 ? PROFILE.exec(line) : null; // `F`, `P`
    if (p) {
      profile = [Number(p[1]), Number(p[2])];
      closing.push(i);
      continue;
    }
    if (c === 82 && DOCS.test(line))
      closing.push(i); // `R`
    else if ((c === 82 || c === 32) && line.includes("Rule Violation") && TABLE_HEAD.test(line)) {
      closing.push(i);
      for (let k = i + 1; k < lines.length && TABLE_ROW.test(head(lines[k]!)); k++) closing.push(k);
    }
  }
  if (closing.length === 0 && scan.tool !== "ansible-lint") return;
  for (const k of closing) claim(scan, k, k + 1);
  const tool = scan.tool ?? "ansible-lint";
  const before = scan.findings.length;
  for (let i = 0; i + 1 < lines.length; i++) {
    // RULE opens with a lower-case letter (read from the first-character table).
    const c = scan.first[i]!;
    if (c < 97 || c > 122 || scan.claimed[i] === 1 || scan.claimed[i + 1] === 1) continue;
    const r = RULE.exec(head(lines[i]!));
    if (!r) continue;
    const w = WHERE.exec(head(lines[i + 1]!));
    if (!w || !isFileLike(w[1]!)) continue;
    // A violation of a rule in the warn list is printed with ` (warning)` closing its message: a warning.
    const message = r[2]!.trim();
    const warned = message.endsWith(" (warning)");
    scan.findings.push(
      finding(
        ruleName(tool, r[1]!),
        loc(repoPath(w[1]!, scan.ctx), Number(w[2])),
        warned ? message.slice(0, -" (warning)".length) : message,
        warned ? "warning" : "error",
        w[3] === undefined || w[3].trim() === "" ? null : w[3].trim(),
      ),
    );
    claim(scan, i, i + 2);
    i++;
  }
  // The counts are set against the findings read here; the -p lines (read by the generic layer) carry none.
  const mine = scan.findings.slice(before);
  if (mine.length > 0 && (listed !== null || profile !== null)) {
    const errors = mine.filter((f) => f.severity === "error").length;
    scan.summaries.push({ tool, what: "errors", count: profile?.[0] ?? listed!, parsed: errors });
    if (profile !== null && profile[1] > 0)
      scan.summaries.push({ tool, what: "warnings", count: profile[1], parsed: mine.length - errors });
  }
}
