// FC-STAGE1-RAW-8: locations recovered from stack frames in failure bodies (Node, V8, vitest, Python, Go, Rust, pytest).
import type { Location } from "../types.ts";
import { head, isAbsolutePath, isForeignPath, loc, repoPath } from "./common.ts";
import type { ParseContext } from "./types.ts";

export interface Frame {
  path: string;
  line: number;
  /** vitest's `❯ word rest:12:5` also reads as the path `word rest`: the other reading, when there is one. */
  whole?: string;
}

const POS = /^(.*?):(\d{1,9})(?::(\d{1,9}))?$/;
// A path is whatever the tool prints up to its line marker, spaces included (FC-STAGE1-RAW-11).
const PY = /^\s*File "([^"]{1,1024})", line (\d{1,9})/;
const GO = /^\s+((?:[A-Za-z]:)?\/[^:]{1,1024}\.go):(\d{1,9})(?: \+0x[0-9a-f]+)?$/;
const GO_T = /^\s+([\w.-]{1,255}\.go):(\d{1,9}): /;
// pytest frames: `path.py:12: in name` (--tb=short), `path.py:12: ExcName` (long), `path.py:12: message` (--tb=line);
// a lint plugin's record with a column (pytest-mypy, pytest-flake8: `path.py:12:16: error: …`) names its line too.
const PYTEST =
  /^(\S[^:]{0,1023}\.py):(\d{1,9})(?::\d{1,9})?:(?: (?:in [\w<>.]{1,200}|[A-Za-z_][\w.]{0,200}(?::.*)?|.*))?$/;
const RUST = /^\s*(?:-->|at|::: ) ?(\S[^:]{0,1023}\.rs):(\d{1,9}):(\d{1,9})/;

/** The `path:line[:col]` of a frame's location text, the path keeping its spaces. */
function position(inside: string): Frame | null {
  const m = POS.exec(inside);
  if (m === null || m[1] === "" || m[1]!.startsWith("(")) return null;
  return { path: m[1]!, line: Number(m[2]) };
}

/** `at fn (path:line:col)`, `at path:line:col`, vitest's `❯ [fn] path:line:col`, or null. */
function jsFrame(t: string): Frame | null {
  let inside = t.slice(2).trim();
  // Node opens an error's property block at the end of its last frame (`at fn (path:4:16) {`).
  if (inside.endsWith(" {")) inside = inside.slice(0, -2).trimEnd();
  if (inside.endsWith(")")) {
    // `at fn (path:line:col)`: the location is inside the last parentheses that open with " (".
    const open = inside.lastIndexOf(" (");
    // Java's `at pkg.Cls.m(File.java:12)` opens its parenthesis without a space: not a path (see junit.ts).
    if (open < 0 && !inside.startsWith("(")) return null;
    inside = open >= 0 ? inside.slice(open + 2, -1) : inside.slice(1, -1);
  } else if (inside.startsWith("async ")) inside = inside.slice(6);
  // `at path:line:col` (V8, no function name) and vitest's `❯ path:line:col` name only the path; vitest's
  // `❯ fn path:line:col` puts a function name first: a first word without a slash, before a path.
  if (t.startsWith("❯ ")) {
    const sp = inside.indexOf(" ");
    const first = sp > 0 ? inside.slice(0, sp) : "";
    if (/^[\w$.<>[\]]{1,200}$/.test(first) && !/\.[cm]?[jt]sx?$/.test(first)) {
      // V8's method alias after the function (`fn [as oncomplete] node:net:1607:16`) is no part of the path.
      const rest = inside.slice(sp + 1).replace(/^\[as [^\]\s]{1,200}\] /, "");
      const f = position(rest);
      const w = position(inside);
      return f && w ? { ...f, whole: w.path } : f;
    }
  }
  return position(inside);
}

/** One frame of a line, or null. Every pattern is anchored, and runs on a bounded prefix. */
export function parseFrame(rawLine: string): Frame | null {
  const line = head(rawLine);
  const t = line.trim();
  // A JavaScript frame; a line that only begins like one (a pytest frame in a directory named `at …`,
  // issue 22) falls through to the other patterns.
  const js = t.startsWith("at ") || t.startsWith("❯ ") ? jsFrame(t) : null;
  if (js !== null) return js;
  // The path patterns may run over spaces: try each only on lines that hold its extension's marker.
  let m =
    PY.exec(line) ??
    (line.includes(".go:") ? (GO.exec(line) ?? GO_T.exec(line)) : null) ??
    (line.includes(".rs:") ? RUST.exec(line) : null) ??
    (line.includes(".py:") ? PYTEST.exec(line) : null);
  if (m) return { path: m[1]!, line: Number(m[2]) };
  if (t.startsWith("thread '") && t.includes(" panicked at ")) {
    m = /panicked at '?(\S[^:']{0,1023}\.rs):(\d{1,9})/.exec(t);
    if (m) return { path: m[1]!, line: Number(m[2]) };
  }
  return null;
}

/** Whether a (cleaned) path names project code: not a dependency, not a runtime, inside the repo if known. */
export function isOwnPath(path: string, ctx: ParseContext): boolean {
  if (isForeignPath(path)) return false;
  if (isAbsolutePath(path) && ctx.repoRoot) return false;
  return !/^[a-z]+:/.test(path) || /^[A-Za-z]:\//.test(path);
}

/**
 * The location of the project frame: for JavaScript and Go stacks the innermost frame is listed first, for
 * Python the innermost is last. Frames in dependencies, the runtime or outside the repo are skipped.
 */
export function frameLocation(
  text: string,
  ctx: ParseContext,
  prefer: "first" | "last",
  knownFiles: readonly string[] = [],
): Location | null {
  const known = knownFiles.length > 0 ? new Set(knownFiles.map((k) => repoPath(k, ctx))) : null;
  // The lines are read from the end the preferred frame is nearest to, up to the first project frame.
  if (prefer === "first") {
    for (let from = 0; from <= text.length; ) {
      let to = text.indexOf("\n", from);
      if (to === -1) to = text.length;
      const own = ownFrame(text.slice(from, to), ctx, known);
      if (own !== undefined) return own;
      from = to + 1;
    }
    return null;
  }
  for (let end = text.length; ; ) {
    const nl = end === 0 ? -1 : text.lastIndexOf("\n", end - 1);
    const own = ownFrame(text.slice(nl + 1, end), ctx, known);
    if (own !== undefined) return own;
    if (nl === -1) return null;
    end = nl;
  }
}

/** The location of a line's frame when it is a project frame (null for an empty path), else undefined. */
function ownFrame(line: string, ctx: ParseContext, known: Set<string> | null): Location | null | undefined {
  const f = parseFrame(line);
  if (f === null) return undefined;
  // `❯ word rest:12` names the file `word rest` when the report itself names that file (FC-STAGE1-RAW-11).
  const whole = f.whole !== undefined && known !== null ? repoPath(f.whole, ctx) : null;
  const p = whole !== null && known!.has(whole) ? whole : repoPath(f.path, ctx);
  return isOwnPath(p, ctx) ? loc(p, f.line) : undefined;
}
