// FC-FORMAT-PROSELINT-1: proselint's report (`path:line:col: category.check message`), its checks named by proselint's own categories.
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { isFileLike } from "./generic-lines.ts";
import { claim, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the proselint parser (text-pipeline.ts `Gate`): null: beside `: ` (in nearly every log) a line needs one of 31 lower-case category names, dearer to search than the walk. */
export const PROSELINT_GATE: Gate = null;

// proselint's check categories (its `checks/` packages): a dotted id under one of them is its check.
const CATEGORIES =
  "airlinese|annotations|archaism|cliches|consistency|corporate_speak|cursing|dates_times|hedging|hyperbole|jargon|lexical_illusions|lgbtq|links|malapropisms|misc|mixed_metaphors|mondegreens|needless_variants|nonwords|oxymorons|psychology|redundancy|security|sexism|skunked_terms|spelling|terms|typography|uncomparables|weasel_words";
const LINE = new RegExp(
  `^(\\S.{0,1023}?):(\\d{1,9}):\\d{1,9}: ((?:${CATEGORIES})(?:\\.\\w{1,80}){1,4}) ([\\s\\S]+)$`,
);

// LINE's check name after `<digit>: `, sticky: tried only where a `: ` follows a digit.
const CHECK_AT = new RegExp(`(?:${CATEGORIES})\\.`, "y");

/** Whether some `: ` after a digit in `l` is followed by a check category and a dot, as LINE needs. */
function mayBeCheck(l: string): boolean {
  for (let at = l.indexOf(": "); at !== -1; at = l.indexOf(": ", at + 2)) {
    const d = l.charCodeAt(at - 1);
    if (d < 48 || d > 57) continue;
    CHECK_AT.lastIndex = at + 2;
    if (CHECK_AT.test(l)) return true;
  }
  return false;
}

/** Each line is a warning (proselint's severity for its checks), rule `proselint:<check>`. */
export function parseProselint(scan: TextScan): void {
  const { lines } = scan;
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i] === 1) continue;
    const l = lines[i]!;
    // Cheap test first: every line is seen by every parser (bench:stage1).
    if (!mayBeCheck(l)) continue;
    const m = LINE.exec(head(l));
    if (!m || !isFileLike(m[1]!)) continue;
    scan.findings.push(
      finding(
        ruleName(scan.tool ?? "proselint", m[3]!),
        loc(repoPath(m[1]!, scan.ctx), Number(m[2])),
        m[4]!.trim(),
        "warning",
      ),
    );
    claim(scan, i, i + 1);
  }
}
