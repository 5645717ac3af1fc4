// FC-STAGE1-RAW-8: locations recovered from stack frames in failure bodies (Node, V8, vitest, Python, Go, Rust, pytest).
import type { Location } from "../types.ts";
import { head, isAbsolutePath, isForeignPath, loc, repoPath } from "./common.ts";
import type { ParseContext } from "./types.ts";

export interface Frame {
  path: string;
  line: number;
}

const POS = /^(.*?):(\d{1,9})(?::(\d{1,9}))?$/;
const PY = /^\s*File "([^"]{1,1024})", line (\d{1,9})/;
const GO = /^\s+((?:[A-Za-z]:)?\/[^\s:]{1,1024}\.go):(\d{1,9})(?: \+0x[0-9a-f]+)?$/;
const GO_T = /^\s+([\w.-]{1,255}\.go):(\d{1,9}): /;
const PYTEST = /^([^\s:]{1,1024}\.py):(\d{1,9}): (?:[A-Za-z_][\w.]*)?$/;
const RUST = /^\s*(?:-->|at|thread '.*' panicked at) ([^\s:]{1,1024}\.rs):(\d{1,9}):(\d{1,9})/;

/** One frame of a line, or null. Every pattern is anchored, and runs on a bounded prefix. */
export function parseFrame(rawLine: string): Frame | null {
  const line = head(rawLine);
  const t = line.trim();
  if (t.startsWith("at ") || t.startsWith("❯ ")) {
    let inside = t.slice(2).trim();
    if (inside.endsWith(")")) {
      const open = inside.lastIndexOf(" (");
      inside = open >= 0 ? inside.slice(open + 2, -1) : inside.slice(inside.startsWith("(") ? 1 : 0, -1);
    } else if (t.startsWith("❯ ")) {
      const sp = inside.lastIndexOf(" ");
      if (sp >= 0) inside = inside.slice(sp + 1);
    } else if (inside.startsWith("async ")) inside = inside.slice(6);
    const m = POS.exec(inside);
    if (m && m[1] !== "" && !m[1]!.includes(" ") && !m[1]!.includes("("))
      return { path: m[1]!, line: Number(m[2]) };
    return null;
  }
  let m = PY.exec(line) ?? GO.exec(line) ?? GO_T.exec(line) ?? RUST.exec(line) ?? PYTEST.exec(line);
  if (m) return { path: m[1]!, line: Number(m[2]) };
  if (t.startsWith("thread '") && t.includes(" panicked at ")) {
    m = /panicked at '?([^\s:']{1,1024}\.rs):(\d{1,9})/.exec(t);
    if (m) return { path: m[1]!, line: Number(m[2]) };
  }
  return null;
}

/** Frames of a text block, in order of appearance. */
export function framesOf(text: string): Frame[] {
  const out: Frame[] = [];
  for (const line of text.split("\n")) {
    const f = parseFrame(line);
    if (f) out.push(f);
  }
  return out;
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
export function frameLocation(text: string, ctx: ParseContext, prefer: "first" | "last"): Location | null {
  const own: Location[] = [];
  for (const f of framesOf(text)) {
    const p = repoPath(f.path, ctx);
    if (isOwnPath(p, ctx)) own.push(loc(p, f.line)!);
  }
  if (own.length === 0) return null;
  return prefer === "first" ? own[0]! : own[own.length - 1]!;
}
