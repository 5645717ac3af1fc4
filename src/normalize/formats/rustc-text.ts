// FC-FORMAT-RUSTC-TEXT-1..3: rustc / cargo human-readable diagnostics: `error[E0308]: …` then ` --> path:line:col`.
import type { Severity } from "../../types.ts";
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { claim, joinLines, type TextScan } from "../text-pipeline.ts";

const HEADER = /^(error|warning)(?:\[([\w:-]{1,80})\])?: (.*)$/;
// The path is everything up to the `:line:col` marker, spaces included (FC-STAGE1-RAW-11).
const ARROW = /^\s{0,40}--> (\S.{0,1023}?):(\d{1,9}):(\d{1,9})$/;
const LINT = /#\[(?:warn|deny|forbid)\(([\w:]{1,120})\)\]/;
const ABORTING =
  /^error: aborting due to (?:(\d{1,9}) )?(?:previous )?errors?(?:; (\d{1,9}) warnings? emitted)?$/;
const COULD_NOT =
  /^error: could not compile `[^`]{1,200}`.{0,300}? due to (?:(\d{1,9}) )?(?:previous )?errors?(?:; (\d{1,9}) warnings? emitted)?$/;
const EMITTED = /^warning: (\d{1,9}) warnings? emitted$/;
const GENERATED = /^warning: `[^`]{1,200}` .{0,300}?generated (\d{1,9}) warnings?\b/;
const CHATTER =
  /^(?:For more information about (?:this|an) error, try `rustc --explain|Some errors have detailed explanations: )/;

/** A blank line ends a diagnostic; so does the next error or warning header. */
function blockEndOf(scan: TextScan, from: number): number {
  let j = from;
  while (j < scan.lines.length && j - from < 200 && scan.claimed[j] === 0) {
    const l = scan.lines[j]!;
    if (l.trim() === "" || HEADER.test(head(l))) break;
    j++;
  }
  return j;
}

export function parseRustcText(scan: TextScan): void {
  const { lines } = scan;
  const before = scan.findings.length;
  let errors: number | null = null;
  let warnings: number | null = null;
  const sure = scan.format === "rustc-text";
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i] === 1) continue;
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
      arrow ??= ARROW.exec(l);
      lint ??= LINT.exec(l)?.[1];
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
