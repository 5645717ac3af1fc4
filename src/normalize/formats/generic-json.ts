// FC-STAGE1-RAW-16: JSON of any tool — arrays or maps of objects with a file/path, a line/row and a message/text, mapped by their field names.
import type { Severity } from "../../types.ts";
import { finding, int, isRecord, loc, repoPath, ruleName, str } from "../common.ts";
import type { ParseContext, ParsedFinding } from "../types.ts";
import { isFileLike } from "./generic-lines.ts";

type Rec = Record<string, unknown>;
const PATH = ["file", "path", "filename", "fileName", "filePath", "file_path", "source", "uri", "sourceFile"];
const LINE = ["line", "row", "lineNumber", "line_number", "startLine", "start_line", "lnum", "lineno"];
const MESSAGE = ["message", "text", "msg", "description", "reason", "title", "details"];
const SEVERITY = ["severity", "level", "type", "kind", "category"];
const CODE = [
  "code",
  "rule",
  "ruleId",
  "rule_id",
  "check",
  "check_name",
  "checkName",
  "symbol",
  "message-id",
  "test_id",
];
const MAX_DEPTH = 8;
const MAX_FINDINGS = 100_000;

function pick(r: Rec, keys: string[]): unknown {
  for (const k of keys) if (r[k] !== undefined && r[k] !== null) return r[k];
  return undefined;
}

/** A field of the record or of its `location`/`position`/`start`/`loc` member. */
function nested(r: Rec, keys: string[]): unknown {
  const own = pick(r, keys);
  if (own !== undefined && !isRecord(own)) return own;
  for (const k of ["location", "position", "start", "loc", "span", "region"]) {
    const inner = r[k];
    if (isRecord(inner)) {
      const v = pick(inner, keys) ?? (isRecord(inner.start) ? pick(inner.start, keys) : undefined);
      if (v !== undefined && !isRecord(v)) return v;
      if (isRecord(v)) {
        const deeper = pick(v, ["file", "path", "name"]);
        if (typeof deeper === "string") return deeper;
      }
    }
  }
  return isRecord(own) ? pick(own, ["file", "path", "name", "value", "text"]) : undefined;
}

function textOf(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (isRecord(v)) return str(v.text) ?? str(v.value) ?? str(v.message);
  return undefined;
}

function severityOf(v: unknown): Severity | null {
  if (typeof v === "number") return v <= 1 ? "error" : v === 2 ? "warning" : "info";
  if (typeof v !== "string") return null;
  const s = v.toLowerCase();
  if (/^(?:error|fatal|critical|blocker|high|e)$/.test(s)) return "error";
  if (/^(?:warning|warn|major|medium|w)$/.test(s)) return "warning";
  if (/^(?:info|information|note|hint|notice|convention|refactor|style|minor|low|suggestion)$/.test(s))
    return "info";
  // Settled in spec/stage1.md: a value that is no severity word (buf's `type`, a rule id) gives none.
  return null;
}

/** One record as a finding, or null when it has no message and no line (not a diagnostic). */
function mapRecord(
  r: Rec,
  inheritedPath: string | null,
  tool: string,
  ctx: ParseContext,
): ParsedFinding | null {
  const message = textOf(pick(r, MESSAGE));
  const line = int(nested(r, LINE));
  const path = str(nested(r, PATH)) ?? inheritedPath;
  if (message === undefined || line === undefined || path === null || path === undefined) return null;
  const severity = severityOf(pick(r, SEVERITY)) ?? "error";
  const codeValue = pick(r, CODE);
  const code = typeof codeValue === "number" ? String(codeValue) : textOf(codeValue);
  return finding(ruleName(tool, code ?? severity), loc(repoPath(path, ctx), line), message, severity);
}

/**
 * Every located diagnostic of a JSON value by field names: a record with a message, a line and a path
 * (its own, or the key or `file`/`path` member of the object holding its array). Empty when none maps.
 */
export function genericJsonFindings(v: unknown, tool: string, ctx: ParseContext): ParsedFinding[] {
  const out: ParsedFinding[] = [];
  const stack: [unknown, string | null, number][] = [[v, null, 0]];
  while (stack.length > 0 && out.length < MAX_FINDINGS) {
    const [node, path, depth] = stack.pop()!;
    if (depth > MAX_DEPTH) continue;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], path, depth + 1]);
      continue;
    }
    if (!isRecord(node)) continue;
    const f = mapRecord(node, path, tool, ctx);
    if (f !== null) {
      out.push(f);
      continue;
    }
    const own = str(pick(node, PATH)) ?? path;
    const entries = Object.entries(node);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, child] = entries[i]!;
      if (child === null || typeof child !== "object") continue;
      // A map keyed by file name: `{"src/a.py": [{line, message}]}`, or by an extension-less file the generic
      // layer knows (npm-groovy-lint's `{"files": {"/repo/Jenkinsfile": {"errors": […]}}}`).
      // phpstan keys an error in a trait `path (in context of class X)`: the file is the path before that.
      const file = k.endsWith(")") ? k.replace(/ \(in context of [^()]{1,1024}\)$/, "") : k;
      const keyIsPath = (/[./\\]/.test(file) && /\.[A-Za-z][\w+-]{0,9}$/.test(file)) || isFileLike(file);
      stack.push([child, keyIsPath ? file : own, depth + 1]);
    }
  }
  return out;
}
