// FC-FORMAT-VITEST-1..4: Vitest's default console reporter: the Failed Tests, Failed Suites and Unhandled Errors sections.
import { head } from "../common.ts";
import { claim, failureBlockFinding, linesWith, type Gate, type TextScan } from "../text-pipeline.ts";

/** Gate of the vitest-console parser (text-pipeline.ts `Gate`): every section it reads opens with a rule of `⎯`. */
export const VITEST_CONSOLE_GATE: Gate = ["⎯"];
/** The strings this parser finds its candidate lines by (text-pipeline.ts linesWith). */
export const VITEST_CONSOLE_NEEDLES: readonly string[] = ["⎯"];

/** `⎯⎯⎯ Failed Tests 2 ⎯⎯⎯`, `⎯⎯ Unhandled Errors ⎯⎯`, `⎯⎯ Unhandled Rejection ⎯⎯`: a section's or an error's rule. */
const HEADER = /^⎯+ ([A-Z][A-Za-z ]{1,60}?)(?: (\d{1,9}))? ⎯+$/;
/** The rule closing a block: `⎯⎯⎯[1/3]⎯`, or a rule of `⎯` alone (after an unhandled error). */
const CLOSE = /^⎯+(?:\[\d{1,9}\/\d{1,9}\]⎯*)?$/;
/** ` FAIL  [|project| ]file[ > describe > test]` or, for a suite, ` FAIL  file [ file ]`. */
const FAIL = /^\s{0,4}FAIL {1,2}(?:\|[^|]{1,200}\| )?(.{1,2000})$/;
const CAUGHT = /^Vitest caught (\d{1,9}) unhandled errors?\b/;
const ORIGIN = /^This error originated in "(.{1,1000})" test file\./;
/** The run's tree above the sections: ` ❯ file (3 tests | 2 failed) 10ms`, `   × name 5ms`, `✓`, `↓`, `□`. */
const TREE =
  /^\s{0,40}(?:❯ .{1,2000} \(\d{1,9} tests?(?: \| [^)]{1,200})?\)(?: \d[\d.]{0,12}m?s)?|[×✓↓□] .{0,2000})$/;
const SUMMARY = /^\s{0,12}(?:Test Files|Tests|Errors|Start at|Duration|RUN) {1,2}\S/;

type Section = "tests" | "suites" | "unhandled";

const SECTIONS: Record<string, Section> = {
  "Failed Tests": "tests",
  "Failed Suites": "suites",
  "Unhandled Errors": "unhandled",
};

/**
 * A section's blocks, each a finding: a failed test (`vitest:test-failed`), a suite that failed to run
 * (`vitest:suite-failed`) or an error outside every test (`vitest:unhandled-error`). Each section's own count
 * (`Failed Tests 2`, `Vitest caught 1 unhandled error`) is the tool's summary (FC-STAGE1-RAW-7).
 */
export function parseVitestConsole(scan: TextScan): void {
  const { lines } = scan;
  const rules = linesWith(scan, VITEST_CONSOLE_NEEDLES);
  let firstSection = -1;
  let lastEnd = -1;
  for (let r = 0; r < rules.length; r++) {
    const at = rules[r]!;
    if (scan.claimed[at] === 1) continue;
    const h = HEADER.exec(head(lines[at]!).trim());
    const section = h ? SECTIONS[h[1]!] : undefined;
    if (section === undefined) continue;
    if (firstSection < 0) firstSection = at;
    scan.failed = true;
    claim(scan, at, at + 1);
    const from = scan.findings.length;
    const end = sectionEnd(scan, at + 1);
    lastEnd = end;
    let announced = h![2] === undefined ? null : Number(h![2]);
    if (section === "unhandled") announced = readUnhandled(scan, at + 1, end);
    else readFailures(scan, section, at + 1, end);
    const what = { tests: "failed tests", suites: "failed suites", unhandled: "unhandled errors" }[section];
    if (announced !== null)
      scan.summaries.push({ tool: "vitest", what, count: announced, parsed: scan.findings.length - from });
  }
  if (firstSection >= 0) claimTreeAndSummary(scan, firstSection, lastEnd);
}

/** The first line after `from` that opens another section or the run's summary: where a section ends. */
function sectionEnd(scan: TextScan, from: number): number {
  const { lines } = scan;
  for (let i = from; i < lines.length; i++) {
    const t = head(lines[i]!).trim();
    if (t.startsWith("⎯")) {
      const h = HEADER.exec(t);
      if (h && SECTIONS[h[1]!] !== undefined) return i;
    } else if (/^Test Files {1,2}\S/.test(t)) return i;
  }
  return lines.length;
}

/** The ` FAIL ` blocks of a Failed Tests or Failed Suites section, from `from` to `end`. */
function readFailures(scan: TextScan, section: "tests" | "suites", from: number, end: number): void {
  const { lines } = scan;
  for (let i = from; i < end; i++) {
    if (scan.claimed[i] === 1) continue;
    const f = FAIL.exec(head(lines[i]!));
    if (f === null) continue;
    let stop = i + 1;
    while (stop < end && scan.claimed[stop] === 0) {
      const t = head(lines[stop]!).trim();
      if (CLOSE.test(t) || FAIL.test(lines[stop]!)) break;
      stop++;
    }
    const title = f[1]!.trim();
    const file = section === "suites" ? suiteFile(title) : title.split(" > ")[0]!;
    const name = section === "suites" ? file : title.split(" > ").slice(1).join(" ");
    scan.findings.push(
      failureBlockFinding(
        scan,
        section === "tests" ? "vitest:test-failed" : "vitest:suite-failed",
        name,
        file,
        i + 1,
        stop,
      ),
    );
    const closing = stop < end && CLOSE.test(head(lines[stop]!).trim()) ? stop + 1 : stop;
    claim(scan, i, closing);
    i = closing - 1;
  }
}

/** A suite's title `file [ file ]`: the file (the bracket repeats it, with the project's root where one is set). */
function suiteFile(title: string): string {
  const open = title.lastIndexOf(" [ ");
  return open > 0 && title.endsWith(" ]") ? title.slice(0, open) : title;
}

/**
 * The Unhandled Errors section: `Vitest caught N unhandled errors` (the count, or null), then one block per
 * error, each under its own rule (`⎯⎯ Unhandled Rejection ⎯⎯`) and closed by a rule of `⎯` alone.
 */
function readUnhandled(scan: TextScan, from: number, end: number): number | null {
  const { lines } = scan;
  let announced: number | null = null;
  for (let i = from; i < end; i++) {
    if (scan.claimed[i] === 1) continue;
    const t = head(lines[i]!).trim();
    const c = CAUGHT.exec(t);
    if (c !== null) {
      announced = Number(c[1]);
      // The caught line and the advice under it are the section's preamble.
      let k = i + 1;
      while (k < end && scan.claimed[k] === 0 && lines[k]!.trim() !== "") k++;
      claim(scan, i, k);
      i = k - 1;
      continue;
    }
    if (!t.startsWith("⎯") || HEADER.exec(t) === null) continue;
    let stop = i + 1;
    let origin: string | null = null;
    while (stop < end && scan.claimed[stop] === 0) {
      const s = head(lines[stop]!).trim();
      if (s.startsWith("⎯")) break;
      const o = ORIGIN.exec(s);
      if (o !== null) origin = o[1]!;
      stop++;
    }
    scan.findings.push(failureBlockFinding(scan, "vitest:unhandled-error", null, origin, i + 1, stop));
    const closing = stop < end && CLOSE.test(head(lines[stop]!).trim()) ? stop + 1 : stop;
    claim(scan, i, closing);
    i = closing - 1;
  }
  return announced;
}

/**
 * The run's tree of files and tests above the first section, and the summary lines below the last: the
 * sections say it all again. The tree is read back from the first section up to a line that is not of it.
 */
function claimTreeAndSummary(scan: TextScan, firstSection: number, lastEnd: number): void {
  const { lines } = scan;
  for (let i = firstSection - 1; i >= 0 && scan.claimed[i] === 0; i--) {
    const l = head(lines[i]!);
    if (l.trim() === "" || TREE.test(l)) claim(scan, i, i + 1);
    else break;
  }
  for (let i = lastEnd; i < lines.length && scan.claimed[i] === 0; i++) {
    const l = head(lines[i]!);
    if (l.trim() === "" || SUMMARY.test(l)) claim(scan, i, i + 1);
    else break;
  }
}
