// FC-FORMAT-LINT-JSON-1..9: the JSON reports of pylint, pyright, mypy (-O json), stylelint, markdownlint-cli2, biome, oxlint, shellcheck and dockerfilelint.
import type { Location, Severity } from "../../types.ts";
import { finding, int, isRecord, loc, repoPath, ruleName, str } from "../common.ts";
import { emptyOutcome, type ParseContext, type ParsedFinding, type ParseOutcome } from "../types.ts";

type Rec = Record<string, unknown>;
const records = (v: unknown): Rec[] => (Array.isArray(v) ? v.filter(isRecord) : []);

/** Severity words of every report read here: error/fatal, warning, and the rest (info, convention...). */
export function severityWord(w: unknown): Severity {
  const s = typeof w === "string" ? w.toLowerCase() : "";
  if (s === "error" || s === "fatal" || s === "critical" || s === "blocker" || s === "deny") return "error";
  if (s === "warning" || s === "warn" || s === "major") return "warning";
  if (s === "") return "error";
  return "info";
}

function at(path: unknown, line: unknown, ctx: ParseContext): Location | null {
  const p = str(path);
  return p === undefined ? null : loc(repoPath(p, ctx), int(line));
}

function outcome(findings: ParsedFinding[]): ParseOutcome {
  const o = emptyOutcome();
  o.findings = findings;
  return o;
}

/** FC-FORMAT-LINT-JSON-1: pylint `-f json`: `[{type, path, line, message-id, symbol, message}]`. */
export function parsePylintJson(v: unknown, ctx: ParseContext): ParseOutcome {
  return outcome(
    records(v).map((d) =>
      finding(
        ruleName("pylint", str(d["message-id"]) ?? str(d.symbol) ?? str(d.type) ?? "error"),
        at(d.path ?? d.module, d.line, ctx),
        `${str(d.message) ?? ""}${typeof d.symbol === "string" ? ` (${d.symbol})` : ""}`,
        severityWord(d.type),
      ),
    ),
  );
}

/** FC-FORMAT-LINT-JSON-2: pyright `--outputjson`: `generalDiagnostics` with 0-based `range`s. */
export function parsePyrightJson(v: unknown, ctx: ParseContext): ParseOutcome {
  const o = outcome(
    records(isRecord(v) ? v.generalDiagnostics : undefined).map((d) => {
      const start = isRecord(d.range) && isRecord(d.range.start) ? int(d.range.start.line) : undefined;
      const message = str(d.message) ?? "";
      const nl = message.indexOf("\n");
      return finding(
        ruleName("pyright", str(d.rule) ?? str(d.severity) ?? "error"),
        at(d.file, start === undefined ? undefined : start + 1, ctx),
        nl === -1 ? message : message.slice(0, nl),
        severityWord(d.severity === "information" ? "info" : d.severity),
        nl === -1 ? null : message.slice(nl + 1),
      );
    }),
  );
  const summary = isRecord(v) && isRecord(v.summary) ? v.summary : null;
  const errors = summary ? int(summary.errorCount) : undefined;
  if (errors !== undefined)
    o.summaries.push({
      tool: "pyright",
      what: "errors",
      count: errors,
      parsed: o.findings.filter((f) => f.severity === "error").length,
    });
  return o;
}

/** FC-FORMAT-LINT-JSON-3: mypy `-O json` (1.11+): one object per line `{file, line, code, severity, message, hint}`. */
export function parseMypyJson(lines: Rec[], ctx: ParseContext): ParseOutcome {
  return outcome(
    lines.map((d) =>
      finding(
        ruleName("mypy", str(d.code) ?? str(d.severity) ?? "error"),
        at(d.file, d.line, ctx),
        str(d.message) ?? "",
        severityWord(d.severity === "note" ? "info" : d.severity),
        str(d.hint) ?? null,
      ),
    ),
  );
}

/** FC-FORMAT-LINT-JSON-4: stylelint `-f json`: `[{source, warnings: [{line, rule, severity, text}]}]`. */
export function parseStylelintJson(v: unknown, ctx: ParseContext): ParseOutcome {
  const o = emptyOutcome();
  for (const s of records(v)) {
    for (const w of records(s.warnings)) {
      const rule = str(w.rule) ?? "error";
      const text = (str(w.text) ?? "").replace(` (${rule})`, "");
      o.findings.push(
        finding(ruleName("stylelint", rule), at(s.source, w.line, ctx), text, severityWord(w.severity)),
      );
    }
    for (const d of records(s.parseErrors).concat(records(s.invalidOptionWarnings)))
      o.findings.push(finding("stylelint:invalid", at(s.source, d.line, ctx), str(d.text) ?? "", "error"));
    if (s.errored === true) o.failed = true;
  }
  return o;
}

/** FC-FORMAT-LINT-JSON-5: markdownlint-cli2's JSON formatter: `[{fileName, lineNumber, ruleNames, ruleDescription, errorDetail}]`. */
export function parseMarkdownlintJson(v: unknown, ctx: ParseContext): ParseOutcome {
  return outcome(
    records(v).map((d) => {
      const names = Array.isArray(d.ruleNames) ? d.ruleNames.filter((n) => typeof n === "string") : [];
      const detail = str(d.errorDetail);
      const context = str(d.errorContext);
      return finding(
        ruleName("markdownlint", names[0] ?? "error"),
        at(d.fileName, d.lineNumber, ctx),
        `${str(d.ruleDescription) ?? ""}${detail ? ` [${detail}]` : ""}${context ? ` [Context: "${context}"]` : ""}`,
        d.severity === "warning" ? "warning" : "error",
      );
    }),
  );
}

/** FC-FORMAT-LINT-JSON-6: biome `--reporter=json`: `{summary, diagnostics: [{category, severity, message, location}]}`. */
export function parseBiomeJson(v: unknown, ctx: ParseContext): ParseOutcome {
  const o = outcome(
    records(isRecord(v) ? v.diagnostics : undefined).map((d) => {
      const l = isRecord(d.location) ? d.location : {};
      const path = isRecord(l.path) ? l.path.file : l.path;
      const line = isRecord(l.start) ? l.start.line : undefined;
      return finding(
        ruleName("biome", str(d.category) ?? "error"),
        at(path, line, ctx),
        str(d.message) ?? str(d.description) ?? "",
        severityWord(d.severity),
      );
    }),
  );
  const s = isRecord(v) && isRecord(v.summary) ? v.summary : null;
  if (s && int(s.errors) !== undefined) {
    o.summaries.push({
      tool: "biome",
      what: "errors",
      count: int(s.errors)!,
      parsed: o.findings.filter((f) => f.severity === "error").length,
    });
    if (int(s.errors)! > 0) o.failed = true;
  }
  return o;
}

/** FC-FORMAT-LINT-JSON-7: oxlint `-f json`: `{diagnostics: [{code, severity, message, filename, labels: [{span: {line}}]}]}`. */
export function parseOxlintJson(v: unknown, ctx: ParseContext): ParseOutcome {
  return outcome(
    records(isRecord(v) ? v.diagnostics : undefined).map((d) => {
      const label = records(d.labels)[0];
      const line = label && isRecord(label.span) ? label.span.line : undefined;
      return finding(
        ruleName("oxlint", str(d.code) ?? "error"),
        at(d.filename, line, ctx),
        str(d.message) ?? "",
        severityWord(d.severity),
        str(d.help) ?? null,
      );
    }),
  );
}

/** FC-FORMAT-LINT-JSON-8: shellcheck `-f json1` (`{comments: […]}`) and `-f json` (the bare array). */
export function parseShellcheckJson(v: unknown, ctx: ParseContext): ParseOutcome {
  const list = isRecord(v) ? v.comments : v;
  return outcome(
    records(list).map((c) =>
      finding(
        ruleName("shellcheck", int(c.code) !== undefined ? `SC${int(c.code)}` : "error"),
        at(c.file, c.line, ctx),
        str(c.message) ?? "",
        severityWord(c.level === "style" ? "info" : c.level),
      ),
    ),
  );
}

/** The lint report a parsed JSON value is, by its shape (FC-STAGE1-RAW-2's sniffing), or null. */
/** rubocop --format json: `files[].offenses[]` with `cop_name`, `severity` (convention/refactor are info). */
export function parseRubocopJson(v: unknown, ctx: ParseContext): ParseOutcome {
  const o = emptyOutcome();
  if (!isRecord(v)) return o;
  for (const file of records(v.files)) {
    for (const off of records(file.offenses)) {
      const location = isRecord(off.location) ? off.location : {};
      o.findings.push(
        finding(
          ruleName("rubocop", str(off.cop_name) ?? "offense"),
          at(file.path, location.line ?? location.start_line, ctx),
          str(off.message) ?? "",
          severityWord(off.severity),
        ),
      );
    }
  }
  o.failed = o.findings.some((f) => f.severity === "error");
  return o;
}

/**
 * FC-FORMAT-LINT-JSON-9: dockerfilelint `-o json`: `files[].issues[]` with a string `line`, `title` and
 * `description`; settled here: every issue is an error (the tool exits with their number), rule
 * `dockerfilelint:<title>`.
 */
export function parseDockerfilelintJson(v: unknown, ctx: ParseContext): ParseOutcome {
  const o = emptyOutcome();
  if (!isRecord(v)) return o;
  for (const file of records(v.files))
    for (const issue of records(file.issues))
      o.findings.push(
        finding(
          ruleName("dockerfilelint", str(issue.title) ?? "issue"),
          at(file.file, Number(str(issue.line) ?? issue.line), ctx),
          str(issue.description) ?? str(issue.title) ?? "",
          "error",
        ),
      );
  o.failed = o.findings.length > 0;
  return o;
}

export function lintJsonKind(v: unknown): string | null {
  if (isRecord(v)) {
    if (Array.isArray(v.files) && isRecord(v.metadata) && "rubocop_version" in v.metadata)
      return "rubocop-json";
    if (Array.isArray(v.generalDiagnostics)) return "pyright";
    if (
      Array.isArray(v.files) &&
      records(v.files).some((f) => "issues_count" in f && Array.isArray(f.issues))
    )
      return "dockerfilelint-json";
    if (Array.isArray(v.comments) && records(v.comments).some((c) => "code" in c && "level" in c))
      return "shellcheck-json";
    const first = records(v.diagnostics)[0];
    if (first !== undefined) {
      if ("filename" in first && "labels" in first) return "oxlint-json";
      if ("category" in first && "location" in first) return "biome-json";
    }
    return null;
  }
  const first = records(v)[0];
  if (first === undefined) return null;
  if ("message-id" in first && "symbol" in first) return "pylint-json";
  if ("source" in first && Array.isArray(first.warnings)) return "stylelint-json";
  if ("fileName" in first && "lineNumber" in first && "ruleNames" in first) return "markdownlint-json";
  if ("file" in first && "code" in first && "level" in first && "column" in first) return "shellcheck-json";
  return null;
}
