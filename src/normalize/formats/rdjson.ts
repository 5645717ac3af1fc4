// FC-FORMAT-RDJSON-1..2: reviewdog's Diagnostic Format, one `DiagnosticResult` document (rdjson) or one `Diagnostic` per line (rdjsonl).
import { finding, int, isRecord, loc, repoPath, ruleName, str } from "../common.ts";
import { emptyOutcome, type ParseContext, type ParseOutcome, type ParsedFinding } from "../types.ts";

const SEVERITY: Record<string, "error" | "warning" | "info"> = {
  ERROR: "error",
  WARNING: "warning",
  INFO: "info",
};

/** One rdjson Diagnostic: message, location.path, location.range.start.line (1-based), severity, code.value. */
export function rdDiagnostic(
  d: Record<string, unknown>,
  source: string | null,
  ctx: ParseContext,
): ParsedFinding {
  const l = isRecord(d.location) ? d.location : {};
  const range = isRecord(l.range) && isRecord(l.range.start) ? l.range.start : {};
  const code = isRecord(d.code) ? str(d.code.value) : str(d.code);
  const src = isRecord(d.source) ? str(d.source.name) : undefined;
  const tool = (src ?? source ?? "rdjson").toLowerCase().replace(/[^a-z0-9._+-]+/g, "-");
  const sev = SEVERITY[String(d.severity ?? "").toUpperCase()] ?? "error";
  const path = str(l.path);
  return finding(
    ruleName(tool, code ?? sev),
    path === undefined ? null : loc(repoPath(path, ctx), int(range.line)),
    str(d.message) ?? "",
    sev,
  );
}

export function parseRdjson(v: unknown, ctx: ParseContext): ParseOutcome {
  const o = emptyOutcome();
  const source = isRecord(v) && isRecord(v.source) ? (str(v.source.name) ?? null) : null;
  const list = isRecord(v) ? v.diagnostics : v;
  if (Array.isArray(list))
    for (const d of list) if (isRecord(d)) o.findings.push(rdDiagnostic(d, source, ctx));
  o.failed = o.findings.some((f) => f.severity === "error");
  return o;
}

/** Whether a parsed value is an rdjson DiagnosticResult or a list of rdjson Diagnostics. */
export function isRdjson(v: unknown): boolean {
  const first = isRecord(v) ? (Array.isArray(v.diagnostics) ? v.diagnostics[0] : undefined) : undefined;
  return (
    isRecord(v) &&
    isRecord(v.source) &&
    typeof v.source.name === "string" &&
    Array.isArray(v.diagnostics) &&
    (first === undefined || (isRecord(first) && "message" in first && "location" in first))
  );
}
