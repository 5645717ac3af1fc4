// FC-FORMAT-PYTHON-1..4: Python tracebacks, chained exceptions and bare SyntaxErrors; the innermost project frame is the location.
import { finding, head, indentOf, isBlank, joinedLines, opensWithSpace } from "../common.ts";
import { frameLocation } from "../stack.ts";
import { claim, linesWith, opensWithText, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the python-traceback parser (text-pipeline.ts `Gate`): none: searching for `Traceback (` in a log without one costs about what the walk does. */
export const PYTHON_TRACEBACK_GATE: Gate = null;
/** The strings this parser finds its candidate lines by (text-pipeline.ts linesWith): a traceback's header, a bare SyntaxError's `File` line. */
export const PYTHON_TRACEBACK_NEEDLES: readonly string[] = ["Traceback (", 'File "'];
const HEADER_NEEDLES = PYTHON_TRACEBACK_NEEDLES.slice(0, 1);
const BARE_NEEDLES = PYTHON_TRACEBACK_NEEDLES.slice(1);

const START = /^\s{0,8}Traceback \(most recent call last\):\s*$/;
const CHAIN =
  /^\s{0,8}(?:During handling of the above exception, another exception occurred:|The above exception was the direct cause of the following exception:)\s*$/;
const FINAL = /^\s{0,8}([A-Za-z_][\w.]{0,200})(?::\s?([\s\S]*))?$/;
/** `  File "path", line N` without `, in name`: the frame Python prints alone above a SyntaxError. */
const BARE_FILE = /^\s{0,8}File "([^"]{1,1024})", line (\d{1,9})\s*$/;
const BARE_ERROR = /^([A-Za-z_][\w.]{0,200}(?:Error|Exception|Warning)):\s?([\s\S]*)$/;

/**
 * FC-FORMAT-PYTHON-4: a SyntaxError (IndentationError, TabError...) printed without a traceback header, as
 * `python3 file.py` prints one: the `File` line, the source line and carets, then the exception at column 0.
 */
function parseBareSyntaxErrors(scan: TextScan): void {
  const { lines } = scan;
  // Only lines holding `File "` are read (one search of the text finds them); `from` skips a finding's lines.
  let from = 0;
  for (const i of linesWith(scan, BARE_NEEDLES)) {
    const c0 = scan.first[i]!;
    if (
      i < from ||
      scan.claimed[i] === 1 ||
      (opensWithText(c0) && c0 !== 70) ||
      !lines[i]!.includes('File "')
    )
      continue;
    const f = BARE_FILE.exec(head(lines[i]!));
    if (!f) continue;
    let j = i + 1;
    while (j < lines.length && j - i <= 6 && opensWithSpace(lines[j]!) && scan.claimed[j] === 0) j++;
    if (j >= lines.length || scan.claimed[j] === 1) continue;
    const e = BARE_ERROR.exec(head(lines[j]!));
    if (!e) continue;
    const name = e[1]!.split(".").pop()!;
    const location = frameLocation(lines[i]!, scan.ctx, "last");
    scan.findings.push(
      finding(`python:${name}`, location, lines[j]!.trim(), "error", lines.slice(i, j).join("\n")),
    );
    claim(scan, i, j + 1);
    from = j + 1;
  }
}

export function parsePythonTraceback(scan: TextScan): void {
  const { lines } = scan;
  // Only lines holding `Traceback (` are read (one search of the text finds them); `from` skips a finding's lines.
  let from = 0;
  for (const i of linesWith(scan, HEADER_NEEDLES)) {
    const c0 = scan.first[i]!;
    // START opens with white space or `T`.
    if (i < from || scan.claimed[i] === 1 || (opensWithText(c0) && c0 !== 84)) continue;
    if (!lines[i]!.includes("Traceback (") || !START.test(head(lines[i]!))) continue;
    const indent = /^\s*/.exec(lines[i]!)![0].length;
    let j = i + 1;
    let finalLine = -1;
    // Walk blocks: frames are indented deeper than the header; the exception line is not.
    for (;;) {
      while (j < lines.length && (indentOf(lines[j]!) > indent || isBlank(lines[j]!))) j++;
      if (j >= lines.length) break;
      finalLine = j;
      j++;
      // Message continuation lines of the final exception (e.g. multi-line assertion text).
      while (
        j < lines.length &&
        lines[j]!.trim() !== "" &&
        !START.test(lines[j]!) &&
        !CHAIN.test(lines[j]!) &&
        opensWithSpace(lines[j]!)
      )
        j++;
      let k = j;
      while (k < lines.length && lines[k]!.trim() === "") k++;
      if (k < lines.length && CHAIN.test(lines[k]!)) {
        k++;
        while (k < lines.length && lines[k]!.trim() === "") k++;
        if (k < lines.length && START.test(lines[k]!)) {
          j = k + 1;
          continue;
        }
      }
      break;
    }
    if (finalLine === -1) continue;
    const fin = FINAL.exec(head(lines[finalLine]!).trim());
    const name = fin ? fin[1]!.split(".").pop()! : "Exception";
    const message = lines[finalLine]!.trim();
    const text = joinedLines(lines, i, finalLine);
    // Keep the header and the innermost frames when the traceback is longer than a trace may be.
    const kept =
      finalLine - i > 60 ? [lines[i]!, "  ...", ...lines.slice(finalLine - 55, finalLine)].join("\n") : text;
    const location = frameLocation(text, scan.ctx, "last");
    scan.findings.push(finding(`python:${name}`, location, message, "error", kept));
    claim(scan, i, j);
    from = j;
  }
  parseBareSyntaxErrors(scan);
}
