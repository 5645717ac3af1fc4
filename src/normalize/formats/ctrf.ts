// FC-FORMAT-CTRF-1: Common Test Report Format JSON (`{results: {tool, summary, tests: [{name, status, message, trace, filePath, line}]}}`).
import { finding, int, isRecord, loc, repoPath, str } from "../common.ts";
import { frameLocation } from "../stack.ts";
import { emptyOutcome, type ParseContext, type ParseOutcome } from "../types.ts";

export const isCtrf = (v: unknown): boolean =>
  isRecord(v) && isRecord(v.results) && Array.isArray(v.results.tests) && isRecord(v.results.tool);

export function parseCtrf(v: unknown, ctx: ParseContext): ParseOutcome {
  const o = emptyOutcome();
  if (!isCtrf(v)) return o;
  const results = (v as { results: Record<string, unknown> }).results;
  const tool = isRecord(results.tool) ? (str(results.tool.name) ?? "ctrf") : "ctrf";
  const name = tool.toLowerCase().replace(/[^a-z0-9._+-]+/g, "-") || "ctrf";
  for (const t of results.tests as unknown[]) {
    if (!isRecord(t) || t.status !== "failed") continue;
    const message = str(t.message) ?? "";
    const trace = str(t.trace) ?? null;
    const file = str(t.filePath) ?? str(t.file);
    const location =
      (trace !== null ? frameLocation(trace, ctx, "first") : null) ??
      (file !== undefined ? loc(repoPath(file, ctx), int(t.line)) : null);
    const suite = Array.isArray(t.suite)
      ? t.suite.filter((s) => typeof s === "string").join(" › ")
      : str(t.suite);
    const id = suite ? `${suite} › ${str(t.name) ?? ""}` : (str(t.name) ?? "");
    o.findings.push(
      finding(`${name}:test-failed`, location, `${id}: ${message.split("\n")[0] ?? ""}`, "error", trace),
    );
  }
  const summary = isRecord(results.summary) ? results.summary : {};
  const failed = int(summary.failed);
  if (failed !== undefined) {
    o.summaries.push({ tool: name, what: "failed tests", count: failed, parsed: o.findings.length });
    if (failed > 0) o.failed = true;
  }
  return o;
}
