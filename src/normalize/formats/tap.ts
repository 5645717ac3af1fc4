// FC-FORMAT-TAP-1..4: TAP 13/14 via tap-parser: nested subtests, producer-specific location keys, plan reconciliation, lint reports.
import { Parser, type Result } from "tap-parser";
import { finding, int, isRecord, loc, repoPath, ruleName, str } from "../common.ts";
import { severityWord } from "./lint-json.ts";
import { frameLocation } from "../stack.ts";
import type { ParseContext, ParsedFinding, ToolSummary } from "../types.ts";

export interface TapResult {
  findings: ParsedFinding[];
  summaries: ToolSummary[];
  failed: boolean;
  /** Lines that are not TAP (crash output, console noise) for the text parsers. */
  extra: string[];
}

function locationOf(diag: Record<string, unknown>, ctx: ParseContext) {
  // node:test writes `location: 'path:line:col'`; node-tap writes `at: {file, line}`; tape writes `at: fn (path:line:col)`.
  const where = str(diag.location) ?? (typeof diag.at === "string" ? diag.at : undefined);
  if (where !== undefined) {
    const f = frameLocation(`at ${where}`, ctx, "first");
    if (f) return f;
  }
  if (isRecord(diag.at)) {
    const file = str(diag.at.file) ?? str(diag.at.filename);
    if (file) return loc(repoPath(file, ctx), int(diag.at.line));
  }
  const file = str(diag.file);
  if (file) return loc(repoPath(file, ctx), int(diag.line));
  const stack = str(diag.stack);
  if (stack)
    return frameLocation(
      stack
        .split("\n")
        .map((l) => `at ${l.trim()}`)
        .join("\n"),
      ctx,
      "first",
    );
  return null;
}

function messageOf(diag: Record<string, unknown>): string {
  const m = str(diag.error) ?? str(diag.message);
  if (m !== undefined)
    return (
      m
        .split("\n")
        .find((l) => l.trim() !== "")
        ?.trim() ?? ""
    );
  if ("expected" in diag || "actual" in diag || "wanted" in diag || "found" in diag) {
    const show = (v: unknown) => (typeof v === "string" ? v : (JSON.stringify(v) ?? "undefined"));
    const op = str(diag.operator);
    return `${op ? `${op}: ` : ""}expected ${show(diag.expected ?? diag.wanted ?? diag.pattern)}, got ${show(diag.actual ?? diag.found)}`;
  }
  return "";
}

function traceOf(diag: Record<string, unknown>): string | null {
  const parts: string[] = [];
  for (const k of ["error", "message", "stack"]) {
    const v = str(diag[k]);
    if (v !== undefined && v.trim() !== "") parts.push(v.trimEnd());
  }
  return parts.length > 0 ? parts.join("\n") : null;
}

/**
 * A lint report in TAP (stylelint's `tap` formatter): one `not ok` per file whose YAML block maps each rule
 * to the problems it found (`message`, `severity`, `line`). Each problem is a finding of its own at that
 * file and line; null when the block is not of that shape.
 */
function lintProblems(
  diag: Record<string, unknown>,
  file: string,
  ctx: ParseContext,
  tool: string | null,
): ParsedFinding[] | null {
  const out: ParsedFinding[] = [];
  for (const [rule, list] of Object.entries(diag)) {
    if (!Array.isArray(list) || list.length === 0) return null;
    for (const p of list) {
      if (!isRecord(p) || typeof p.message !== "string" || int(p.line) === undefined) return null;
      const suffix = ` (${rule})`;
      const message = p.message.endsWith(suffix) ? p.message.slice(0, -suffix.length) : p.message;
      out.push(
        finding(
          ruleName(tool ?? "tap", rule),
          loc(repoPath(file, ctx), int(p.line)),
          message,
          severityWord(str(p.severity)),
        ),
      );
    }
  }
  return out.length > 0 ? out : null;
}

export function parseTap(text: string, ctx: ParseContext, tool: string | null = null): TapResult {
  const res: TapResult = { findings: [], summaries: [], failed: false, extra: [] };
  const root = new Parser({ strict: false });
  const watch = (p: Parser, path: string[], depth: number): void => {
    let lastChildFailed = false;
    p.on("child", (c: Parser) => {
      if (depth > 64) return;
      const childPath = [...path, c.name ?? ""];
      c.on("complete", (r: { ok: boolean }) => {
        lastChildFailed = !r.ok;
      });
      watch(c, childPath, depth + 1);
    });
    p.on("assert", (a: Result) => {
      const hadFailingChild = lastChildFailed;
      lastChildFailed = false;
      if (a.ok || a.todo || a.skip) return;
      res.failed = true;
      const diag = isRecord(a.diag) ? a.diag : {};
      // A suite that fails only because a subtest failed is reported through that subtest.
      if (hadFailingChild || diag.failureType === "subtestsFailed") return;
      const problems = path.length === 0 && a.name ? lintProblems(diag, a.name, ctx, tool) : null;
      if (problems !== null) {
        for (const f of problems) res.findings.push(f);
        return;
      }
      const name = [...path.filter((n) => n !== ""), a.name || `#${a.id}`].join(" › ");
      const msg = messageOf(diag);
      res.findings.push(
        finding(
          "tap:not-ok",
          locationOf(diag, ctx),
          msg === "" ? name : `${name}: ${msg}`,
          "error",
          traceOf(diag),
        ),
      );
    });
    p.on("bailout", (reason: string) => {
      res.failed = true;
      res.findings.push(finding("tap:bail-out", null, `Bail out! ${reason}`, "error"));
    });
  };
  watch(root, [], 0);
  root.on("extra", (chunk: string) => {
    res.extra.push(...chunk.replace(/\n$/, "").split("\n"));
  });
  let planned: number | null = null;
  let count = 0;
  root.on("complete", (r: { plan: { start: number; end: number; skipAll: boolean }; count: number }) => {
    count = r.count;
    if (r.plan && !r.plan.skipAll && r.plan.end >= r.plan.start && r.plan.start >= 1)
      planned = r.plan.end - r.plan.start + 1;
  });
  root.end(text.endsWith("\n") ? text : `${text}\n`);
  if (planned !== null)
    res.summaries.push({ tool: "tap", what: "planned tests", count: planned, parsed: count });
  return res;
}
