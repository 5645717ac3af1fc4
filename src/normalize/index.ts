// FC-STAGE1-RAW-1..10: parseToolOutput — raw tool output (text or JSON) to canonical findings; pure, never throws.
import type { ToolOutput } from "../types.ts";
import {
  someLineOpensJson,
  cleanLines,
  cleanText,
  finding,
  FOREIGN_PATH_NEEDLES,
  forgetParseState,
  isForeignPath,
  firstDocumentLine,
  isRecord,
  jsonDocuments,
  opensWithDocument,
  splitLines,
  tryJson,
} from "./common.ts";
import { parseCargoJson } from "./formats/cargo-json.ts";
import { parseEslint } from "./formats/eslint.ts";
import { isGccJson, opensWithGccJson, parseGccJson } from "./formats/gcc-json.ts";
import { parseGoTestJson } from "./formats/go-test-json.ts";
import { holdsGoVetTree, isGoVetTree, parseGoVetJson } from "./formats/go-vet-json.ts";
import { parseJestJson } from "./formats/jest-json.ts";
import { parseJunit } from "./formats/junit.ts";
import { parseLsp } from "./formats/lsp.ts";
import { parseSarif } from "./formats/sarif.ts";
import { parseTap } from "./formats/tap.ts";
import { parseCheckstyle } from "./formats/checkstyle.ts";
import { parseCtrf } from "./formats/ctrf.ts";
import { genericJsonFindings } from "./formats/generic-json.ts";
import {
  parseBiomeJson,
  parseDockerfilelintJson,
  parseMarkdownlintJson,
  parseMypyJson,
  parseOxlintJson,
  parsePylintJson,
  parsePyrightJson,
  parseRubocopJson,
  parseShellcheckJson,
  parseStylelintJson,
} from "./formats/lint-json.ts";
import {
  applyProblemMatcher,
  countMatcherFindings,
  type ProblemMatcher,
  problemMatcherError,
} from "./formats/problem-matcher.ts";
import { parseRdjson, rdDiagnostic } from "./formats/rdjson.ts";
import { GENERIC_PARSER, TEXT_PARSERS } from "./formats/text.ts";
import { sniffFormat } from "./sniff.ts";
import { parseFrame } from "./stack.ts";
import { gateOpen, keepErrorLikeLines, newScan, outcomeOf } from "./text-pipeline.ts";
import {
  emptyOutcome,
  type ParseContext,
  type ParsedFinding,
  type ParseOutcome,
  UNPARSED_RULE,
} from "./types.ts";

export { sniffFormat } from "./sniff.ts";
export type { ParseContext, ParsedFinding } from "./types.ts";

export { UNPARSED_RULE, UNRECOGNISED_RULE } from "./types.ts";
/** Rule of a failed run (non-zero exit, `success: false`) in which no error was recognised. */
export const NO_FINDINGS_RULE = "normalize:failed-without-findings";

/** Content longer than this is parsed up to the limit; the rest is reported as unparsed. */
export const MAX_CONTENT = 64 * 1024 * 1024;

/** Canonical format ids and the names accepted for them in `ToolOutput.format` (case-insensitive). */
export const FORMAT_ALIASES: Record<string, string> = {
  tsc: "tsc",
  typescript: "tsc",
  lsp: "lsp",
  "lsp-diagnostics": "lsp",
  eslint: "eslint",
  "eslint-json": "eslint",
  sarif: "sarif",
  junit: "junit",
  "junit-xml": "junit",
  xunit: "junit",
  surefire: "junit",
  compiler: "compiler",
  gcc: "compiler",
  "g++": "compiler",
  "c++": "compiler",
  clang: "compiler",
  "clang++": "compiler",
  cc: "compiler",
  javac: "compiler",
  "gcc-json": "gcc-json",
  "rustc-text": "rustc-text",
  "cargo-text": "rustc-text",
  "node-stack": "node-stack",
  node: "node-stack",
  "python-traceback": "python-traceback",
  python: "python-traceback",
  tap: "tap",
  "jest-json": "jest-json",
  jest: "jest-json",
  vitest: "jest-json",
  "vitest-json": "jest-json",
  "go-test-json": "go-test-json",
  "go-test": "go-test-json",
  go: "go-test-json",
  "go-vet-json": "go-vet-json",
  pytest: "pytest",
  "cargo-json": "cargo-json",
  cargo: "cargo-json",
  rustc: "cargo-json",
  text: "text",
  checkstyle: "checkstyle",
  "checkstyle-xml": "checkstyle",
  rdjson: "rdjson",
  rdjsonl: "rdjsonl",
  ctrf: "ctrf",
  "github-actions": "text",
  "workflow-commands": "text",
  "pylint-json": "pylint-json",
  "pyright-json": "pyright",
  "stylelint-json": "stylelint-json",
  "markdownlint-json": "markdownlint-json",
  "biome-json": "biome-json",
  "oxlint-json": "oxlint-json",
  "shellcheck-json": "shellcheck-json",
  "mypy-json": "mypy-json",
  "rubocop-json": "rubocop-json",
  "dockerfilelint-json": "dockerfilelint-json",
};

/** Producers whose reports may be JSON or text: JSON content is read by its shape, text as that tool's. */
const JSON_OR_TEXT = new Set([
  "pylint",
  "pyright",
  "stylelint",
  "markdownlint",
  "markdownlint-cli2",
  "biome",
  "oxlint",
  "shellcheck",
  "mypy",
  "rubocop",
  "dockerfilelint",
]);

const LINT_JSON: Record<string, (v: unknown, ctx: ParseContext) => ParseOutcome> = {
  "pylint-json": parsePylintJson,
  pyright: parsePyrightJson,
  "stylelint-json": parseStylelintJson,
  "markdownlint-json": parseMarkdownlintJson,
  "biome-json": parseBiomeJson,
  "oxlint-json": parseOxlintJson,
  "shellcheck-json": parseShellcheckJson,
  "rubocop-json": parseRubocopJson,
  "dockerfilelint-json": parseDockerfilelintJson,
  rdjson: parseRdjson,
  ctrf: parseCtrf,
};

const JSON_FORMATS = new Set(["eslint", "lsp", "sarif", "jest-json", ...Object.keys(LINT_JSON)]);
const LINE_JSON_FORMATS = new Set(["cargo-json", "go-test-json", "go-vet-json", "rdjsonl", "mypy-json"]);

interface Hint {
  format: string;
  /** The producer named by the hint, used for rule prefixes of generic lines (gcc, clang, mypy...). */
  tool: string | null;
  raw: string;
}

function hintOf(format: unknown): Hint | null {
  if (typeof format !== "string") return null;
  const raw = format.trim().toLowerCase();
  if (raw === "") return null;
  const canonical = FORMAT_ALIASES[raw];
  if (canonical === "compiler") return { format: canonical, tool: raw === "compiler" ? "cc" : raw, raw };
  if (canonical !== undefined) return { format: canonical, tool: null, raw };
  if (JSON_OR_TEXT.has(raw))
    return { format: "text", tool: raw === "markdownlint-cli2" ? "markdownlint" : raw, raw };
  // An unknown producer: parse as text, and name its compiler-style lines after it.
  const tool = raw.replace(/[^a-z0-9._+-]+/g, "-").slice(0, 40) || null;
  return { format: "text", tool, raw };
}

function unparsed(message: string, trace: string | null = null): ParsedFinding {
  return finding(UNPARSED_RULE, null, message, "error", trace);
}

/** The first lines of content, as context for an unparsed finding. */
function headOf(text: string): string {
  return text.slice(0, 4000).split("\n").slice(0, 20).join("\n");
}

function looksBinary(text: string): boolean {
  const sample = text.slice(0, 4096);
  if (sample.length < 16) return false;
  let bad = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (
      (c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 27) ||
      c === 0xfffd ||
      (c >= 0xd800 && c <= 0xdfff)
    )
      bad++;
  }
  return bad / sample.length > 0.1;
}

/** Text parsers over lines: the hinted one first, then all the others, then the error-like fallback. */
function parseText(
  lines: string[],
  ctx: ParseContext,
  hint: Hint | null,
  first: string | null,
): ParseOutcome {
  const scan = newScan(lines, ctx, hint?.tool ?? null, first, first !== null && hint?.format === first);
  // FC-STAGE1-MATCHER-2: the caller's own matchers read the lines first.
  if (ctx.problemMatchers !== undefined) applyProblemMatcher(scan, ctx.problemMatchers);
  const made = scan.findings.length;
  scan.matcherMade = made;
  const order = TEXT_PARSERS.filter(([n]) => n === first).concat(TEXT_PARSERS.filter(([n]) => n !== first));
  // A parser whose gate fails would find nothing: its walk over every line is skipped. The parser the hint
  // names (as the format or as the tool) always runs: named, it may read lines its gate does not describe.
  const running = order.filter(
    ([name, , gate]) => name === first || name === scan.tool || gateOpen(scan, gate),
  );
  // The strings they find their candidate lines by: one search of the text finds them all (linesWith).
  scan.needles = running.flatMap(([, , , needles]) => needles);
  for (const [, parse] of running) parse(scan);
  GENERIC_PARSER(scan);
  keepErrorLikeLines(scan);
  countMatcherFindings(scan, made);
  return outcomeOf(scan);
}

function merge(a: ParseOutcome, b: ParseOutcome): ParseOutcome {
  return {
    findings: [...a.findings, ...b.findings],
    summaries: [...a.summaries, ...b.summaries],
    failed: a.failed || b.failed,
    tail: b.tail || a.tail,
    rest: () => [...(a.rest?.() ?? []), ...(b.rest?.() ?? [])],
  };
}

function parseJsonValue(
  content: unknown,
): { ok: true; value: unknown; rest?: string[]; docs?: unknown[] } | { ok: false } {
  if (typeof content !== "string") return { ok: true, value: content };
  const text = content.replace(/^\uFEFF/, "");
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    // Tools sometimes print a banner before the JSON document: try from the first line that opens one.
    const m = /^[[{]/m.exec(text);
    if (m && m.index > 0) {
      try {
        return { ok: true, value: JSON.parse(text.slice(m.index)) };
      } catch {}
    }
    // Several documents one after the other (FC-STAGE1-RAW-18): SARIF runs are merged into one log. One
    // SARIF log with text lines around it (clang's with its stderr, FC-FORMAT-SARIF-9) is read so too; any
    // other single document with text after it is not well-formed.
    const split = m ? jsonDocuments(text) : null;
    const isLog = (d: unknown): boolean => isRecord(d) && Array.isArray(d.runs);
    if (split !== null && (split.docs.length > 1 || isLog(split.docs[0]))) {
      const { docs, rest } = split;
      if (docs.every(isLog))
        return {
          ok: true,
          value: { version: "2.1.0", runs: docs.flatMap((d) => (d as { runs: unknown[] }).runs) },
          rest,
        };
      // Arrays one after the other (ESLint's JSON of each workspace) are one array of all their elements;
      // other documents (oxlint's or Jest's report of each workspace) are read one by one (`docs`).
      if (docs.every(Array.isArray)) return { ok: true, value: docs.flat(), rest };
      return { ok: true, value: docs, rest, docs };
    }
    // A banner line that opens with a bracket but not as a document does (`[WARN] deprecated config`) before one
    // document: try from the first line that opens as a document does (FC-STAGE1-RAW-26).
    const at = m ? firstDocumentLine(text) : -1;
    if (at > 0 && at !== m?.index) {
      try {
        return { ok: true, value: JSON.parse(text.slice(at)) };
      } catch {}
    }
    return { ok: false };
  }
}

/**
 * Lines between concatenated documents (clang's count lines, a build's other lines) go to the text parsers;
 * the documents' results are the diagnostics, so those lines' counts are not set against them.
 */
function withRest(
  o: ParseOutcome,
  rest: string[] | undefined,
  ctx: ParseContext,
  hint: Hint | null,
): ParseOutcome {
  return rest !== undefined && rest.length > 0
    ? merge(o, { ...parseText(rest.map(cleanText), ctx, hint, null), summaries: [] })
    : o;
}

function dispatch(format: string, content: unknown, ctx: ParseContext, hint: Hint | null): ParseOutcome {
  if (JSON_FORMATS.has(format) && typeof content === "string" && !someLineOpensJson(content)) {
    // A JSON format's name over output with no JSON in it (ESLint's stylish text under `eslint`): the
    // producer's text, its lines named after it (FC-STAGE1-RAW-24).
    const tool = format.replace(/-json$/, "");
    return dispatch("text", content, ctx, { format: "text", tool, raw: tool });
  }
  if (JSON_FORMATS.has(format)) {
    const parsed = parseJsonValue(content);
    if (!parsed.ok) {
      const text = typeof content === "string" ? content : "";
      const o = emptyOutcome();
      o.findings.push(
        unparsed(`${format} output is not well-formed JSON; it may be truncated`, headOf(cleanText(text))),
      );
      // A SARIF log found among text lines (FC-FORMAT-SARIF-9) but cut short: the text lines are still
      // read, so a diagnostic printed beside the log is not lost with it. A build tool's `[1/3] Building …`
      // opening the output is such a line, not the log's start (FC-STAGE1-RAW-26).
      if (
        format === "sarif" &&
        typeof content === "string" &&
        !opensWithDocument(cleanText(text.slice(0, 4096)))
      )
        return merge(o, parseText(splitLines(cleanText(text)), ctx, hint, null));
      return o;
    }
    const between = (o: ParseOutcome): ParseOutcome => withRest(o, parsed.rest, ctx, hint);
    // Several documents (FC-STAGE1-RAW-18) are read as their sequence: each by the format's reader.
    const each = (read: (v: unknown) => ParseOutcome): ParseOutcome =>
      parsed.docs === undefined ? read(parsed.value) : parsed.docs.map(read).reduce(merge);
    const lint = LINT_JSON[format];
    if (lint !== undefined) return between(each((v) => lint(v, ctx)));
    if (format === "eslint") return between(each((v) => parseEslint(v, ctx)));
    if (format === "lsp") return between(each((v) => parseLsp(v, ctx)));
    if (format === "sarif") return between(each((v) => parseSarif(v, ctx)));
    const runner = hint?.raw.startsWith("vitest") ? "vitest" : hint?.raw === "jest" ? "jest" : null;
    return each((v) => parseJestJson(v, ctx, runner));
  }
  // A long text read only as lines is cleaned line by line (cleanLines: no cleaned copy of the whole); the
  // formats that read the text whole (XML, TAP, gcc's JSON under `compiler`) get it whole.
  let byLine = typeof content === "string" && !WHOLE_TEXT_FORMATS.has(format) ? cleanLines(content) : null;
  // gcc's JSON under `compiler` (looksLikeGccJson) is read whole; compiler text opens otherwise.
  if (byLine !== null && format === "compiler" && linesOpenWith(byLine, "[")) byLine = null;
  const text =
    byLine !== null
      ? ""
      : typeof content === "string"
        ? cleanText(content)
        : LINE_JSON_FORMATS.has(format) && (Array.isArray(content) || isRecord(content))
          ? (Array.isArray(content) ? content : [content]).map((e) => JSON.stringify(e) ?? "").join("\n")
          : cleanText(jsonAsLines(content));
  if (format === "text" && (byLine !== null ? linesOpenWith(byLine, "{[") : looksLikeJson(content, text))) {
    // JSON under a text or tool name: read by its shape, else by its field names (FC-STAGE1-RAW-16).
    const parsed = parseJsonValue(content);
    if (parsed.ok) {
      const kind = sniffFormat(parsed.value);
      // The lines between documents (a SARIF log's, FC-STAGE1-RAW-18) go to the text parsers here too.
      if (kind !== null) return withRest(dispatch(kind, parsed.value, ctx, hint), parsed.rest, ctx, hint);
      const found = genericJsonFindings(parsed.value, hint?.tool ?? "json", ctx);
      if (found.length > 0) return { ...emptyOutcome(), findings: found, failed: true };
    }
  }
  if (format === "checkstyle" || format === "junit") {
    // Text after the report's root element (biome's closing remarks) goes to the text parsers.
    const { xml, rest } = xmlAndRest(text, format === "junit" ? ["testsuites", "testsuite"] : ["checkstyle"]);
    if (rest.length > 0) {
      const own = dispatch(format, xml, ctx, hint);
      return merge(own, { ...parseText(rest, ctx, hint, null), summaries: [] });
    }
  }
  if (format === "checkstyle") {
    const r = parseCheckstyle(text, ctx, hint?.tool ?? null);
    if (r !== null) return r;
    const o = emptyOutcome();
    o.findings.push(unparsed("checkstyle XML is not well-formed; it may be truncated", headOf(text)));
    o.failed = true;
    return o;
  }
  if (format === "junit") {
    const r = parseJunit(text, ctx);
    if (!r.malformed) return r.outcome;
    const o = emptyOutcome();
    o.findings.push(unparsed("JUnit XML is not well-formed; it may be truncated", headOf(text)));
    o.failed = true;
    return o;
  }
  if (format === "gcc-json" || (format === "compiler" && looksLikeGccJson(content, text))) {
    const tool = hint?.tool === "cc" || hint?.tool === "compiler" ? null : (hint?.tool ?? null);
    const whole = typeof content === "string" ? tryJson(text) : content;
    const r = isGccJson(whole)
      ? parseGccJson(whole as unknown[], ctx, tool, true)
      : parseGccJson(splitLines(text), ctx, tool, false);
    return merge(
      r.outcome,
      parseText(r.rest, ctx, { format: "compiler", tool: tool ?? "gcc", raw: "gcc" }, "compiler"),
    );
  }
  const lines = byLine ?? splitLines(text);
  if (format === "rdjsonl" || format === "mypy-json") {
    const o = emptyOutcome();
    const rest: string[] = [];
    const records: Record<string, unknown>[] = [];
    for (const l of lines) {
      const v = l.trimStart().startsWith("{") ? tryJson(l) : undefined;
      if (isRecord(v)) records.push(v);
      else rest.push(l);
    }
    const own =
      format === "mypy-json"
        ? parseMypyJson(records, ctx)
        : { ...o, findings: records.map((r) => rdDiagnostic(r, null, ctx)) };
    own.failed = own.findings.some((f) => f.severity === "error");
    return merge(own, parseText(rest, ctx, hint, null));
  }
  if (format === "cargo-json" || format === "go-test-json" || format === "go-vet-json") {
    let r =
      format === "cargo-json"
        ? parseCargoJson(lines, ctx)
        : format === "go-test-json"
          ? parseGoTestJson(lines, ctx)
          : { outcome: emptyOutcome(), rest: lines };
    // go vet's JSON trees (FC-FORMAT-GOVET-1), named as such or under `go`; the go command's other lines
    // go on to the go test reader and the text parsers.
    if (
      format === "go-vet-json" ||
      (format === "go-test-json" && (holdsGoVetTree(r.rest) || isGoVetTree(content)))
    ) {
      const v = parseGoVetJson(r.rest, ctx);
      r = { outcome: merge(r.outcome, v.outcome), rest: v.rest };
    }
    const go = format !== "cargo-json";
    const tool: Hint | null = go ? { format, tool: "go", raw: "go" } : hint;
    const merged = merge(r.outcome, parseText(r.rest, ctx, tool, go ? "compiler" : null));
    return format === "cargo-json" ? oneRustcCount(merged) : merged;
  }
  if (format === "tap") {
    const r = parseTap(text, ctx, hint?.tool ?? null);
    const own: ParseOutcome = { findings: r.findings, summaries: r.summaries, failed: r.failed, tail: "" };
    return merge(own, parseText(r.extra, ctx, hint, null));
  }
  return parseText(lines, ctx, hint, format === "go-test-json" ? "go-test" : format);
}

/**
 * An XML report and the lines after its root element closes: the root is the first of `roots` the text
 * opens with, and it ends at the last `</root>`. Without text after it, `rest` is empty.
 */
function xmlAndRest(text: string, roots: string[]): { xml: string; rest: string[] } {
  for (const root of roots) {
    const close = `</${root}>`;
    const at = text.lastIndexOf(close);
    if (at === -1) continue;
    const end = at + close.length;
    const tail = text.slice(end);
    if (tail.trim() === "") return { xml: text, rest: [] };
    return { xml: text.slice(0, end), rest: splitLines(tail) };
  }
  return { xml: text, rest: [] };
}

/** Formats whose reader takes the cleaned text whole, never cleaned line by line. */
const WHOLE_TEXT_FORMATS = new Set(["checkstyle", "junit", "gcc-json", "tap"]);

/** Whether the first character of cleanLines' lines that is not white space is one of `chars`. */
function linesOpenWith(lines: readonly string[], chars: string): boolean {
  for (const line of lines) {
    const t = line.trimStart();
    if (t !== "") return chars.includes(t[0]!);
  }
  return false;
}

/** Whether content is a JSON value, or text that opens like one. */
function looksLikeJson(content: unknown, text: string): boolean {
  if (typeof content !== "string") return content !== null && typeof content === "object";
  const t = text.trimStart();
  return t.startsWith("{") || t.startsWith("[");
}

/** Whether compiler content is gcc's JSON diagnostics (a parsed array, or text opening with one). */
function looksLikeGccJson(content: unknown, text: string): boolean {
  if (typeof content !== "string") return isGccJson(content);
  const t = text.trimStart();
  if (!t.startsWith("[")) return false;
  return opensWithGccJson(t) || isGccJson(tryJson(t));
}

/**
 * cargo's JSON lines and its plain stderr may both state rustc's count (`aborting due to 2 previous errors`
 * in a message, `could not compile … due to 2 previous errors` in the text): one count, set against every
 * rustc finding of both. Under cargo 1.95 (recorded) rustc's JSON holds no `aborting` message: the count
 * cargo's stderr states alone is set against the JSON's findings too.
 */
function oneRustcCount(o: ParseOutcome): ParseOutcome {
  const rustc = o.summaries.filter((s) => s.tool === "rustc");
  if (rustc.length === 0) return o;
  const summaries = o.summaries.filter((s) => s.tool !== "rustc");
  for (const what of new Set(rustc.map((s) => s.what))) {
    const same = rustc.filter((s) => s.what === what);
    const severity = what === "errors" ? "error" : "warning";
    summaries.push({
      tool: "rustc",
      what,
      count: Math.max(...same.map((s) => s.count)),
      parsed: o.findings.filter(
        (f) => f.severity === severity && (f.rule.startsWith("rustc:") || f.rule.startsWith("clippy:")),
      ).length,
    });
  }
  return { ...o, summaries };
}

/** FC-STAGE1-RAW-7: summary counts the parse fell short of, and failed runs without an error finding. */
function reconcile(outcome: ParseOutcome, exitCode: number | null): ParsedFinding[] {
  // The outcome is this parse's own: its array of findings is extended, not copied.
  const out = outcome.findings;
  for (const s of outcome.summaries) {
    if (s.count > s.parsed)
      out.push(unparsed(`${s.tool} reported ${s.count} ${s.what} but ${s.parsed} were parsed`, null));
  }
  const failed = outcome.failed || (exitCode !== null && exitCode !== 0);
  // FC-STAGE1-RAW-21: a failed run (or one whose count exceeds what was parsed) in which nothing located
  // was found keeps every line no parser claimed, chatter aside, as a finding of its own.
  const short = outcome.summaries.some((s) => s.count > s.parsed);
  const kept =
    (failed || short) && !out.some((f) => f.location !== null)
      ? (outcome.rest?.() ?? []).map((r) => finding(UNPARSED_RULE, null, r.line, "error", r.trace))
      : [];
  if (failed && !out.some((f) => f.severity === "error")) {
    const why =
      exitCode !== null && exitCode !== 0
        ? `the tool exited with status ${exitCode}`
        : "the tool reported a failed run";
    // The output's tail is its trace, unless its lines are kept as findings of their own.
    out.push(
      finding(
        NO_FINDINGS_RULE,
        null,
        `${why} but no error was recognised in its output`,
        "error",
        kept.length > 0 ? null : outcome.tail || null,
      ),
    );
  }
  for (const k of kept) out.push(k);
  return out;
}

/**
 * Turns one raw tool output into findings. Pure and deterministic; never throws: an internal failure
 * becomes a `normalize:unparsed` finding. Strings come out sanitized (FC-STAGE1-3) but not redacted.
 */
/**
 * Unrecognised JSON as text (FC-STAGE1-RAW-10): one line per primitive value, `key: value` for object
 * members, walked with an explicit stack so that nesting depth costs neither stack nor indentation.
 */
function jsonAsLines(content: unknown): string {
  const out: string[] = [];
  const stack: [string | null, unknown][] = [[null, content]];
  while (stack.length > 0) {
    const [key, v] = stack.pop()!;
    if (v !== null && typeof v === "object") {
      const entries: [string | null, unknown][] = Array.isArray(v)
        ? v.map((x) => [null, x])
        : Object.entries(v as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) stack.push(entries[i]!);
    } else {
      out.push(key === null ? String(v) : `${key}: ${String(v)}`);
    }
  }
  return out.join("\n");
}

/**
 * FC-STAGE1-RAW-19: stack frames of dependencies, the runtime and the test runner's own machinery
 * (`node:internal`, `node_modules`, `site-packages`, `/usr/lib/…` toolchains) are dropped from a trace;
 * the source line Python prints under such a frame and the function line Go prints above it go with it.
 * One closing line says how many were dropped. The project's own frames and every other line stay.
 */
export function quietTrace(trace: string): string {
  // A trace holding none of the strings isForeignPath looks for has no frame to drop: no walk.
  if (!FOREIGN_PATH_NEEDLES.some((n) => trace.includes(n))) return trace;
  const lines = trace.split("\n");
  const out: string[] = [];
  let dropped = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const f = parseFrame(line);
    const path = f === null ? "" : f.path.replace(/^file:\/\//, "");
    // A frame that opens the error's property block (Node's `at fn (node:…) {`) stays: the block needs its `{`.
    if (f === null || !isForeignPath(path) || line.endsWith(" {")) {
      out.push(line);
      continue;
    }
    dropped++;
    const indent = line.length - line.trimStart().length;
    const next = lines[i + 1];
    // Python: the source line under `File "…", line N` is indented deeper and is no frame.
    if (
      /^\s*File "/.test(line) &&
      next !== undefined &&
      next.length - next.trimStart().length > indent &&
      parseFrame(next) === null
    )
      i++;
    // Go: `pkg.Func(args)` sits above its `\tpath.go:N +0x…` line.
    const prev = out[out.length - 1];
    if (line.startsWith("\t") && line.includes(".go:") && prev !== undefined && /^\S.*\)$/.test(prev))
      out.pop();
  }
  if (dropped === 0) return trace;
  out.push(`(${dropped} frame${dropped === 1 ? "" : "s"} of dependencies and the runtime left out)`);
  return out.join("\n");
}

export function parseToolOutput(raw: ToolOutput, ctx: ParseContext): ParsedFinding[] {
  try {
    const found = parseAll(raw, ctx);
    if (ctx.keepAllFrames === true) return found;
    for (const f of found) if (f.trace !== null) f.trace = quietTrace(f.trace);
    return found;
  } finally {
    forgetParseState(ctx);
  }
}

function parseAll(raw: ToolOutput, base: ParseContext): ParsedFinding[] {
  let format = "text";
  try {
    const record = isRecord(raw) ? (raw as unknown as Record<string, unknown>) : {};
    let ctx = base;
    const notices: ParsedFinding[] = [];
    if (record.problemMatcher !== undefined) {
      // FC-STAGE1-MATCHER-1: a matcher that cannot be applied is reported, and the output read without it.
      const why = problemMatcherError(record.problemMatcher);
      if (why === null) {
        const pm = record.problemMatcher as ProblemMatcher | ProblemMatcher[];
        ctx = { ...base, problemMatchers: Array.isArray(pm) ? pm : [pm] };
      } else notices.push(unparsed(`the problem matcher was not applied: problemMatcher${why}`));
    }
    const exit = record.exitCode;
    const exitCode = typeof exit === "number" && Number.isInteger(exit) ? exit : null;
    const hint = hintOf(record.format);
    let content = record.content;
    const extra: ParsedFinding[] = [];
    if (typeof content === "string") {
      if (content.length > MAX_CONTENT) {
        extra.push(unparsed(`output longer than ${MAX_CONTENT} characters; the rest was not parsed`));
        content = content.slice(0, MAX_CONTENT);
      }
      if (looksBinary(content as string))
        return [...notices, unparsed("output looks like binary data, not tool output; it was not parsed")];
    }
    if (content === undefined || content === null || content === "") {
      return [...notices, ...reconcile({ ...emptyOutcome(), failed: false }, exitCode)];
    }
    format = hint?.format ?? sniffFormat(content) ?? "text";
    // A producer's name over a report format it writes (stylelint's TAP, oxlint's JUnit, biome's
    // checkstyle): the report is read as that format, its rules named after the producer. go vet's JSON
    // under a name of its own (`go-vet`, `vet`) is read as such (FC-FORMAT-GOVET-1), and a SARIF log after
    // text lines under its producer's name (`clang-19`, `make`) or `text` as SARIF, the lines around it
    // read by the text parsers all the same (FC-FORMAT-SARIF-9, FC-FORMAT-SARIF-10; content that opens
    // with the log is JSON under a tool name, read by its shape already: FC-STAGE1-RAW-16).
    if (hint !== null && hint.format === "text" && typeof content === "string") {
      const kind = sniffFormat(content);
      if (
        (hint.raw !== "text" &&
          (kind === "tap" || kind === "junit" || kind === "checkstyle" || kind === "go-vet-json")) ||
        (kind === "sarif" && !content.trimStart().startsWith("{"))
      )
        format = kind;
    }
    // A SARIF log under its producer's name: clang's or gcc's (`clang`, `gcc`), the compiler's text lines around
    // it read by the text parsers (FC-FORMAT-SARIF-9, FC-FORMAT-SARIF-10), or, when the content opens with the log,
    // any other tool's whose own parser reads another shape (ESLint's SARIF formatter under `eslint`): read as
    // SARIF (FC-FORMAT-SARIF-11).
    if (
      format !== "sarif" &&
      typeof content === "string" &&
      (format === "compiler" || content.trimStart().startsWith("{")) &&
      content.includes('"runs"') &&
      sniffFormat(content) === "sarif"
    )
      format = "sarif";
    const found = reconcile(dispatch(format, content, ctx, hint), exitCode);
    // A large log's findings are not copied again when there is nothing to put before or after them.
    return notices.length === 0 && extra.length === 0 ? found : [...notices, ...found, ...extra];
  } catch {
    return [unparsed(`the ${format} parser failed on this output; it was not parsed`)];
  }
}
