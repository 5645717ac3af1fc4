// FC-FORMAT-GCC-JSON-1..2: gcc/g++ `-fdiagnostics-format=json` (gcc 10-12): one JSON array per translation unit.
import type { Severity } from "../../types.ts";
import { finding, int, isRecord, loc, repoPath, ruleName, str, tryJson } from "../common.ts";
import { emptyOutcome, type ParseContext, type ParseOutcome } from "../types.ts";

type Obj = Record<string, unknown>;

/** Whether a JSON value is gcc's diagnostics array: records with `kind`, `message` and `locations`. */
export function isGccJson(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  const first = v.find(isRecord);
  return first !== undefined && typeof first.kind === "string" && "locations" in first && "message" in first;
}

/**
 * Whether text opens with gcc's JSON: one array per translation unit, each on one line, where a unit
 * without diagnostics prints `[]`; the first line that is not an empty array decides.
 */
export function opensWithGccJson(text: string): boolean {
  let from = 0;
  for (;;) {
    const nl = text.indexOf("\n", from);
    const line = (nl === -1 ? text.slice(from) : text.slice(from, nl)).trim();
    if (line !== "[]" && line !== "") return line.startsWith("[") && isGccJson(tryJson(line));
    if (nl === -1) return false;
    from = nl + 1;
  }
}

function severityOf(kind: string): Severity {
  // gcc writes a kind as its text prefix without the ": " (diagnostic.def): `internal compiler error`, not `ice`.
  if (
    kind === "error" ||
    kind === "fatal error" ||
    kind === "internal compiler error" ||
    kind === "sorry, unimplemented"
  )
    return "error";
  if (kind === "warning" || kind === "pedwarn" || kind === "permerror") return "warning";
  return "info";
}

/** The caret of the first location: `{file, line}`. */
function where(d: Obj): { file: string; line: number | undefined } | null {
  const first = Array.isArray(d.locations) ? d.locations.find(isRecord) : undefined;
  if (first === undefined) return null;
  const caret = isRecord(first.caret) ? first.caret : isRecord(first.start) ? first.start : {};
  const file = str(caret.file);
  return file === undefined ? null : { file, line: int(caret.line) };
}

/** Children (notes, instantiation context) as `file:line: kind: message` trace lines, depth-first and bounded. */
function childLines(d: Obj, depth: number, out: string[]): void {
  if (depth > 8 || !Array.isArray(d.children)) return;
  for (const c of d.children) {
    if (!isRecord(c) || out.length >= 60) continue;
    const w = where(c);
    const at = w ? `${w.file}${w.line !== undefined ? `:${w.line}` : ""}: ` : "";
    out.push(`${at}${str(c.kind) ?? "note"}: ${str(c.message) ?? ""}`);
    childLines(c, depth + 1, out);
  }
}

function diagnostic(d: Obj, ctx: ParseContext, tool: string, out: ParseOutcome): void {
  const kind = str(d.kind) ?? "error";
  const severity = severityOf(kind);
  const w = where(d);
  const location = w ? loc(repoPath(w.file, ctx), w.line) : null;
  const option = str(d.option);
  const trace: string[] = [];
  childLines(d, 0, trace);
  out.findings.push(
    finding(
      ruleName(tool, option ?? kind.replace(" ", "-")),
      location,
      str(d.message) ?? "",
      severity,
      trace.length > 0 ? trace.join("\n") : null,
    ),
  );
  if (severity === "error") out.failed = true;
}

/** Parses JSON-array lines (or an already parsed array); other lines are returned for the text parsers. */
export function parseGccJson(
  content: string[] | unknown[],
  ctx: ParseContext,
  tool: string | null,
  parsed: boolean,
): { outcome: ParseOutcome; rest: string[] } {
  const out = emptyOutcome();
  const rest: string[] = [];
  const name = tool ?? "gcc";
  const take = (v: unknown): void => {
    for (const d of Array.isArray(v) ? v : []) if (isRecord(d)) diagnostic(d, ctx, name, out);
  };
  if (parsed) {
    take(content);
    return { outcome: out, rest };
  }
  for (const line of content as string[]) {
    const t = line.trim();
    const v = t.startsWith("[") ? tryJson(t) : undefined;
    if (Array.isArray(v) && (v.length === 0 || isGccJson(v))) take(v);
    else rest.push(line);
  }
  return { outcome: out, rest };
}
