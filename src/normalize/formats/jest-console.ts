// FC-FORMAT-JEST-4: Jest's default console reporter: under each `FAIL <file>` line, its `● describe › test` blocks.
import { head } from "../common.ts";
import { claim, failureBlockFinding, linesWith, type Gate, type TextScan } from "../text-pipeline.ts";

/** Gate of the jest-console parser (text-pipeline.ts `Gate`): every block it reads opens with `●`. */
export const JEST_CONSOLE_GATE: Gate = ["●"];
/** The strings this parser finds its candidate lines by (text-pipeline.ts linesWith). */
export const JEST_CONSOLE_NEEDLES: readonly string[] = ["FAIL "];

/** `FAIL test/a.test.js` (Jest prints a project's name before the file in a multi-project run: `FAIL  unit  test/a.test.js`). */
const FAIL = /^FAIL (?: ?\S{1,200} {2})?(\S.{0,2000})$/;
/** A block's title: `  ● describe › test`, indented by two blanks. */
const BULLET = /^ {2}● (.{1,2000})$/;
/** Where a file's blocks end: the next file's line, or the run's summary. */
const FILE_END = /^(?:PASS|FAIL) |^(?:Test Suites|Tests|Snapshots|Time):/;
const SUITE = "Test suite failed to run";
/** The run's count of failed tests: `Tests:       2 failed, 1 passed, 3 total` (suites that failed to run are not in it). */
const TESTS_FAILED = /^Tests: +(\d{1,9}) failed,/;

/**
 * Each `●` block under a `FAIL` line is a finding: `jest:suite-failed` for `Test suite failed to run`, else
 * `jest:test-failed` with message `<names joined by a space>: <first line of the error>` (as FC-FORMAT-JEST-1 words
 * the JSON report's), located at the block's first project frame, else at the file (failureBlockFinding). The
 * summary's `Tests: N failed` is the tool's count of failed tests (FC-STAGE1-RAW-7).
 */
export function parseJestConsole(scan: TextScan): void {
  const { lines } = scan;
  const first = scan.findings.length;
  let last = -1;
  for (const at of linesWith(scan, JEST_CONSOLE_NEEDLES)) {
    if (scan.claimed[at] === 1) continue;
    const f = FAIL.exec(head(lines[at]!));
    if (f === null) continue;
    const file = f[1]!.trim();
    let end = at + 1;
    while (end < lines.length && scan.claimed[end] === 0 && !FILE_END.test(head(lines[end]!))) end++;
    const blocks: number[] = [];
    for (let i = at + 1; i < end; i++) if (BULLET.test(head(lines[i]!))) blocks.push(i);
    if (blocks.length === 0) continue;
    scan.failed = true;
    last = end;
    claim(scan, at, at + 1);
    for (let b = 0; b < blocks.length; b++) {
      const from = blocks[b]!;
      const to = b + 1 < blocks.length ? blocks[b + 1]! : end;
      const title = BULLET.exec(head(lines[from]!))![1]!.trim();
      const suite = title === SUITE;
      scan.findings.push(
        failureBlockFinding(
          scan,
          suite ? "jest:suite-failed" : "jest:test-failed",
          suite ? file : title.split(" › ").join(" "),
          file,
          from + 1,
          to,
        ),
      );
      claim(scan, from, to);
    }
  }
  if (last < 0) return;
  // The summary follows the last file's blocks; a log cut at its head still has it, and the count shows what was lost.
  for (let i = last; i < lines.length; i++) {
    const t = TESTS_FAILED.exec(head(lines[i]!));
    if (t === null) continue;
    let parsed = 0;
    for (let k = first; k < scan.findings.length; k++)
      if (scan.findings[k]!.rule === "jest:test-failed") parsed++;
    scan.summaries.push({ tool: "jest", what: "failed tests", count: Number(t[1]), parsed });
    break;
  }
}
