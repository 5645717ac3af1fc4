// FC-FORMAT-JUNIT-1..5: JUnit XML from pytest, jest-junit, vitest, node:test, go-junit-report and Surefire.
// The XML is read by saxes, a conformant non-validating streaming parser, in one linear pass that also checks
// well-formedness: it decodes the predefined and numeric character references and CDATA sections, skips
// comments, processing instructions and the DOCTYPE, and never expands an entity declared in a DTD.
import { SaxesParser } from "saxes";
import { cap, finding, int, isBlank, loc, repoPath } from "../common.ts";
import { frameLocation } from "../stack.ts";
import { emptyOutcome, type ParseContext, type ParseOutcome } from "../types.ts";
import { goPackageDir } from "./go-test-json.ts";

/** One of the elements read here, with its attributes (references decoded) and the children it keeps. */
interface Element {
  name: string;
  attr: Record<string, string | undefined>;
  /** The element's own character data and CDATA, kept for `failure` and `error` bodies only. */
  text: string;
  kids: Element[];
}

/** The children kept under each element read ("" is the document); any other element is skipped whole. */
const KEEP: Record<string, readonly string[]> = {
  "": ["testsuites", "testsuite"],
  testsuites: ["testsuite", "testcase"],
  testsuite: ["testsuite", "testcase"],
  testcase: ["failure", "error", "skipped"],
  failure: [],
  error: [],
  skipped: [],
};

const kids = (el: Element, name: string): Element[] => el.kids.filter((k) => k.name === name);

/**
 * Reference errors that do not make a report unreadable: the reference is kept as written. An undeclared
 * entity (`&nbsp;`, or one declared in a DTD) stays `&nbsp;`; a numeric reference to a character XML 1.0
 * forbids (`&#27;`, `&#0;`) is then decoded by decodeRefs.
 */
const TOLERATED = ["undefined entity.", "malformed character entity."];

/**
 * Numeric character references left in the text: the forbidden ones above, and those escaped once more
 * (Surefire writes a control character in an attribute as `&amp;#27;`, SUREFIRE-456).
 */
const decodeRefs = (s: string): string =>
  s.indexOf("&#") === -1
    ? s
    : s.replace(
        /&#(?:x([0-9a-fA-F]{1,6})|(\d{1,7}));/g,
        (m, hex: string | undefined, dec: string | undefined) => {
          const cp = hex !== undefined ? Number.parseInt(hex, 16) : Number(dec);
          return cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
        },
      );

/**
 * The tree of the elements in KEEP, or null when the XML is not well-formed (truncated, mismatched or
 * unclosed tags, broken syntax).
 */
function readTree(xml: string): Element | null {
  const doc: Element = { name: "", attr: {}, text: "", kids: [] };
  const open: (Element | null)[] = [doc]; // null: inside a skipped element
  const parser = new SaxesParser({ xmlns: false, position: false } as const);
  parser.on("error", (err) => {
    if (!TOLERATED.some((t) => err.message.endsWith(t))) throw err;
  });
  parser.on("opentag", (tag) => {
    const parent = open[open.length - 1];
    if (!parent || !KEEP[parent.name]!.includes(tag.name)) {
      open.push(null);
      return;
    }
    const el: Element = { name: tag.name, attr: tag.attributes, text: "", kids: [] };
    parent.kids.push(el);
    open.push(el);
  });
  parser.on("closetag", () => {
    const el = open.pop();
    // A testcase with neither failure nor error is never read: drop it (most of a large report passes).
    if (el?.name === "testcase" && el.kids.length === 0) open[open.length - 1]!.kids.pop();
  });
  const onText = (t: string): void => {
    const el = open[open.length - 1];
    if (el && (el.name === "failure" || el.name === "error")) el.text += t;
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  // saxes builds an Error for every tolerated reference too, and a report may hold millions: skip the stacks.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    parser.write(xml).close();
  } catch {
    return null;
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  return doc;
}

// Leading white space that stops at a line end: a `^\s*` under the `m` flag tries `\s*` from every line start
// over all the blank lines after it, quadratic on a body of many (64 Ki lines of " ": 27 s). Every match it
// made has one starting at the last of those line starts, so what the patterns find is the same.
const PY_FRAMES = /^[^\S\n\r\u2028\u2029]*File "|^[^\s:]+\.py:\d+: /m;
const JAVA_FRAME =
  /^[^\S\n\r\u2028\u2029]*at (?:[\w.-]+\/)?((?:[\w$]+\.)+)[\w$<>]+\(([\w$]+\.(?:java|kt|scala|groovy)):(\d{1,9})\)/gm;
const JAVA_RUNTIME =
  /^(?:java|javax|jdk|sun|kotlin|scala|org\.junit|org\.opentest4j|org\.testng|org\.apache\.maven)\./;
const GENERIC = /^(?:failed|failure|error|test failed)$/i;

/** The first Java-like frame of the test's own package, else the first frame outside the JVM and test libraries. */
export function javaLocation(body: string, classname: string) {
  const pkg = classname.includes(".") ? classname.slice(0, classname.lastIndexOf(".") + 1) : "";
  let fallback: { path: string; line: number } | null = null;
  for (const m of body.matchAll(JAVA_FRAME)) {
    const cls = m[1]!;
    const path = `${cls.slice(0, -1).split(".").slice(0, -1).join("/")}/${m[2]}`.replace(/^\//, "");
    if (pkg !== "" && cls.startsWith(pkg)) return loc(path, Number(m[3]));
    if (fallback === null && !JAVA_RUNTIME.test(cls)) fallback = { path, line: Number(m[3]) };
  }
  return fallback ? loc(fallback.path, fallback.line) : null;
}
const SOURCE_FILE =
  /\.(?:[cm]?[jt]sx?|py|css|scss|less|sass|vue|svelte|md|markdown|ya?ml|json|sh|bash|rb|go|rs|c|cc|cpp|h|hpp|cs|php|lua|html?)$/;
const BODY_LINE = /^\s*line (\d{1,9})(?:, col(?:umn)? \d{1,9})?,/i;
const GO_IMPORT = /^[\w.-]+\.[a-z]{2,}(?:\/[\w.-]+)+$|^[\w-]+(?:\/[\w.-]+)*$/;

export interface JunitResult {
  outcome: ParseOutcome;
  /** The XML was not well-formed: a truncated or broken report. */
  malformed: boolean;
}

export function parseJunit(xml: string, ctx: ParseContext): JunitResult {
  const out = emptyOutcome();
  const doc = readTree(xml);
  if (doc === null) return { outcome: out, malformed: true };
  const roots = kids(doc, "testsuites");
  // Failures of skipped and todo tests: counted by the report's totals, but not findings (FC-FORMAT-JUNIT-5).
  const excused = { n: 0 };
  let announced = 0;
  let counted = false;
  const suites: Element[] = [];
  for (const r of roots) {
    const f = int(r.attr.failures);
    const e = int(r.attr.errors);
    if (f !== undefined || e !== undefined) {
      announced += (f ?? 0) + (e ?? 0);
      counted = true;
    }
    for (const s of kids(r, "testsuite")) suites.push(s); // not push(...): a report may hold 100k suites
    for (const tc of kids(r, "testcase")) visitCase(tc, null, ctx, out, false, excused);
  }
  const top = kids(doc, "testsuite");
  for (const s of top) suites.push(s);
  // Totals on the root that disagree with the sum over its suites, each of which states its own, are not
  // the report's count: biome adds its error-severity failures to the root's `errors` a second time.
  if (counted && suites.length > 0) {
    const each = suites.map((s) => [int(s.attr.failures), int(s.attr.errors)] as const);
    if (each.every(([f, e]) => f !== undefined || e !== undefined)) {
      const sum = each.reduce((n, [f, e]) => n + (f ?? 0) + (e ?? 0), 0);
      if (sum !== announced) counted = false;
    }
  }
  if (!counted) {
    announced = 0;
    for (const s of roots.length > 0 ? suites : top) {
      const f = int(s.attr.failures);
      const e = int(s.attr.errors);
      if (f !== undefined || e !== undefined) counted = true;
      announced += (f ?? 0) + (e ?? 0);
    }
  }
  const visit = (suite: Element, depth: number): void => {
    if (depth > 64) return;
    const isPytest = suite.attr.name === "pytest" || roots.some((r) => r.attr.name === "pytest tests");
    for (const tc of kids(suite, "testcase")) visitCase(tc, suite, ctx, out, isPytest, excused);
    for (const child of kids(suite, "testsuite")) visit(child, depth + 1);
  };
  for (const s of suites) visit(s, 0);
  if (counted)
    out.summaries.push({
      tool: "junit",
      what: "failures and errors",
      count: announced,
      parsed: out.findings.length + excused.n,
    });
  if (out.findings.length > 0) out.failed = true;
  return { outcome: out, malformed: false };
}

function visitCase(
  tc: Element,
  suite: Element | null,
  ctx: ParseContext,
  out: ParseOutcome,
  isPytest: boolean,
  excused: { n: number },
): void {
  const problems = [
    ...kids(tc, "failure").map((n) => ["failure", n] as const),
    ...kids(tc, "error").map((n) => ["error", n] as const),
  ];
  if (problems.length === 0) return;
  // A skipped or todo test (node:test writes `<skipped type="todo">` beside the failure of a todo test)
  // is expected to fail: its failure is not a finding.
  if (kids(tc, "skipped").length > 0) {
    excused.n += problems.length;
    return;
  }
  const name = tc.attr.name ?? "";
  const classname = tc.attr.classname ?? suite?.attr.name ?? "";
  const id =
    classname === "" || name.startsWith(classname) || classname.endsWith(name) || classname === "test"
      ? name
      : `${classname} › ${name}`;
  for (const [kind, node] of problems) {
    const body = decodeRefs(node.text).replace(/^\n+/, "");
    const rawAttr = node.attr.message;
    const attr = rawAttr === undefined ? undefined : decodeRefs(rawAttr);
    const firstBodyLine = firstFilledLine(body);
    const useAttr =
      attr !== undefined && attr.trim() !== "" && !(GENERIC.test(attr.trim()) && firstBodyLine !== "");
    const headline = (useAttr ? attr! : firstBodyLine).split("\n")[0]!.trim() || node.attr.type || kind;
    out.findings.push(
      finding(
        `junit:${kind}`,
        locate(tc, classname, body, ctx, isPytest),
        `${id}: ${cap(headline, 1000)}`,
        "error",
        body || attr || null,
      ),
    );
  }
}

/** The first line of `text` that is not blank, trimmed, or "" (without splitting the whole text). */
function firstFilledLine(text: string): string {
  for (let from = 0; from <= text.length; ) {
    let to = text.indexOf("\n", from);
    if (to === -1) to = text.length;
    const line = text.slice(from, to);
    if (!isBlank(line)) return line.trim();
    from = to + 1;
  }
  return "";
}

function locate(tc: Element, classname: string, body: string, ctx: ParseContext, isPytest: boolean) {
  const files = [classname, tc.attr.file ?? ""].filter((f) => f !== "");
  const fromBody = frameLocation(body, ctx, PY_FRAMES.test(body) ? "last" : "first", files);
  if (fromBody) {
    // Go test output names only a file's base name: put it in the package's directory.
    if (!fromBody.path.includes("/") && fromBody.path.endsWith(".go") && GO_IMPORT.test(classname))
      return { ...fromBody, path: joinDir(goPackageDir(classname, ctx), fromBody.path) };
    return fromBody;
  }
  const java = javaLocation(body, classname);
  if (java) return java;
  const file = tc.attr.file;
  if (file !== undefined && file !== "") {
    const line = int(tc.attr.line);
    // pytest's xunit1 `line` attribute is 0-based; everyone else writes 1-based lines.
    return loc(repoPath(file, ctx), line === undefined ? undefined : isPytest ? line + 1 : line);
  }
  // A classname that is a file path (vitest; linters name the suite after the file), spaces included: no
  // word of it may hold a `>` or `›`. Linters put the line in a `line` attribute or open the body with
  // `line 5, col 3, …` (oxlint, biome).
  if (SOURCE_FILE.test(classname) && !/[›>]/.test(classname)) {
    const line = int(tc.attr.line) ?? int(BODY_LINE.exec(body)?.[1]);
    return loc(repoPath(classname, ctx), line);
  }
  return null;
}

const joinDir = (dir: string, file: string): string => (dir === "" ? file : `${dir}/${file}`);
