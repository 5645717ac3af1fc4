// FC-FORMAT-COMPILER-1..6: `path:line[:col]: severity: message [flag]` lines (gcc, g++, clang, javac, Go vet, mypy-like tools).
import type { Severity } from "../../types.ts";
import { finding, head, isForeignPath, loc, opensWithSpace, repoPath, ruleName } from "../common.ts";
import {
  blockEnd,
  claim,
  countSeverity,
  joinLines,
  notIndented,
  type TextScan,
  type Gate,
} from "../text-pipeline.ts";
import { isCpplintLine } from "./cpplint.ts";
import { STDIN_NAME, toolOfCode, wrappedMessage } from "./generic-lines.ts";

/** Gate of the compiler parser (text-pipeline.ts `Gate`): none: it reads every `path:line:` line with a severity word, plus count and context lines, which nearly every log has (a colon, `error`, `from `). */
export const COMPILER_GATE: Gate = null;

const LINE =
  /^(?:vet: )?((?:[A-Za-z]:[\\/])?[^:\s][^:]{0,1023}?):(\d{1,9}):(?:(\d{1,9}):)? (?:(fatal error|error|warning|note|remark|info|hint)(?:\[([\w-]{1,64})\])?: )?([\s\S]*)$/;
/**
 * LINE's opening, then what a line must have there to be read at all: a severity word, white space (a g++
 * context line), or `vet: ` before it. A line without is left to the generic layer; tested first, since a
 * test builds no match (most `path:line:col:` lines of other tools fail it).
 */
const READ_AT_ALL =
  /^(?:vet: |(?:[A-Za-z]:[\\/])?[^:\s][^:]{0,1023}?:\d{1,9}:(?:\d{1,9}:)? (?:fatal error|error|warning|note|remark|info|hint|\s))/;
const HAS_FILE = /\.[A-Za-z0-9+_-]{1,10}$|\//;
const FLAG = /\s\[([-\w=+.]{1,64}(?:,[-\w=+.]{1,64})*)\]$/;
/** FLAG, tried only on text that ends with `]` (unanchored at its start, it would try every position). */
const flagOf = (text: string): RegExpExecArray | null => (text.endsWith("]") ? FLAG.exec(text) : null);
const CONTEXT =
  /^(?:In file included from |\s+from |.+: In (?:static |member |lambda )?(?:function|member function|constructor|destructor|instantiation of|substitution of) .+:$|.+: At (?:top level|global scope):$|compilation terminated(?: due to [^.]{1,80})?\.$|Error while processing \S.{0,1023}\.$|# \S+)/;
// javac's closing counts: `3 errors`, `1 warning` alone on a line.
const JAVAC_COUNT = /^(\d{1,9}) (errors?|warnings?)$/;
// javac puts a lint name first in a warning: `warning: [unchecked] unchecked call ...`.
export const LEADING_FLAG = /^\[([\w-]{1,64})\] /;
const MYPY_FOUND = /^Found (\d{1,9}) errors? in \d{1,9} files?\b/;
// clang-tidy: `Suppressed 1375 warnings (1368 in non-user code, 7 with check filters).` after its counts.
const SUPPRESSED = /^Suppressed (\d{1,9}) warnings? \([^)]{0,200}\)\.$/;
const GENERATED = /^(?:(\d{1,9}) warnings?(?: and (\d{1,9}) errors?)?|(\d{1,9}) errors?) generated\.$/;

/** A cheap test before CONTEXT, whose `.+: In …` alternative would otherwise scan every line. */
function mayBeContext(line: string): boolean {
  const c = line.charCodeAt(0);
  return (
    ((c === 32 || c === 9) && line.includes("from ")) ||
    c === 35 ||
    line.startsWith("In file included from ") ||
    line.startsWith("compilation terminated") ||
    // clang-tidy after the compiler errors of a file: `Error while processing /src/a.c.`
    line.startsWith("Error while processing ") ||
    // `… : In function …:` and `… : At top level:` end with a colon.
    (line.endsWith(":") && (line.includes(": In ") || line.includes(": At ")))
  );
}

function severityOf(word: string | undefined): Severity {
  if (word === undefined || word === "error" || word === "fatal error") return "error";
  if (word === "warning") return "warning";
  return "info";
}

export function parseCompiler(scan: TextScan): void {
  const { lines } = scan;
  const tool = scan.tool ?? "cc";
  const before = scan.findings.length;
  let errors: number | null = null;
  let warnings: number | null = null;
  let context: string[] = [];
  let lastGenerated = 0;
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i] === 1) continue;
    const line = head(lines[i]!);
    // Cheap tests first: every line is seen by every parser (bench:stage1).
    const c0 = line.charCodeAt(0);
    const found = c0 === 70 ? MYPY_FOUND.exec(line) : null; // `Found …`
    if (found) {
      errors = (errors ?? 0) + Number(found[1]);
      claim(scan, i, i + 1);
      continue;
    }
    const sup = c0 === 83 ? SUPPRESSED.exec(line) : null; // `Suppressed …`
    if (sup) {
      // clang-tidy's `N warnings generated.` is a running total over its files, of which the suppressed
      // were never printed: the count is the last total less those.
      warnings = Math.max(0, lastGenerated - Number(sup[1]));
      // Its advice on showing them (`Use -header-filter=.* to display errors from …`) is structure too.
      const advice = i + 1 < lines.length && /^Use -(?:header-filter|system-headers)\b/.test(lines[i + 1]!);
      claim(scan, i, advice ? i + 2 : i + 1);
      continue;
    }
    const gen = line.endsWith(" generated.") ? GENERATED.exec(line) : null;
    if (gen) {
      lastGenerated = Number(gen[1] ?? 0);
      warnings = (warnings ?? 0) + Number(gen[1] ?? 0);
      errors = (errors ?? 0) + Number(gen[2] ?? gen[3] ?? 0);
      claim(scan, i, i + 1);
      continue;
    }
    if (mayBeContext(line) && CONTEXT.test(line)) {
      claim(scan, i, i + 1);
      continue;
    }
    const jc = c0 >= 48 && c0 <= 57 ? JAVAC_COUNT.exec(line) : null;
    if (jc) {
      if (jc[2]!.startsWith("error")) errors = (errors ?? 0) + Number(jc[1]);
      else warnings = (warnings ?? 0) + Number(jc[1]);
      claim(scan, i, i + 1);
      continue;
    }
    const m = line.indexOf(":") > 0 && READ_AT_ALL.test(line) ? LINE.exec(line) : null;
    if (!m || !(HAS_FILE.test(m[1]!) || STDIN_NAME.test(m[1]!))) continue;
    const word = m[4];
    // g++ instantiation context (`path:14:20:   required from here`): severity-less and indented text;
    // it explains the diagnostic that follows and joins its trace. A cpplint report line (CMake's
    // CMAKE_CXX_CPPLINT prints them in the build log) has the same opening: it is cpplint's diagnostic.
    if (word === undefined && opensWithSpace(m[6]!) && !isCpplintLine(line)) {
      context.push(line);
      claim(scan, i, i + 1);
      continue;
    }
    // A line without a severity word is left to the generic layer (FC-STAGE1-RAW-15), `vet:` lines aside.
    if (word === undefined && !line.startsWith("vet: ")) continue;
    // A message wrapped over the next lines up to its `[code]` (mypy --pretty) is one message.
    const wrapped = flagOf(m[6]!) !== null ? null : wrappedMessage(lines, scan.claimed, i, m[6]!);
    const from = wrapped === null ? i + 1 : wrapped.end;
    const end = blockEnd(scan, from, notIndented);
    const excerpt = end > from ? joinLines(lines, from, end) : null;
    const last = scan.findings[scan.findings.length - 1];
    const notePath = repoPath(m[1]!, scan.ctx);
    const related = last !== undefined && (last.location?.path === notePath || isForeignPath(notePath));
    // A note that carries its own code (shellcheck's `note: … [SC2086]`) is a diagnostic of its own.
    const ownCode = word === "note" && flagOf(m[6]!) !== null && !/\[-W/.test(m[6]!);
    if (word === "note" && !ownCode && last !== undefined && scan.findings.length > before && related) {
      // A note explains the diagnostic before it: it joins that diagnostic's trace.
      const note = [line, excerpt].filter((x) => x !== null).join("\n");
      last.trace = last.trace === null ? note : `${last.trace}\n${note}`;
      claim(scan, i, end);
      i = end - 1;
      continue;
    }
    let message = wrapped === null ? m[6]! : `${wrapped.message} [${wrapped.code}]`;
    const flag = flagOf(message) ?? LEADING_FLAG.exec(message);
    if (flag) message = flag.index === 0 ? message.slice(flag[0].length) : message.slice(0, flag.index);
    const code = m[5] ?? flag?.[1] ?? (word === undefined ? "error" : word.replace(" ", "-"));
    const location = loc(notePath, Number(m[2]));
    const trace = context.length > 0 ? [...context, excerpt ?? ""].join("\n") : excerpt;
    context = [];
    const name =
      scan.tool ??
      (m[1]!.endsWith(".java")
        ? "javac"
        : ((m[5] === undefined && flag ? toolOfCode(flag[1]!, false) : null) ?? tool));
    scan.findings.push(finding(ruleName(name, code), location, message, severityOf(word), trace));
    claim(scan, i, end);
    i = end - 1;
  }
  const { findings } = scan;
  // Context lines with no diagnostic after them still belong to the output: they join the last one.
  const last = findings.length > before ? findings[findings.length - 1] : undefined;
  if (context.length > 0 && last !== undefined)
    last.trace = [last.trace, ...context].filter((x) => x !== null).join("\n");
  if (errors === null && warnings === null) return;
  let javac = false;
  for (let k = before; k < findings.length && !javac; k++) javac = findings[k]!.rule.startsWith("javac:");
  const counter = scan.tool ?? (javac ? "javac" : tool);
  if (errors !== null) countSeverity(scan, counter, before, "errors", errors);
  if (warnings !== null) countSeverity(scan, counter, before, "warnings", warnings);
}
