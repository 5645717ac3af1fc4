// FC-STAGE1-RAW-2: format sniffing when a ToolOutput carries no `format`; deterministic, bounded, never throws.
import { cleanText, isRecord, lineEnd, tryJson } from "./common.ts";
import { isCargoMessageLine } from "./formats/cargo-json.ts";
import { isCtrf } from "./formats/ctrf.ts";
import { opensWithGccJson } from "./formats/gcc-json.ts";
import { isGoTestEventLine } from "./formats/go-test-json.ts";
import { isGoVetTree, opensGoVetTree } from "./formats/go-vet-json.ts";
import { GRADLE_EVIDENCE } from "./formats/gradle.ts";
import { MAVEN_EVIDENCE } from "./formats/maven.ts";
import { lintJsonKind } from "./formats/lint-json.ts";
import { isRdjson } from "./formats/rdjson.ts";
import { opensSarifLog } from "./formats/sarif.ts";

const SAMPLE = 256 * 1024;
// `> web@1.0.0 test` (pnpm adds the directory) and `> jest --json`, then blank lines.
const NPM_BANNER =
  /^> (?:@[^\s/]{1,214}\/)?[^\s@]{1,214}@\S{0,256} \S[^\n]{0,4096}\n(?:(?:> [^\n]{0,4096})?[ \t]*\n){0,20}/;

function sniffJson(v: unknown): string | null {
  const lint = lintJsonKind(v);
  if (lint !== null) return lint === "pyright" ? "pyright" : lint;
  if (isRdjson(v)) return "rdjson";
  if (isGoVetTree(v)) return "go-vet-json";
  // One reviewdog Diagnostic, or one mypy -O json record: the one-line forms of rdjsonl and mypy-json.
  // (staticcheck's `-f json` lines name `location.file`, not rdjson's `location.path`: read by field names.)
  if (
    isRecord(v) &&
    isRecord(v.location) &&
    "message" in v &&
    !("diagnostics" in v) &&
    !("file" in v.location)
  )
    return "rdjsonl";
  if (isRecord(v) && "file" in v && "line" in v && "severity" in v && "hint" in v) return "mypy-json";
  if (isCtrf(v)) return "ctrf";
  if (Array.isArray(v)) {
    const first = v.find(isRecord);
    if (first === undefined) return null;
    if ("filePath" in first && "messages" in first) return "eslint";
    if ("diagnostics" in first && ("uri" in first || "version" in first)) return "lsp";
    if ("range" in first && "message" in first) return "lsp";
    if ("reason" in first && ("message" in first || "package_id" in first || "success" in first))
      return "cargo-json";
    if ("Action" in first && ("Package" in first || "Time" in first)) return "go-test-json";
    if (typeof first.kind === "string" && "locations" in first && "message" in first) return "gcc-json";
    return null;
  }
  if (!isRecord(v)) return null;
  if (Array.isArray(v.runs) && (v.version === "2.1.0" || String(v.$schema ?? "").includes("sarif")))
    return "sarif";
  if (Array.isArray(v.testResults)) return "jest-json";
  if (Array.isArray(v.diagnostics) || (isRecord(v.params) && Array.isArray(v.params.diagnostics)))
    return "lsp";
  if (typeof v.reason === "string") return "cargo-json";
  if (typeof v.Action === "string") return "go-test-json";
  if ("$message_type" in v || ("spans" in v && "level" in v)) return "cargo-json";
  return null;
}

const GO_TEST = 1;
const GO_VET = 2;
const CARGO = 4;
const SARIF = 8;

/** Whether `text[i]` is a space or a tab. */
const blank = (text: string, i: number): boolean => {
  const c = text.charCodeAt(i);
  return c === 32 || c === 9;
};

/**
 * Which of the JSON-line signatures `text` holds (a bit each): a `go test -json` event, a `go vet -json`
 * tree, a cargo message, a SARIF log. Each opens a line with `{`, so the lines are found by searching for
 * `\n{` rather than by splitting the whole text: however many short lines come first (`go: downloading …`,
 * cargo's `Downloaded …`, a build's progress), none is missed and the search costs little more than a read
 * of the text. A line is handed to a signature's own test only when the text there opens as that signature
 * does (`{"Time":"`, `{"reason":"`, `{"$schema"`, `{"version"`, or `{` with an indented line below it), so a
 * log of other JSON lines costs a few comparisons per line, no copy.
 */
function jsonLineSigns(text: string): number {
  let found = 0;
  for (let at = text.charCodeAt(0) === 123 ? 0 : text.indexOf("\n{"); at !== -1; ) {
    const i = text.charCodeAt(at) === 10 ? at + 1 : at;
    const end = lineEnd(text, i);
    const c = text.charCodeAt(i + 1);
    if (c === 34) {
      if (text.startsWith('{"Time":"', i)) {
        if (isGoTestEventLine(text.slice(i, end))) return found | GO_TEST;
      } else if (text.startsWith('{"reason":"', i)) {
        if (isCargoMessageLine(text.slice(i, end))) found |= CARGO;
      } else if (text.startsWith('{"$schema"', i) || text.startsWith('{"version"', i)) {
        if (opensSarifLog([text.slice(i, end)], 0)) found |= SARIF;
      }
    } else if (i + 1 === end || blank(text, i + 1)) {
      // `{` alone (go vet's tree, a SARIF log printed with indentation: the members are on the lines
      // below it, indented), or `{ "$schema": …` on one line.
      if (end < text.length && blank(text, end + 1)) {
        const end1 = lineEnd(text, end + 1);
        const group = [text.slice(i, end), text.slice(end + 1, end1)];
        if (end1 < text.length) group.push(text.slice(end1 + 1, lineEnd(text, end1 + 1)));
        if (opensGoVetTree(group, 0)) found |= GO_VET;
        if (opensSarifLog(group, 0)) found |= SARIF;
      } else if (i + 1 < end && opensSarifLog([text.slice(i, end)], 0)) found |= SARIF;
    }
    at = end < text.length ? text.indexOf("\n{", end) : -1;
  }
  return found;
}

const SIGNS: [string, RegExp][] = [
  [
    "pytest",
    /^=+ (?:test session starts|short test summary info|FAILURES|ERRORS) =+$|^(?:FAILED|ERROR) \S[^:]{0,1000}\.py::/,
  ],
  [
    "tsc",
    /^\S.*\(\d+,\d+\): (?:error|warning) TS\d+: |^\S.*:\d+:\d+ - (?:error|warning) TS\d+: |^error TS\d+: /,
  ],
  [
    "python-traceback",
    /^\s*Traceback \(most recent call last\):$|^\s{0,8}File "[^"]{1,1024}", line \d{1,9}$/,
  ],
  ["node-stack", /^\s+at (?:.+ \()?(?:file:\/\/|node:|\/|[A-Za-z]:\\).*:\d+:\d+\)?$/],
  // rustc's arrow line, or its short form (`src/main.rs:3:9: error[E0308]: …`), which ties with the compiler's.
  [
    "rustc-text",
    /^\s{0,40}--> \S.{0,1023}?:\d{1,9}:\d{1,9}$|^\S.{0,1023}?\.rs:\d{1,9}:\d{1,9}: (?:error|warning)(?:\[[\w:-]{1,80}\])?: /,
  ],
  ["compiler", /^(?:vet: )?(?:[A-Za-z]:[\\/])?[^:\s][^:]*:\d+:(?:\d+:)? (?:fatal error|error|warning|note):/],
  // Lines only Maven prints (FC-FORMAT-MAVEN-1): its banner, its verdict, a goal that failed.
  ["maven", MAVEN_EVIDENCE],
  // Lines only Gradle prints (FC-FORMAT-GRADLE-1): its task headings, its verdict.
  ["gradle", GRADLE_EVIDENCE],
];

/**
 * Names the producer of raw tool output, or null when nothing is recognised (the generic text parser then
 * runs). JSON is recognised by shape, XML by its root, TAP by its header or first test line, and text by
 * counting lines that match each format's signature (ties go to the earlier entry of SIGNS).
 */
export function sniffFormat(content: unknown): string | null {
  try {
    if (typeof content !== "string") return sniffJson(content);
    let start = cleanText(content.slice(0, SAMPLE))
      .replace(/^\uFEFF/, "")
      .trimStart();
    // npm's or pnpm's script banner (`npm test -- --json`) before a JSON document is skipped too.
    const banner = start.startsWith("> ") ? NPM_BANNER.exec(start) : null;
    if (banner !== null && /^[[{]/.test(start.slice(banner[0].length))) start = start.slice(banner[0].length);
    if (start.startsWith("{") || start.startsWith("[")) {
      const doc = banner === null ? 0 : (/^[[{]/m.exec(content)?.index ?? 0);
      const whole = content.length <= 64 * 1024 * 1024 ? tryJson(content.slice(doc)) : undefined;
      if (whole !== undefined) return sniffJson(whole);
      const firstLine = start.split("\n", 1)[0]!;
      const one = tryJson(firstLine);
      if (one !== undefined) {
        const f = sniffJson(one);
        if (f === "cargo-json" || f === "go-test-json" || f === "gcc-json") return f;
        // gcc prints `[]` for a translation unit without diagnostics: a later line may be the first array.
        if (firstLine.trim() === "[]" && opensWithGccJson(start)) return "gcc-json";
        // One reviewdog Diagnostic, or one mypy -O json record, per line.
        if (isRecord(one) && isRecord(one.location) && "message" in one && !("file" in one.location))
          return "rdjsonl";
        if (isRecord(one) && "file" in one && "line" in one && "severity" in one && "hint" in one)
          return "mypy-json";
      }
      const obj = /"runs"\s*:|"testResults"\s*:|"filePath"\s*:|"diagnostics"\s*:/.exec(start);
      if (obj)
        return (
          { '"runs"': "sarif", '"testResults"': "jest-json", '"filePath"': "eslint" }[
            obj[0].split(/\s*:/)[0]!
          ] ?? "lsp"
        );
    }
    if (/^<\?xml[^>]{0,200}>\s*(?:<!--[\s\S]{0,2000}?-->\s*)?<testsuites?\b|^<testsuites?\b/.test(start))
      return "junit";
    if (/^(?:<\?xml[^>]{0,200}>\s*)?<checkstyle\b/.test(start)) return "checkstyle";
    if (/^TAP version 1[34]\s*$/m.test(start.slice(0, 200))) return "tap";
    const lines = start.split("\n", 4000);
    const firstReal = lines.find((l) => l.trim() !== "") ?? "";
    if (/^(?:not ok|ok) \d+\b|^1\.\.\d+\s*$/.test(firstReal.trim())) return "tap";
    const tailText = content.length > SAMPLE ? cleanText(content.slice(-64 * 1024)) : "";
    const tail = tailText === "" ? [] : tailText.split("\n");
    // The JSON-line formats are looked for in both windows whole, not only in the lines counted below.
    const signs = jsonLineSigns(start) | jsonLineSigns(tailText);
    if (signs & GO_TEST) return "go-test-json";
    if (signs & GO_VET) return "go-vet-json";
    if (signs & CARGO) return "cargo-json";
    // A SARIF log among text lines (clang's driver warning and count lines around its logs, a build's
    // other lines, gcc's text diagnostics of another target): the logs are read, and the lines around them
    // go to every text parser all the same (FC-FORMAT-SARIF-9, FC-FORMAT-SARIF-10).
    if (signs & SARIF) return "sarif";
    let best: string | null = null;
    let bestScore = 0;
    for (const [name, re] of SIGNS) {
      let score = 0;
      for (const l of lines) if (l.length < 4096 && re.test(l)) score++;
      for (const l of tail) if (l.length < 4096 && re.test(l)) score++;
      if (score > bestScore) {
        best = name;
        bestScore = score;
      }
    }
    return best;
  } catch {
    return null;
  }
}
