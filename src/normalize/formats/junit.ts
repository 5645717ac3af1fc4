// FC-FORMAT-JUNIT-1..4: JUnit XML from pytest, jest-junit, vitest, node:test, go-junit-report and Surefire.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { cap, finding, int, isRecord, loc, repoPath, str } from "../common.ts";
import { frameLocation } from "../stack.ts";
import { emptyOutcome, type ParseContext, type ParseOutcome } from "../types.ts";
import { goPackageDir } from "./go-test-json.ts";

type Obj = Record<string, unknown>;
const arr = (v: unknown): Obj[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v])
    .map((x) => (typeof x === "string" ? { "#text": x } : x))
    .filter(isRecord);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  textNodeName: "#text",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => ["testsuite", "testcase", "failure", "error", "testsuites"].includes(name),
});

/** Numeric character references (`&#10;`), which the parser leaves alone without its slower HTML-entity mode. */
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
const text = (node: Obj): string => (typeof node["#text"] === "string" ? decodeRefs(node["#text"]) : "");
const PY_FRAMES = /^\s*File "|^[^\s:]+\.py:\d+: /m;
const JAVA_FRAME =
  /^\s*at (?:[\w.-]+\/)?((?:[\w$]+\.)+)[\w$<>]+\(([\w$]+\.(?:java|kt|scala|groovy)):(\d{1,9})\)/gm;
const JAVA_RUNTIME =
  /^(?:java|javax|jdk|sun|kotlin|scala|org\.junit|org\.opentest4j|org\.testng|org\.apache\.maven)\./;
const GENERIC = /^(?:failed|failure|error|test failed)$/i;

/** The first Java-like frame of the test's own package, else the first frame outside the JVM and test libraries. */
function javaLocation(body: string, classname: string) {
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
const GO_IMPORT = /^[\w.-]+\.[a-z]{2,}(?:\/[\w.-]+)+$|^[\w-]+(?:\/[\w.-]+)*$/;

export interface JunitResult {
  outcome: ParseOutcome;
  /** The XML was not well-formed: a truncated or broken report. */
  malformed: boolean;
}

export function parseJunit(xml: string, ctx: ParseContext): JunitResult {
  const out = emptyOutcome();
  // The full validator costs a second pass: run it on reports up to 4 MB; larger ones must at least end
  // with the root's closing tag (a truncated report does not) and parse without an exception.
  const body = xml.trimEnd();
  if (xml.length <= 4 * 1024 * 1024 ? XMLValidator.validate(xml) !== true : !/<\/testsuites?>$/.test(body))
    return { outcome: out, malformed: true };
  let doc: Obj;
  try {
    doc = parser.parse(xml) as Obj;
  } catch {
    return { outcome: out, malformed: true };
  }
  const roots = arr(doc.testsuites);
  let announced = 0;
  let counted = false;
  const suites: Obj[] = [];
  for (const r of roots) {
    const f = int(r["@_failures"]);
    const e = int(r["@_errors"]);
    if (f !== undefined || e !== undefined) {
      announced += (f ?? 0) + (e ?? 0);
      counted = true;
    }
    suites.push(...arr(r.testsuite));
    for (const tc of arr(r.testcase)) visitCase(tc, null, ctx, out, false);
  }
  const top = arr(doc.testsuite);
  suites.push(...top);
  if (!counted) {
    for (const s of roots.length > 0 ? suites : top) {
      const f = int(s["@_failures"]);
      const e = int(s["@_errors"]);
      if (f !== undefined || e !== undefined) counted = true;
      announced += (f ?? 0) + (e ?? 0);
    }
  }
  const visit = (suite: Obj, depth: number): void => {
    if (depth > 64) return;
    const isPytest = suite["@_name"] === "pytest" || roots.some((r) => r["@_name"] === "pytest tests");
    for (const tc of arr(suite.testcase)) visitCase(tc, suite, ctx, out, isPytest);
    for (const child of arr(suite.testsuite)) visit(child, depth + 1);
  };
  for (const s of suites) visit(s, 0);
  if (counted)
    out.summaries.push({
      tool: "junit",
      what: "failures and errors",
      count: announced,
      parsed: out.findings.length,
    });
  if (out.findings.length > 0) out.failed = true;
  return { outcome: out, malformed: false };
}

function visitCase(
  tc: Obj,
  suite: Obj | null,
  ctx: ParseContext,
  out: ParseOutcome,
  isPytest: boolean,
): void {
  const problems = [
    ...arr(tc.failure).map((n) => ["failure", n] as const),
    ...arr(tc.error).map((n) => ["error", n] as const),
  ];
  if (problems.length === 0) return;
  const name = str(tc["@_name"]) ?? "";
  const classname = str(tc["@_classname"]) ?? str(suite?.["@_name"]) ?? "";
  const id =
    classname === "" || name.startsWith(classname) || classname.endsWith(name) || classname === "test"
      ? name
      : `${classname} › ${name}`;
  for (const [kind, node] of problems) {
    const body = text(node).replace(/^\n+/, "");
    const rawAttr = str(node["@_message"]);
    const attr = rawAttr === undefined ? undefined : decodeRefs(rawAttr);
    const firstBodyLine =
      body
        .split("\n")
        .find((l) => l.trim() !== "")
        ?.trim() ?? "";
    const useAttr =
      attr !== undefined && attr.trim() !== "" && !(GENERIC.test(attr.trim()) && firstBodyLine !== "");
    const headline = (useAttr ? attr! : firstBodyLine).split("\n")[0]!.trim() || str(node["@_type"]) || kind;
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

function locate(tc: Obj, classname: string, body: string, ctx: ParseContext, isPytest: boolean) {
  const fromBody = frameLocation(body, ctx, PY_FRAMES.test(body) ? "last" : "first");
  if (fromBody) {
    // Go test output names only a file's base name: put it in the package's directory.
    if (!fromBody.path.includes("/") && fromBody.path.endsWith(".go") && GO_IMPORT.test(classname))
      return { ...fromBody, path: joinDir(goPackageDir(classname), fromBody.path) };
    return fromBody;
  }
  const java = javaLocation(body, classname);
  if (java) return java;
  const file = str(tc["@_file"]);
  if (file !== undefined && file !== "") {
    const line = int(tc["@_line"]);
    // pytest's xunit1 `line` attribute is 0-based; everyone else writes 1-based lines.
    return loc(repoPath(file, ctx), line === undefined ? undefined : isPytest ? line + 1 : line);
  }
  if (/\.[cm]?[jt]sx?$|\.py$/.test(classname) && !classname.includes(" "))
    return loc(repoPath(classname, ctx));
  return null;
}

const joinDir = (dir: string, file: string): string => (dir === "" ? file : `${dir}/${file}`);
