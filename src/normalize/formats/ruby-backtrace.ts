// FC-FORMAT-RUBY-1..3: Ruby's uncaught exception (`path:N:in `m': message (Class)` + `from` frames) and the message-first report of rake and Ruby tools (`Class: message`, then bare `path:N:in `m'` frames).
import type { Location } from "../../types.ts";
import { finding, head, loc, opensWithSpace, PARSE_LIMITS, repoPath } from "../common.ts";
import { type Frame, isOwnPath } from "../stack.ts";
import { claim, matcherLine, type TextScan, unmatchedText } from "../text-pipeline.ts";

/**
 * The rest of a `path:N:` line that is a Ruby frame: `in `method'` (Ruby 3.4: `in 'Class#method'`), and for
 * the frame an uncaught exception opens with, `: message (Class)`.
 */
const IN = /^in [`']([^`']{1,400})'(?:: ([\s\S]+?)(?: \(([A-Z]\w{0,80}(?:::[A-Z]\w{0,80}){0,4})\))?)?$/;
/** A frame line of a backtrace: bare (`path:N:in `m'`) or, under an uncaught exception, `from path:N:in `m'`. */
const FRAME = /^\s*(?:from )?(\S[^:]{0,1023}):(\d{1,9}):in [`'][^`']{1,400}'$/;
const FROM = /^\s+from /;
/** The exception line rake and Ruby tools print above bare frames: `NoMethodError: message`, `Errno::ENOENT: …`. */
const HEADER = /^([A-Z]\w{0,80}(?:::[A-Z]\w{0,80}){0,4}): (\S[\s\S]*)$/;
/** Lines between an exception line and its first frame: Ruby's source excerpt and caret, after a blank line. */
const EXCERPT_LINES = 12;
/** A line of that excerpt: blank or indented. */
const inExcerpt = (l: string): boolean => l === "" || opensWithSpace(l);

/** The innermost project frame (Ruby lists the innermost first); installed gems are not the project's. */
function innermostOwn(frames: Frame[], scan: TextScan): Location | null {
  for (const f of frames) {
    const p = repoPath(f.path, scan.ctx);
    if (p.includes("/gems/") || !isOwnPath(p, scan.ctx)) continue;
    return loc(p, f.line);
  }
  return null;
}

/**
 * The consecutive frame lines from `from` on: their end index and positions. A `from` frame the compiler
 * format took for the context line of an include (`                 from main.c:3:`) is taken too: that
 * parser made no finding of it. A line a problem matcher made a finding of is the matcher's: the frames go
 * on past it (FC-STAGE1-MATCHER-5; traceOf leaves it out). Any other claimed line ends the frames.
 */
function framesFrom(scan: TextScan, from: number): { end: number; frames: Frame[] } {
  const frames: Frame[] = [];
  let end = from;
  for (; end < scan.lines.length; end++) {
    if (matcherLine(scan, end)) continue;
    const l = head(scan.lines[end]!);
    if (scan.claimed[end] === 1 && !FROM.test(l)) break;
    const f = FRAME.exec(l);
    if (!f) break;
    frames.push({ path: f[1]!, line: Number(f[2]) });
  }
  return { end, frames };
}

/** Lines [from, to) joined as a trace, those a problem matcher made a finding of left out (FC-STAGE1-MATCHER-5). */
const traceOf = (scan: TextScan, from: number, to: number): string =>
  unmatchedText(scan, from, to, PARSE_LIMITS.traceLines);

/**
 * A located line `path:line:` whose rest is `in `…'` is a Ruby frame, never a diagnostic of its own
 * (FC-FORMAT-RUBY-1). The frame of an uncaught exception, or the first bare frame under an exception line,
 * makes one finding of the whole backtrace; returns the index after what it claimed. A bare frame under no
 * exception line is left unclaimed (i + 1); a rest that is no frame returns -1.
 */
export function readRubyFrame(scan: TextScan, i: number, path: string, line: number, rest: string): number {
  const m = IN.exec(rest);
  if (m === null) return -1;
  const { lines } = scan;
  if (m[2] !== undefined) {
    // FC-FORMAT-RUBY-2: `path:N:in `m': message (Class)`, the source excerpt, then `from` frames.
    if (m[3] === undefined) return -1;
    let at = i + 1;
    while (
      at < lines.length &&
      at - i <= EXCERPT_LINES &&
      scan.claimed[at] === 0 &&
      inExcerpt(lines[at]!) &&
      !FRAME.test(head(lines[at]!))
    )
      at++;
    const { end, frames } = framesFrom(scan, at);
    const last = end > at ? end : i + 1;
    const location = innermostOwn([{ path, line }, ...frames], scan);
    scan.findings.push(
      finding(
        `ruby:${m[3]}`,
        location,
        `${m[3]}: ${m[2]!.trim()}`,
        "error",
        last > i + 1 ? traceOf(scan, i + 1, last) : null,
      ),
    );
    claim(scan, i, last);
    return last;
  }
  // FC-FORMAT-RUBY-3: a bare frame. Its exception line is the first line above it that is neither blank
  // nor indented (the excerpt), within a few lines.
  let h = i - 1;
  while (h >= 0 && i - h <= EXCERPT_LINES && scan.claimed[h] === 0 && inExcerpt(lines[h]!)) h--;
  const header =
    h >= 0 && i - h <= EXCERPT_LINES && scan.claimed[h] === 0 ? HEADER.exec(head(lines[h]!)) : null;
  if (header === null) return i + 1;
  const { end, frames } = framesFrom(scan, i);
  scan.findings.push(
    finding(
      `ruby:${header[1]}`,
      innermostOwn(frames, scan),
      lines[h]!.trim(),
      "error",
      traceOf(scan, h + 1, end).replace(/^\n+/, ""),
    ),
  );
  claim(scan, h, end);
  return end;
}
