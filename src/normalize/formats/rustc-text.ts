// FC-FORMAT-RUSTC-TEXT-1..4, FC-FORMAT-RUSTC-SHORT-1: rustc / cargo human-readable diagnostics (`error[E0308]: …` then ` --> path:line:col`), cargo test failures and Rust panics.
import type { Severity } from "../../types.ts";
import { finding, head, isBlank, joinedLines, loc, repoPath, ruleName } from "../common.ts";
import { claim, joinLines, linesWith, type TextScan, type Gate, unmatchedText } from "../text-pipeline.ts";

/** Gate of the rustc-text parser (text-pipeline.ts `Gate`): none: its headers are plain `error:`/`warning:` lines, which any tool may print. */
export const RUSTC_TEXT_GATE: Gate = null;
/** The strings this parser finds its candidate lines by (text-pipeline.ts linesWith). */
export const RUSTC_TEXT_NEEDLES: readonly string[] = [".rs:"];

const HEADER = /^(error|warning)(?:\[([\w:-]{1,80})\])?: ([\s\S]*)$/;
// The path is everything up to the `:line:col` marker, spaces included (FC-STAGE1-RAW-11).
const ARROW = /^\s{0,40}--> (\S.{0,1023}?):(\d{1,9}):(\d{1,9})$/;
const LINT = /#\[(?:warn|deny|forbid)\(([\w:]{1,120})\)\]/;
const NOTE = /^\s{0,40}= note: /;
const ABORTING =
  /^error: aborting due to (?:(\d{1,9}) )?(?:previous )?errors?(?:; (\d{1,9}) warnings? emitted)?$/;
const COULD_NOT =
  /^error: could not compile `[^`]{1,200}`.{0,300}? due to (?:(\d{1,9}) )?(?:previous )?errors?(?:; (\d{1,9}) warnings? emitted)?$/;
const EMITTED = /^warning: (\d{1,9}) warnings? emitted$/;
const GENERATED = /^warning: `[^`]{1,200}` .{0,300}?generated (\d{1,9}) warnings?\b/;
const CHATTER =
  /^(?:For more information about (?:this|an) error, try `rustc --explain|Some errors have detailed explanations: |error: test failed, to rerun pass |warning: build failed, waiting for other jobs to finish)/;

// Rust >= 1.73: `thread 'name' (id) panicked at path:line:col:` and the message below; older: `… at 'msg', path:l:c`.
const PANIC = /^thread '([^']{0,500})'(?: \(\d{1,20}\))? panicked at (\S.{0,1023}?):(\d{1,9}):(\d{1,9}):$/;
const PANIC_OLD =
  /^thread '([^']{0,500})'(?: \(\d{1,20}\))? panicked at '([\s\S]*)', (\S.{0,1023}?):(\d{1,9}):(\d{1,9})$/;
// `--message-format=short`: `src/main.rs:3:9: error[E0308]: mismatched types: expected …` (FC-FORMAT-RUSTC-SHORT-1).
const SHORT = /^(\S.{0,1023}?\.rs):(\d{1,9}):\d{1,9}: (error|warning)(?:\[([\w:-]{1,80})\])?: ([\s\S]+)$/;
const TEST_FAILED = /^test (\S.{0,1000}?) \.\.\. FAILED$/;
const TEST_BLOCK = /^---- (\S.{0,1000}?) (?:stdout|stderr) ----$/;
const TEST_RESULT = /^test result: (?:FAILED|ok)\. \d{1,9} passed; (\d{1,9}) failed;/;

interface Panic {
  thread: string;
  path: string;
  line: number;
  message: string;
  trace: string;
  used: boolean;
}

/**
 * FC-FORMAT-RUSTC-TEXT-4: libtest's failures and Rust panics. A failed test (`test name ... FAILED`) is
 * `cargo:test-failed` at the panic of its thread, else with its `---- name stdout ----` block as the trace;
 * a panic of no failed test is `rust:panic`; `test result: … N failed;` is the count.
 */
function parseRustTests(scan: TextScan): void {
  const { lines } = scan;
  const panics: Panic[] = [];
  const failed: string[] = [];
  const blocks = new Map<string, string>();
  let announced: number | null = null;
  for (let i = 0; i < lines.length; i++) {
    const c0 = scan.first[i]!;
    // `thread …`, `test …`, `---- …`, `failures:`
    if (scan.claimed[i] === 1 || (c0 !== 116 && c0 !== 45 && c0 !== 102)) continue;
    const line = head(lines[i]!);
    if (line.startsWith("thread '")) {
      const p = PANIC.exec(line);
      const o = p ? null : PANIC_OLD.exec(line);
      if (!p && !o) continue;
      // A line a problem matcher made a finding of is the matcher's alone: the panic's message reads on past
      // it and leaves it out of the message and the trace (FC-STAGE1-MATCHER-5).
      const { matched } = scan;
      let j = i + 1;
      while (
        j < lines.length &&
        j - i < 60 &&
        (matched?.[j] === 1 ||
          (scan.claimed[j] === 0 &&
            lines[j]!.trim() !== "" &&
            !lines[j]!.startsWith("note: ") &&
            !TEST_FAILED.test(head(lines[j]!))))
      )
        j++;
      while (j > i + 1 && matched?.[j - 1] === 1) j--;
      const body = unmatchedText(scan, i + 1, j).split("\n");
      if (j < lines.length && lines[j]!.startsWith("note: ")) j++;
      const headline = o ? o[2]! : (body.find((l) => l.trim() !== "")?.trim() ?? "panicked");
      const m = (p ?? o)!;
      panics.push({
        thread: m[1]!,
        path: o ? o[3]! : p![2]!,
        line: Number(o ? o[4] : p![3]),
        message: headline,
        trace: unmatchedText(scan, i, j),
        used: false,
      });
      claim(scan, i, j);
      i = j - 1;
      continue;
    }
    const t = TEST_FAILED.exec(line);
    if (t) {
      failed.push(t[1]!);
      claim(scan, i, i + 1);
      continue;
    }
    const b = TEST_BLOCK.exec(line);
    if (b) {
      let j = i + 1;
      while (j < lines.length && j - i < 200 && !TEST_BLOCK.test(head(lines[j]!)) && lines[j] !== "failures:")
        j++;
      // The block's own panic is read above on a later turn of the loop; keep its text as a fallback trace,
      // without the lines a problem matcher already made findings of (FC-STAGE1-MATCHER-5).
      blocks.set(b[1]!, unclaimedText(scan, i + 1, j).trim());
      claim(scan, i, i + 1);
      continue;
    }
    if (line === "failures:") {
      let j = i + 1;
      while (j < lines.length && (lines[j]!.trim() === "" || /^\s{4}\S/.test(lines[j]!))) j++;
      // The list after the blocks only repeats the names; the first `failures:` opens the blocks.
      claim(scan, i, lines[i + 1]?.startsWith("    ") || lines[i + 2]?.startsWith("    ") ? j : i + 1);
      continue;
    }
    const r = TEST_RESULT.exec(line);
    if (r) {
      announced = (announced ?? 0) + Number(r[1]);
      claim(scan, i, i + 1);
    }
  }
  // Each failed test takes the first panic of its thread not yet taken (an index, not a search: a long
  // log repeats its test names).
  const byThread = new Map<string, { list: Panic[]; taken: number }>();
  for (const p of panics) {
    const same = byThread.get(p.thread);
    if (same) same.list.push(p);
    else byThread.set(p.thread, { list: [p], taken: 0 });
  }
  let parsed = 0;
  for (const name of failed) {
    const same = byThread.get(name);
    const p = same === undefined ? undefined : same.list[same.taken++];
    if (p) p.used = true;
    const block = blocks.get(name) ?? null;
    const location = p ? loc(repoPath(p.path, scan.ctx), p.line) : null;
    const headline =
      p?.message ??
      block
        ?.split("\n")
        .find((l) => l.trim() !== "")
        ?.trim() ??
      "failed";
    scan.findings.push(
      finding("cargo:test-failed", location, `${name}: ${headline}`, "error", p?.trace ?? block),
    );
    parsed++;
  }
  for (const p of panics) {
    if (p.used) continue;
    const location = loc(repoPath(p.path, scan.ctx), p.line);
    scan.findings.push(
      finding("rust:panic", location, `thread '${p.thread}' panicked: ${p.message}`, "error", p.trace),
    );
  }
  if (announced !== null)
    scan.summaries.push({ tool: "cargo test", what: "failed tests", count: announced, parsed });
}

/** Lines [from, to) joined, those already claimed left out (joinedLines when none is: no copy). */
function unclaimedText(scan: TextScan, from: number, to: number): string {
  let k = from;
  while (k < to && scan.claimed[k] === 0) k++;
  if (k === to) return joinedLines(scan.lines, from, to);
  const kept: string[] = [];
  for (let n = from; n < to; n++) if (scan.claimed[n] === 0) kept.push(scan.lines[n]!);
  return kept.join("\n");
}

/** A blank line ends a diagnostic; so does the next error or warning header. */
function blockEndOf(scan: TextScan, from: number): number {
  let j = from;
  while (j < scan.lines.length && j - from < 200 && scan.claimed[j] === 0) {
    const l = scan.lines[j]!;
    if (isBlank(l) || HEADER.test(head(l))) break;
    j++;
  }
  return j;
}

export function parseRustcText(scan: TextScan): void {
  parseRustTests(scan);
  const { lines } = scan;
  const before = scan.findings.length;
  let errors: number | null = null;
  let warnings: number | null = null;
  const sure = scan.named && scan.format === "rustc-text";
  for (let i = 0; i < lines.length; i++) {
    const c0 = scan.first[i]!;
    // `error…`, `warning…`, `Some …`, `For more information…`
    if (scan.claimed[i] === 1 || (c0 !== 101 && c0 !== 119 && c0 !== 83 && c0 !== 70)) continue;
    const line = head(lines[i]!);
    if (!line.startsWith("error") && !line.startsWith("warning") && !line.startsWith("Some ")) {
      if (line.startsWith("For more information") && CHATTER.test(line)) claim(scan, i, i + 1);
      continue;
    }
    const count = ABORTING.exec(line) ?? COULD_NOT.exec(line);
    if (count) {
      errors = (errors ?? 0) + (count[1] ? Number(count[1]) : 1);
      if (count[2]) warnings = (warnings ?? 0) + Number(count[2]);
      claim(scan, i, i + 1);
      continue;
    }
    const w = EMITTED.exec(line) ?? GENERATED.exec(line);
    if (w) {
      warnings = (warnings ?? 0) + Number(w[1]);
      claim(scan, i, i + 1);
      continue;
    }
    if (CHATTER.test(line)) {
      claim(scan, i, i + 1);
      continue;
    }
    const h = HEADER.exec(line);
    if (!h) continue;
    const end = blockEndOf(scan, i + 1);
    let arrow: RegExpExecArray | null = null;
    let lint: string | undefined;
    for (let k = i + 1; k < end; k++) {
      const l = head(lines[k]!);
      if (arrow === null && l.includes("--> ")) arrow = ARROW.exec(l);
      // Only a `= note:` line names the lint: an excerpt of the attribute that set its level (`#[deny(warnings)]`
      // over a function) shows the group, and the note after it the lint (`#[deny(unused_variables)]` implied by …).
      if (lint === undefined && l.includes("#[") && NOTE.test(l)) lint = LINT.exec(l)?.[1];
    }
    // Without an arrow or an error code, `error: text` could be any tool's: leave it to the others.
    if (arrow === null && h[2] === undefined && !sure) continue;
    const severity: Severity = h[1] === "error" ? "error" : "warning";
    const code = h[2] ?? lint ?? h[1]!;
    const tool = code.startsWith("clippy::") ? "clippy" : "rustc";
    const location = arrow ? loc(repoPath(arrow[1]!, scan.ctx), Number(arrow[2])) : null;
    const trace = end > i + 1 ? joinLines(lines, i + 1, end) : null;
    scan.findings.push(
      finding(ruleName(tool, code.replace(/^clippy::/, "")), location, h[3]!, severity, trace),
    );
    claim(scan, i, end);
    i = end - 1;
  }
  // A short diagnostic names a `.rs` file: only lines holding `.rs:` are read (one search of the text).
  for (const i of linesWith(scan, RUSTC_TEXT_NEEDLES)) {
    if (scan.claimed[i] === 1 || lines[i]!.indexOf(".rs:") === -1) continue;
    const m = SHORT.exec(head(lines[i]!));
    if (!m) continue;
    const code = m[4] ?? m[3]!;
    const tool = code.startsWith("clippy::") ? "clippy" : "rustc";
    scan.findings.push(
      finding(
        ruleName(tool, code.replace(/^clippy::/, "")),
        loc(repoPath(m[1]!, scan.ctx), Number(m[2])),
        m[5]!,
        m[3] === "error" ? "error" : "warning",
      ),
    );
    claim(scan, i, i + 1);
  }
  const mine = scan.findings.slice(before);
  if (errors !== null)
    scan.summaries.push({
      tool: "rustc",
      what: "errors",
      count: errors,
      parsed: mine.filter((f) => f.severity === "error").length,
    });
  if (warnings !== null)
    scan.summaries.push({
      tool: "rustc",
      what: "warnings",
      count: warnings,
      parsed: mine.filter((f) => f.severity === "warning").length,
    });
}
