// FC-FORMAT-GO-1..3: `go test -json` event streams (and plain `go test` text); packages map to repo directories.
import { finding, head, isRecord, loc, repoPath, str, tryJson } from "../common.ts";
import { frameLocation } from "../stack.ts";
import {
  claim,
  linesWith,
  listedInOrder,
  opensWithText,
  type TextScan,
  type Gate,
} from "../text-pipeline.ts";
import { emptyOutcome, type ParseContext, type ParseOutcome } from "../types.ts";

/** Gate of the go-test parser (text-pipeline.ts `Gate`): none: it claims `ok` package lines, and a search for `ok` in a log without one costs more than the walk. */
export const GO_TEST_GATE: Gate = null;
/** The strings this parser finds its candidate lines by (text-pipeline.ts linesWith): a test's result line. */
export const GO_TEST_NEEDLES: readonly string[] = ["--- "];

const HOSTS_WITH_OWNER =
  /^(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|golang\.org|go\.googlesource\.com)$/;

/**
 * Settled heuristic: the module path is the host and two more segments for the well-known forges
 * (github.com/org/repo), the host and one segment for other dotted hosts (example.com/app), and the first
 * segment for a module without a dot (`go mod init app`). The rest of the import path is the directory.
 */
export function goPackageDir(pkg: string, ctx?: ParseContext): string {
  const parts = pkg.split("/");
  // FC-FORMAT-GO-5: a module whose go.mod the request names in a subdirectory (services/inventory/go.mod)
  // holds the packages whose import path runs through that directory's name (example.com/inventory/…).
  for (const root of moduleRoots(ctx)) {
    const last = root.slice(root.lastIndexOf("/") + 1);
    const k = parts.indexOf(last);
    if (k !== -1) return [root, ...parts.slice(k + 1)].join("/");
  }
  const first = parts[0] ?? "";
  const moduleLen = HOSTS_WITH_OWNER.test(first) ? 3 : first.includes(".") ? 2 : 1;
  return parts.slice(moduleLen).join("/");
}

/** Subdirectories holding a go.mod among the request's paths, deepest first. */
function moduleRoots(ctx: ParseContext | undefined): string[] {
  const paths = ctx?.repoPaths;
  if (paths === undefined || paths.length === 0) return [];
  return paths
    .filter((p) => p.endsWith("/go.mod"))
    .map((p) => repoPath(p, ctx!).slice(0, -"/go.mod".length))
    .filter((d) => d !== "" && !d.startsWith("/"))
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
}

/**
 * A `go test -json` event line as the go command prints it (`{"Time":"…","Action":"…`): the signature
 * sniffing looks for anywhere in its sample (FC-STAGE1-RAW-2), since `go: downloading …` lines and a
 * build's own output may come before the first event, any number of them.
 */
export const isGoTestEventLine = (line: string): boolean =>
  line.charCodeAt(0) === 123 && /^\{"Time":"[^"]*","Action":"/.test(line);

const OUTPUT_LOC = /^\s+([\w.-]{1,255}\.go):(\d{1,9}): ([\s\S]*)$/;
const NOISE = /^(?:=== (?:RUN|PAUSE|CONT|NAME)|--- (?:FAIL|PASS|SKIP):|PASS$|FAIL$|ok\s|FAIL\s|coverage:)/;

interface TestRun {
  pkg: string;
  test: string | null;
  output: string[];
  failed: boolean;
}

/** Findings of one failed test from its output lines. */
function testFinding(t: TestRun, ctx: ParseContext) {
  const dir = goPackageDir(t.pkg, ctx);
  const lines = t.output.join("").split("\n");
  let location = null;
  let message = "";
  for (const l of lines) {
    const m = OUTPUT_LOC.exec(head(l));
    if (m) {
      location = loc(dir === "" ? m[1]! : `${dir}/${m[1]}`, Number(m[2]));
      message = m[3]!;
      break;
    }
  }
  const panic = lines.find((l) => /^\s*panic: /.test(l));
  if (panic !== undefined) {
    message = panic.trim().replace(/ \[recovered\]$/, "");
    location = frameLocation(lines.join("\n"), ctx, "first") ?? location;
  }
  const body = lines.filter((l) => l.trim() !== "" && !NOISE.test(l)).join("\n");
  const name = t.test === null ? t.pkg : `${t.pkg} ${t.test}`;
  if (message === "")
    message = body.split("\n")[0]?.trim() || (t.test === null ? "package failed" : "test failed");
  return finding(
    t.test === null ? "go:package-failed" : "go:test-failed",
    location,
    `${name}: ${message}`,
    "error",
    body || null,
  );
}

/** Parses JSON event lines; lines that are not events are returned for the text parsers. */
export function parseGoTestJson(
  lines: string[],
  ctx: ParseContext,
): { outcome: ParseOutcome; rest: string[] } {
  const out = emptyOutcome();
  const runs = new Map<string, TestRun>();
  const rest: string[] = [];
  const order: TestRun[] = [];
  for (const line of lines) {
    const t = line.trim();
    const ev = t.startsWith("{") ? tryJson(t) : undefined;
    if (!isRecord(ev) || typeof ev.Action !== "string") {
      rest.push(line);
      continue;
    }
    // Go 1.24+ reports build failures as events of their own; their text goes to the text parsers.
    if (ev.Action === "build-output") {
      if (typeof ev.Output === "string") rest.push(...ev.Output.replace(/\n$/, "").split("\n"));
      continue;
    }
    if (ev.Action === "build-fail") {
      out.failed = true;
      continue;
    }
    const pkg = str(ev.Package) ?? "";
    const test = str(ev.Test) ?? null;
    const key = `${pkg}\u0000${test ?? ""}`;
    let run = runs.get(key);
    if (!run) {
      run = { pkg, test, output: [], failed: false };
      runs.set(key, run);
      order.push(run);
    }
    if (ev.Action === "output" && typeof ev.Output === "string" && run.output.length < 2000)
      run.output.push(ev.Output);
    if (ev.Action === "fail") {
      run.failed = true;
      out.failed = true;
    }
  }
  const failedTests = order.filter((r) => r.failed && r.test !== null);
  for (const r of order) {
    if (!r.failed) continue;
    if (r.test !== null) {
      // A parent test fails when a subtest fails: report the subtest only.
      if (failedTests.some((o) => o !== r && o.pkg === r.pkg && o.test!.startsWith(`${r.test}/`))) continue;
    } else if (failedTests.some((o) => o.pkg === r.pkg) || r.output.some((l) => l.includes("[build failed]")))
      // A package fails when one of its tests fails, or when its build failed (reported from the build output).
      continue;
    out.findings.push(testFinding(r, ctx));
  }
  return { outcome: out, rest };
}

const FAIL_LINE = /^(\s*)--- FAIL: (\S{1,1000}) \(/;
const RUN_LINE = /^=== (?:RUN|CONT|NAME)\s+(\S{1,1000})/;
const PKG_LINE = /^(FAIL|ok)\s+(\S{1,1000})\s+(?:\d|\[|\()/;
const SKIP_LINE = /^(\s*)--- SKIP: /;

/**
 * The end of a test's output printed below its `--- FAIL:` or `--- SKIP:` line at indent `depth`, from
 * line `from`: the lines indented deeper than it, up to an empty line, a claimed line or a nested result line.
 */
function testOutputEnd(scan: TextScan, from: number, depth: number): number {
  const { lines } = scan;
  let end = from;
  while (end < lines.length && scan.claimed[end] === 0) {
    const l = lines[end]!;
    const indent = l.length - l.trimStart().length;
    // A line of white space alone indented deeper is output too: Go indents an empty line of a test's log
    // message (`t.Errorf("got:\n\nwant")`), and the lines after it are the same message's. An empty line ends it.
    if (indent <= depth || /^\s*--- (?:FAIL|PASS|SKIP): /.test(l)) break;
    end++;
  }
  return end;
}

/** The failed tests of one package, reported once the package's `FAIL pkg` line names it. */
interface PendingTest {
  name: string;
  output: string[];
}

function flushTests(scan: TextScan, pending: PendingTest[], pkg: string): void {
  for (const t of pending) {
    // A parent test fails when a subtest fails: report the subtests only (FC-FORMAT-GO-4).
    if (pending.some((o) => o !== t && o.name.startsWith(`${t.name}/`))) continue;
    const f = testFinding(
      { pkg, test: t.name, output: t.output.map((l) => `${l}\n`), failed: true },
      scan.ctx,
    );
    f.message = f.message.replace(/^ /, "");
    scan.findings.push(f);
  }
  pending.length = 0;
}

/**
 * Plain `go test` text: `--- FAIL: Name (0.00s)` blocks, nested for subtests, with the test's output
 * indented below them (or above them, after `=== RUN Name`, with -v); the package's `FAIL pkg` line that
 * follows names the package, whose directory prefixes the base names (FC-FORMAT-GO-2, FC-FORMAT-GO-4).
 */
export function parseGoTestText(scan: TextScan): void {
  const { lines } = scan;
  const pending: PendingTest[] = [];
  const runOutput = new Map<string, string[]>();
  let running: string | null = null;
  const mayDash = listedInOrder(linesWith(scan, GO_TEST_NEEDLES));
  for (let i = 0; i < lines.length; i++) {
    const c0 = scan.first[i]!;
    if (scan.claimed[i] === 1) continue;
    // Cheap tests first: every line is seen by every parser (bench:stage1). Every line read below opens
    // with `F`, `o`, `P`, `=`, `-` or white space.
    if (opensWithText(c0) && c0 !== 70 && c0 !== 111 && c0 !== 80 && c0 !== 61 && c0 !== 45) continue;
    const line = head(lines[i]!);
    const pkgLine = c0 === 70 || c0 === 111 ? PKG_LINE.exec(line) : null; // `FAIL …`, `ok …`
    if (pkgLine) {
      if (pkgLine[1] === "FAIL") scan.failed = true;
      flushTests(scan, pending, pkgLine[2]!);
      runOutput.clear();
      running = null;
      claim(scan, i, i + 1);
      continue;
    }
    if (line === "FAIL" || line === "PASS") {
      claim(scan, i, i + 1);
      continue;
    }
    const run = c0 === 61 ? RUN_LINE.exec(line) : null; // `=== RUN …`
    if (run) {
      running = run[1]!;
      claim(scan, i, i + 1);
      continue;
    }
    // Only a line holding `--- ` (one search of the text finds them; `i` only grows).
    const dashes = mayDash(i) && line.includes("--- ");
    if (dashes && /^\s*--- PASS: /.test(line)) {
      claim(scan, i, i + 1);
      continue;
    }
    // A skipped test is no failure (FC-STAGE1-RAW-12): the lines indented below its SKIP line are its
    // output (`db_test.go:15: error: DATABASE_URL not set`), the reason it skipped, never a diagnostic.
    const skip = dashes ? SKIP_LINE.exec(line) : null;
    if (skip) {
      const end = testOutputEnd(scan, i + 1, skip[1]!.length);
      claim(scan, i, end);
      i = end - 1;
      continue;
    }
    const m = dashes ? FAIL_LINE.exec(line) : null;
    if (m) {
      const depth = m[1]!.length;
      const name = m[2]!;
      const end = testOutputEnd(scan, i + 1, depth);
      const output = [...(runOutput.get(name) ?? []), ...lines.slice(i + 1, end)];
      pending.push({ name, output });
      scan.failed = true;
      running = null;
      claim(scan, i, end);
      i = end - 1;
      continue;
    }
    if (running !== null && line.includes(".go:") && OUTPUT_LOC.test(line)) {
      const out = runOutput.get(running) ?? [];
      out.push(line);
      runOutput.set(running, out);
      claim(scan, i, i + 1);
    }
  }
  flushTests(scan, pending, "");
}
