// FC-FORMAT-LSP-1..3: LSP PublishDiagnosticsParams: 0-based, end-exclusive ranges; a missing severity is an error.
import type { Severity } from "../../types.ts";
import { finding, int, isRecord, loc, repoPath, ruleName, str } from "../common.ts";
import { emptyOutcome, type ParseContext, type ParseOutcome } from "../types.ts";

const SEVERITY: Record<number, Severity> = { 1: "error", 2: "warning", 3: "info", 4: "info" };

function line(pos: unknown): number | undefined {
  return isRecord(pos) ? int(pos.line) : undefined;
}

function codeOf(code: unknown): string {
  if (typeof code === "number" || (typeof code === "string" && code.trim() !== "")) return String(code);
  if (isRecord(code) && (typeof code.value === "string" || typeof code.value === "number"))
    return String(code.value);
  return "diagnostic";
}

export function parseLsp(json: unknown, ctx: ParseContext): ParseOutcome {
  const out = emptyOutcome();
  const params = Array.isArray(json) ? json : [json];
  for (const p of params) {
    if (!isRecord(p)) continue;
    // A notification envelope {method, params} is unwrapped.
    const body = isRecord(p.params) && Array.isArray(p.params.diagnostics) ? p.params : p;
    const path = repoPath(str(body.uri) ?? "", ctx);
    // A bare Diagnostic (the sniffer's `range` and `message`, no document) is one without a location.
    const diagnostics = Array.isArray(body.diagnostics)
      ? body.diagnostics
      : isRecord(body.range) && "message" in body
        ? [body]
        : [];
    for (const d of diagnostics) {
      if (!isRecord(d)) continue;
      const range = isRecord(d.range) ? d.range : {};
      const s = line(range.start);
      let e = line(range.end);
      // End-exclusive: a range ending at character 0 of a later line does not cover that line.
      if (e !== undefined && s !== undefined && e > s && isRecord(range.end) && range.end.character === 0)
        e -= 1;
      const severity = SEVERITY[int(d.severity) ?? 1] ?? "error";
      if (severity === "error") out.failed = true;
      const related = Array.isArray(d.relatedInformation)
        ? d.relatedInformation
            .filter(isRecord)
            .map((r) => {
              const l = isRecord(r.location) ? r.location : {};
              const rl = isRecord(l.range) ? line(l.range.start) : undefined;
              const rp = repoPath(str(l.uri) ?? "", ctx);
              return `${rp}${rl === undefined ? "" : `:${rl + 1}`}: ${str(r.message) ?? ""}`;
            })
            .join("\n")
        : "";
      const rule = ruleName((str(d.source) ?? "lsp").toLowerCase(), codeOf(d.code));
      const location =
        path === ""
          ? null
          : loc(path, s === undefined ? undefined : s + 1, e === undefined ? undefined : e + 1);
      out.findings.push(
        finding(rule, location, str(d.message) ?? "", severity, related === "" ? null : related),
      );
    }
  }
  return out;
}
